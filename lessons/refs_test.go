package lessons

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestLessonRefs: lesson:ID in prose becomes the lesson's title and, in
// narration, a link the page can open; in a notes block only the title.
func TestLessonRefs(t *testing.T) {
	body := strings.Replace(step, "Writes move the revision.", "Writes move the revision, as lesson:revisions shows\nand lesson:gone-410 and lesson:revisions again.", 1) +
		"```notes\nsee lesson:snapshots\n```\n"
	l, err := Parse("t.md", []byte(header+body))
	if err != nil {
		t.Fatal(err)
	}
	s := l.Steps[0]
	want := `Writes move the revision, as "Revisions, not overwrites" shows and "410 Gone: falling off the cache window" and "Revisions, not overwrites" again.`
	if s.Narration != want {
		t.Errorf("narration %q,\nwant %q", s.Narration, want)
	}
	if s.Notes != `see "Snapshots: paginated and historical lists from the cache"` {
		t.Errorf("notes %q", s.Notes)
	}
	wantRefs := []Ref{{"revisions", "Revisions, not overwrites"}, {"gone-410", "410 Gone: falling off the cache window"}}
	if !reflect.DeepEqual(s.Refs, wantRefs) {
		t.Errorf("refs %+v, want %+v", s.Refs, wantRefs)
	}
}

// TestLessonRefsRefused: a lesson number and an unknown id are each one
// problem naming the file and the line.
func TestLessonRefsRefused(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"See lesson 6 for the 410.", `t.md:11: "lesson 6": refer to a lesson by its id, not its number, which changes as the path grows: write lesson:ID (6 on today's path is lesson:resource-version)`},
		{"As Lesson #14 showed.", `t.md:11: "Lesson #14": refer to a lesson by its id`},
		{"Lessons 3 and 4.", `t.md:11: "Lessons 3": refer to a lesson by its id`},
		{"See lesson:nope.", `t.md:11: lesson:nope: no lesson has the id "nope"`},
		{"See lesson:gone-41.", `t.md:11: lesson:gone-41: no lesson has the id "gone-41" (did you mean "gone-410"?)`},
	} {
		_, err := Parse("t.md", []byte(header+strings.Replace(step, "Writes move the revision.", c.text, 1)))
		if err == nil {
			t.Errorf("%q: parsed", c.text)
			continue
		}
		if lines := strings.Split(err.Error(), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], c.want) {
			t.Errorf("%q: %q, want one line starting %q", c.text, err.Error(), c.want)
		}
	}
	for _, ok := range []string{"A lessons learned list.", "The lesson: revisions count writes.", "Lesson plans."} {
		if _, err := Parse("t.md", []byte(header+strings.Replace(step, "Writes move the revision.", ok, 1))); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

// TestNoLessonNumbers: no built-in lesson file refers to another by
// number, wherever in the file (the parser refuses it in every line it
// reads; this reads the raw text too, header included).
func TestNoLessonNumbers(t *testing.T) {
	files, _ := filepath.Glob("content/*.md")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := lessonNumberRE.FindString(line); m != "" {
				t.Errorf("%s:%d: %q", f, i+1, m)
			}
		}
	}
	if len(files) < 20 {
		t.Fatalf("only %d lesson files", len(files))
	}
}

// TestCatalogTitles: the titles read from the headers alone are the
// parsed lessons' titles.
func TestCatalogTitles(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(catalogTitles) != len(all) {
		t.Errorf("%d titles for %d lessons", len(catalogTitles), len(all))
	}
	for _, l := range all {
		if catalogTitles[l.ID] != l.Title {
			t.Errorf("%s: %q, want %q", l.ID, catalogTitles[l.ID], l.Title)
		}
	}
}
