package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"watchscope/engine"
)

// Breaking a mechanism on purpose: a lesson that still passes when the
// thing it teaches is broken proves nothing. These tests wrap the shell
// (Options.Wrap) so one mechanism misbehaves, and require the lesson to
// fail at the checks that back the broken claim. The layers underneath
// carry no test hooks; the wrapper only rewrites commands and outputs.

// rewriter is an Executor that rewrites each command line before the
// real shell sees it; a rewrite may also answer the command itself
// (handled = true) so it never reaches the world.
type rewriter struct {
	next Executor
	w    *engine.World
	fn   func(w *engine.World, line string) (out, rewritten string, handled bool)
}

func (r rewriter) Exec(line string) (string, error) {
	out, line2, handled := r.fn(r.w, line)
	if handled {
		return out, nil
	}
	return r.next.Exec(line2)
}

func wrapWith(fn func(*engine.World, string) (string, string, bool)) func(Executor, *engine.World) Executor {
	return func(next Executor, w *engine.World) Executor { return rewriter{next, w, fn} }
}

// noopCompaction answers "compaction N" as etcd would but never compacts.
func noopCompaction(_ *engine.World, line string) (string, string, bool) {
	f := strings.Fields(line)
	if len(f) == 2 && (f[0] == "compaction" || f[0] == "compact") {
		return fmt.Sprintf("compacted revision %s\n", f[1]), line, true
	}
	return "", line, false
}

var revFlagRE = regexp.MustCompile(`--rev (\d+)`)

// historyNeverGone serves any --rev below the compact revision from the
// compact revision instead: reads and watches of compacted history
// "succeed", as if compaction kept everything.
func historyNeverGone(w *engine.World, line string) (string, string, bool) {
	compacted := w.Etcd.CompactRev()
	line = revFlagRE.ReplaceAllStringFunc(line, func(m string) string {
		rev, _ := strconv.ParseInt(m[len("--rev "):], 10, 64)
		if rev > 0 && rev < compacted {
			return fmt.Sprintf("--rev %d", compacted)
		}
		return m
	})
	return "", line, false
}

func TestBrokenMechanismsFailTheirLessons(t *testing.T) {
	tests := []struct {
		lesson string
		fault  string
		wrap   func(Executor, *engine.World) Executor
		// wantFailed are check texts that must fail with the fault.
		wantFailed []string
	}{
		{"compaction", "compaction is a no-op", wrapWith(noopCompaction), []string{
			`output 2 contains "etcdserver: mvcc: required revision has been compacted"`,
			`metric etcd_debugging_mvcc_compact_revision == cut`,
			`metric etcd_debugging_mvcc_db_compaction_keys_total == 2`,
		}},
		{"compaction", "reads below the compact revision succeed", wrapWith(historyNeverGone), []string{
			`output 2 contains "etcdserver: mvcc: required revision has been compacted"`,
		}},
		{"etcd-watch", "watches below the compact revision are served", wrapWith(historyNeverGone), []string{
			`output 2 contains "watch was canceled (etcdserver: mvcc: required revision has been compacted)"`,
			`field CompactRevision of output 2 == now`,
		}},
		{"etcd-watch", "compaction is a no-op", wrapWith(noopCompaction), []string{
			`metric etcd_debugging_mvcc_compact_revision == now`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.lesson+"/"+tc.fault, func(t *testing.T) {
			l, err := ByID(tc.lesson)
			if err != nil {
				t.Fatal(err)
			}
			failed, _ := failedChecks(t, l, tc.wrap)
			for _, want := range tc.wantFailed {
				if !failed[want] {
					t.Errorf("with %s, check %q still passes", tc.fault, want)
				}
			}
		})
	}
}

// failedChecks plays l with a fault wrapped around its shell and returns
// the checks that failed, by their text and by the claim they back.
func failedChecks(t *testing.T, l *Lesson, wrap func(next Executor, w *engine.World) Executor) (byText, byClaim map[string]bool) {
	t.Helper()
	rep, err := Play(l, Options{Wrap: wrap})
	if err != nil {
		t.Fatal(err)
	}
	byText, byClaim = map[string]bool{}, map[string]bool{}
	for _, s := range rep.Steps {
		for _, c := range s.allChecks() {
			if !c.Pass {
				byText[c.Text], byClaim[c.Claim] = true, true
			}
		}
	}
	return byText, byClaim
}
