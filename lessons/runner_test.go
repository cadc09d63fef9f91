package lessons

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// mustAll returns the built-in lessons or stops the test.
func mustAll(t *testing.T) []*Lesson {
	t.Helper()
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestBuiltinLessonsHoldAcrossSeeds plays every built-in lesson with its
// own seed and two others: a lesson's claims must not depend on luck.
// Every lesson but the free-play sandbox makes at least five checked
// claims (TestFreePlayIsInTheCatalogue keeps that exemption honest).
func TestBuiltinLessonsHoldAcrossSeeds(t *testing.T) {
	for _, l := range mustAll(t) {
		if l.CheckCount() < 5 && l.ID != freePlay {
			t.Errorf("%s has %d checks; a lesson needs at least 5", l.ID, l.CheckCount())
		}
		for _, seed := range acrossSeeds() {
			rep, err := Play(l, Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if passed, failed := rep.Counts(); failed > 0 || passed != l.CheckCount() {
				var b bytes.Buffer
				WriteTranscript(&b, rep, TranscriptOptions{})
				t.Errorf("%s seed %d: %d passed, %d failed\n%s", l.ID, rep.Seed, passed, failed, failures(b.String()))
			}
		}
	}
}

// acrossSeeds are the extra seeds every lesson must hold for: three
// natively, one under -short (the WebAssembly run under Node is about six
// times slower, and the golden test already plays each lesson's own seed).
func acrossSeeds() []uint64 {
	if testing.Short() {
		return []uint64{99}
	}
	return []uint64{0, 2, 99}
}

// failures keeps the FAIL paragraphs of a transcript.
func failures(transcript string) string {
	var out []string
	keep := false
	for _, line := range strings.Split(transcript, "\n") {
		if strings.HasPrefix(line, "FAIL") || strings.HasPrefix(line, "PASS") {
			keep = strings.HasPrefix(line, "FAIL")
		} else if !strings.HasPrefix(line, "     ") {
			keep = false
		}
		if keep {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// TestPlayIsDeterministic: the same seed gives the same trace, byte for
// byte, and the same transcript.
func TestPlayIsDeterministic(t *testing.T) {
	for _, l := range mustAll(t) {
		a, _ := Play(l, Options{})
		b, _ := Play(l, Options{})
		if a.TraceHash != b.TraceHash || transcript(a) != transcript(b) {
			t.Errorf("%s: two plays with one seed differ", l.ID)
		}
	}
}

func transcript(rep *Report) string {
	var b bytes.Buffer
	WriteTranscript(&b, rep, TranscriptOptions{TraceLines: 1 << 20, Outputs: true})
	return b.String()
}

// TestStepByStepEqualsPlay: the browser plays one step per click; the
// result must be what a headless play gives, and Seek must rewind exactly.
func TestStepByStepEqualsPlay(t *testing.T) {
	l, err := ByID("etcd-watch")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Play(l, Options{})
	r, err := NewRunner(l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		if _, err := r.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Step(); err == nil {
		t.Error("Step after the last step: want an error")
	}
	if r.World().Trace.Hash() != want.TraceHash {
		t.Error("step-by-step play differs from Play")
	}
	if err := r.Seek(2); err != nil || r.Next() != 2 {
		t.Fatalf("Seek(2): next %d, err %v", r.Next(), err)
	}
	for !r.Done() {
		r.Step()
	}
	if r.World().Trace.Hash() != want.TraceHash {
		t.Error("replay after Seek differs from Play")
	}
	if err := r.Seek(99); err == nil {
		t.Error("Seek past the end: want an error")
	}
}

// TestRewindInPieces: a rewind taken a piece at a time (as the stage
// takes it, a piece per frame) leaves the runner untouched until its last
// piece, takes one piece for the world and one per step, and ends where
// Seek ends.
func TestRewindInPieces(t *testing.T) {
	l, err := ByID("etcd-watch")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Play(l, Options{})
	r, _ := NewRunner(l, Options{})
	for !r.Done() {
		r.Step()
	}
	last := len(l.Steps)
	for _, to := range []int{0, 2, last} {
		w := r.World()
		rw, err := r.Rewind(to)
		if err != nil {
			t.Fatal(err)
		}
		pieces := 0
		for done := false; !done; {
			if r.World() != w || r.Next() != last {
				t.Fatalf("rewind to %d: the runner changed after %d pieces, before the last", to, pieces)
			}
			if done, err = rw.Advance(); err != nil {
				t.Fatal(err)
			}
			pieces++
		}
		if pieces != to+1 || r.Next() != to || rw.Played() != to {
			t.Errorf("rewind to %d: %d pieces, next %d, played %d; want %d pieces", to, pieces, r.Next(), rw.Played(), to+1)
		}
		for !r.Done() {
			r.Step()
		}
		if r.World().Trace.Hash() != want.TraceHash {
			t.Errorf("rewind to %d then play: trace differs from Play", to)
		}
	}
	if _, err := r.Rewind(-1); err == nil {
		t.Error("Rewind(-1): want an error")
	}
}

// TestPlayOnInPieces: playing on takes one piece a step on the runner's
// own world (the runner moves with each), ends where Seek ends, and
// refuses to go back or past the end.
func TestPlayOnInPieces(t *testing.T) {
	l, err := ByID("etcd-watch")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Play(l, Options{})
	r, _ := NewRunner(l, Options{})
	w, last := r.World(), len(l.Steps)
	for _, to := range []int{0, 2, last} {
		from := r.Next()
		rw, err := r.PlayOn(to)
		if err != nil {
			t.Fatal(err)
		}
		pieces := 0
		for done := false; !done; pieces++ {
			if done, err = rw.Advance(); err != nil {
				t.Fatal(err)
			}
			if r.Next() != min(to, from+pieces+1) || rw.Played() != r.Next() {
				t.Fatalf("play on to %d: after %d pieces next %d, played %d", to, pieces+1, r.Next(), rw.Played())
			}
		}
		if pieces != max(1, to-from) || r.World() != w {
			t.Errorf("play on from %d to %d: %d pieces, world replaced %v", from, to, pieces, r.World() != w)
		}
	}
	if r.World().Trace.Hash() != want.TraceHash {
		t.Error("played on to the end: trace differs from Play")
	}
	for _, n := range []int{2, last + 1} {
		if _, err := r.PlayOn(n); err == nil {
			t.Errorf("PlayOn(%d) at step %d: want an error", n, r.Next())
		}
	}
}

// evalLesson is a lesson whose checks exercise every form; each check's
// expected verdict is its claim ("pass" or "fail").
const evalLesson = header + `## Writes
Writes move the revision.
` + "```do\nput a 1\nput b 1\nget a -w fields\nwatch a --rev 2 -w json\nsim advance 2s\n```\n```check\n" + `# pass
metric etcd_debugging_mvcc_current_revision == 3
# fail
metric etcd_debugging_mvcc_current_revision == 4
# pass
let r = metric etcd_debugging_mvcc_current_revision
# pass
r - 1 == field ModRevision of output 3
# pass
field Value of output 3 == "1"
# fail
field Value of output 3 < "1"
# fail
field Nope of output 3 == 1
# pass
field mod_revision of output 4 == 2
# pass
count "Key" in outputs == 1
# pass
output 3 contains "CreateRevision"
# fail
output 3 lacks "CreateRevision"
# pass
trace count kind=PUT == 2
# pass
trace order kind=PUT detail~"key=a" before kind=PUT detail~"key=b"
# fail
trace order kind=PUT detail~"key=b" before kind=PUT detail~"key=a"
# fail
trace order kind=PARTITION before kind=PUT
# pass
trace first kind=WATCH-RESP within 1s
# pass
trace first kind=PUT within 0s after kind=CMD detail~"put b"
# fail
trace first kind=CMD detail~"sim" between 3s and 4s
# pass
time > 2
# fail
metric no_such_metric_total == 0
` + "```\n"

func TestCheckVerdicts(t *testing.T) {
	src := strings.Replace(evalLesson, "metrics: etcd_debugging_mvcc_current_revision", "metrics: etcd_debugging_mvcc_current_revision, no_such_metric_total", 1)
	l, err := Parse("eval.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// Declared, no_such_metric_total would read 0 (TestMissingSeries);
	// undeclared it is a name nobody registers, which must fail.
	l.Metrics = slices.DeleteFunc(l.Metrics, func(m string) bool { return m == "no_such_metric_total" })
	rep, err := Play(l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Steps[0].Checks {
		if want := c.Claim == "pass"; c.Pass != want {
			t.Errorf("line %d %s: pass=%v, want %v (saw %s; %s)", c.Line, c.Text, c.Pass, want, c.SawText(), c.Problem)
		}
		if !c.Pass && c.Problem == "" {
			t.Errorf("line %d: a failed check must say why", c.Line)
		}
	}
	if p, f := rep.Counts(); p != 12 || f != 8 {
		t.Errorf("counts %d passed, %d failed; want 12, 8", p, f)
	}
}

// TestRevealMustMatchTheRun: a question whose marked answer is not what
// the simulation does fails, so a lesson cannot teach a wrong answer.
func TestRevealMustMatchTheRun(t *testing.T) {
	src := header + step + "```ask\nWhich revision?\n- [x] 7\n- [ ] 2\nwhy: w\nreveal: metric etcd_debugging_mvcc_current_revision\n```\n"
	l, err := Parse("ask.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := Play(l, Options{})
	rv := rep.Steps[0].Reveal
	if rv == nil || rv.Pass || !strings.Contains(rv.Problem, `the run gives "2" but the right choice is "7"`) {
		t.Fatalf("reveal: %+v", rv)
	}
}

// TestFreePlayIsInTheCatalogue: the one lesson exempt from the minimum of
// checks is a built-in lesson, listed last in the catalogue, so the
// exemption cannot silently cover a lesson that should be checked.
func TestFreePlayIsInTheCatalogue(t *testing.T) {
	all := mustAll(t)
	if last := catalogOrder[len(catalogOrder)-1]; last != freePlay {
		t.Errorf("the catalogue ends with %q, not the free-play entry %q", last, freePlay)
	}
	found := false
	for _, l := range all {
		found = found || l.ID == freePlay
	}
	if !found {
		t.Errorf("no built-in lesson %q", freePlay)
	}
}

// TestErrorLinesAsATerminalShowsThem: a kubectl server error reads as
// kubectl prints it, an etcdctl error after etcdctl's "Error: ", preceded
// by the JSON warning line etcdctl's client library logs for a server error.
func TestErrorLinesAsATerminalShowsThem(t *testing.T) {
	src := strings.Replace(missingSeriesLesson, "kubectl get configmaps\nsim advance 2s", "kubectl get configmap nope\nget /a --rev 99", 1)
	l, err := Parse("errors.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Play(l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	acts := rep.Steps[0].Actions
	if len(acts) != 2 {
		t.Fatalf("%d actions, want 2", len(acts))
	}
	if got, want := acts[0].Output, "Error from server (NotFound): configmaps \"nope\" not found\n"; got != want {
		t.Errorf("kubectl: got %q, want %q", got, want)
	}
	if got, want := acts[1].Output, "Error: etcdserver: mvcc: required revision is a future revision\n"; !strings.HasPrefix(got, `{"level":"warn",`) ||
		!strings.Contains(got, `"method":"/etcdserverpb.KV/Range"`) || !strings.HasSuffix(got, "}\n"+want) {
		t.Errorf("etcdctl: got %q, want %q", got, want)
	}
}
