package lessons

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestCatalogOrderAndLookup(t *testing.T) {
	all := mustAll(t)
	var ids []string
	for _, l := range all {
		ids = append(ids, l.ID)
	}
	for i, want := range []string{"revisions", "compaction", "etcd-watch"} {
		if i >= len(ids) || ids[i] != want {
			t.Fatalf("catalogue order %v, want %s at %d", ids, want, i)
		}
	}
	if _, err := ByID("compction"); err == nil || err.Error() != `no lesson "compction" (did you mean "compaction"?) (go run . lessons lists them)` {
		t.Errorf("ByID typo: %v", err)
	}
}

// TestLoadFile: a lesson outside the repository plays from its path; a
// broken one reports its problems with the path it was given.
func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.md")
	bad := filepath.Join(dir, "broken.md")
	os.WriteFile(good, []byte(header+step), 0o644)
	os.WriteFile(bad, []byte(header+"## S\n```chek\n```\n"), 0o644)
	l, err := Load(good)
	if err != nil || l.File != good {
		t.Fatalf("Load(%s): %v", good, err)
	}
	if rep, err := Play(l, Options{}); err != nil {
		t.Fatal(err)
	} else if p, f := rep.Counts(); p != 2 || f != 0 {
		t.Errorf("mine.md: %d passed, %d failed", p, f)
	}
	_, err = Load(bad)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Problems[0].File != bad || pe.Problems[0].Line != 10 {
		t.Fatalf("Load(broken): %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.md")); err == nil {
		t.Error("Load of a missing file: want an error")
	}
}
