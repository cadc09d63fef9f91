package lessons

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary bytes to the parser: it must never panic,
// and whatever it accepts must be a lesson the runner can stand on
// (ids set, every step with narration, every check of a known kind).
// Seeds: the built-in lessons and the parser tests' header and step.
//
//	go test ./lessons -run '^$' -fuzz FuzzParse -fuzztime 5m
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("content", "*.md"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte(header + step))
	f.Add([]byte(evalLesson))
	f.Fuzz(func(t *testing.T, src []byte) {
		l, err := Parse("fuzz.md", src)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if l.ID == "" || len(l.Steps) == 0 {
			t.Fatalf("accepted a lesson without id or steps")
		}
		for _, s := range l.Steps {
			if s.Narration == "" {
				t.Fatalf("accepted a step without narration")
			}
			for _, c := range s.Checks {
				if c.Kind > CheckWithin || (c.Kind == CheckCompare && (c.Left == nil || c.Right == nil)) {
					t.Fatalf("accepted a malformed check %+v", c)
				}
			}
		}
	})
}
