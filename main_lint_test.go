//go:build !js

package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"watchscope/ui/live"
)

// TestLintPrintsWhatTheBrowserShows: `watchscope lint FILE` and the
// browser's "open a lesson file" panel (watchscope.loadLesson) report a
// broken lesson with the same lines, file:LINE: message, in the same
// order; a good file is ok in both.
func TestLintPrintsWhatTheBrowserShows(t *testing.T) {
	src, err := os.ReadFile("ui/live/testdata/cues.md")
	if err != nil {
		t.Fatal(err)
	}
	plants := []struct{ from, to string }{
		{"```check", "```chek"},
		{"put /b 1", "putt /b 1"},
		{"minutes: 3", "minutes: many"},
		{"```cue\nthe ring", "```cue\nthe ring\nand a second line"},
	}
	broken := string(src)
	for _, p := range plants {
		broken = strings.Replace(broken, p.from, p.to, 1)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"broken.md": broken, "good.md": string(src)} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err := runLint([]string{path}, &out)
		_, res := live.CheckLessonSource(path, text)
		if res.OK {
			if err != nil || !strings.HasPrefix(out.String(), path+": ok (cue-test, 5 steps, 3 checks)") {
				t.Errorf("%s: lint says %q (%v), the browser opens it", name, out.String(), err)
			}
			continue
		}
		var failed errFailed
		if !errors.As(err, &failed) {
			t.Errorf("%s: lint returned %v, want a failure", name, err)
		}
		var want []string
		for _, e := range res.Errors {
			want = append(want, e.Text)
		}
		if got := strings.TrimRight(out.String(), "\n"); got != strings.Join(want, "\n") {
			t.Errorf("%s: lint prints\n%s\nthe browser lists\n%s", name, got, strings.Join(want, "\n"))
		}
		if len(want) < len(plants) {
			t.Errorf("%s: %d problems for %d planted mistakes", name, len(want), len(plants))
		}
	}
}
