package lessons

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden transcripts under testdata/golden")

// rewriteOnly limits -rewrite to some lessons (comma-separated ids), so an
// author rewrites the transcripts of the lessons they changed and leaves
// the rest to be compared: -rewrite -rewrite-only gone-410,bookmarks.
var rewriteOnly = flag.String("rewrite-only", "", "with -rewrite: only these lesson ids (comma-separated)")

// TestGoldenTranscripts pins what each built-in lesson says and does:
// narration, questions, commands, every trace event and every check's
// verdict with the values it saw. Any change to a lesson or to the layers
// under it shows up here as a diff to review. After an intended change:
//
//	go test ./lessons -run TestGoldenTranscripts -rewrite
//
// (WATCHSCOPE_REWRITE=1 works too, as in the engine's golden test.)
func TestGoldenTranscripts(t *testing.T) {
	for _, l := range mustAll(t) {
		rep, err := Play(l, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkTraceFacts(t, l.ID, rep)
		var b bytes.Buffer
		WriteTranscript(&b, rep, TranscriptOptions{TraceLines: 1 << 20})
		text := b.String() + "trace hash " + rep.TraceHash + "\n"
		path := filepath.Join("testdata", "golden", l.ID+".txt")
		only := *rewriteOnly == "" || slices.Contains(strings.Split(*rewriteOnly, ","), l.ID)
		if (*rewrite || os.Getenv("WATCHSCOPE_REWRITE") != "") && only {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil { // one missing transcript must not hide the others' diffs
			t.Errorf("%v (create it with -rewrite -rewrite-only %s)", err, l.ID)
			continue
		}
		if got := text; got != string(want) {
			t.Errorf("%s: transcript differs from %s (rewrite with -rewrite if intended):\n%s", l.ID, path, firstDiff(got, string(want)))
		}
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + itoa(i+1) + ":\n  got:  " + gl + "\n  want: " + wl
		}
	}
	return ""
}
