package readme

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSection(t *testing.T) {
	doc := "intro\n<!-- b -->\nold\n<!-- /b -->\nrest\n"
	got, ok := Section(doc, "<!-- b -->", "<!-- /b -->", "new\n")
	if !ok || got != "intro\n<!-- b -->\nnew\n<!-- /b -->\nrest\n" {
		t.Errorf("%q %v", got, ok)
	}
	if _, ok := Section("no markers", "<!-- b -->", "<!-- /b -->", "x"); ok {
		t.Error("a document without markers took a section")
	}
	if _, ok := Section("<!-- /b --> then <!-- b -->", "<!-- b -->", "<!-- /b -->", "x"); ok {
		t.Error("markers in the wrong order took a section")
	}
}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "README.md")
	os.WriteFile(path, []byte("a\n<!-- b -->\nold\n<!-- /b -->\n"), 0o644)
	if err := Check(path, "<!-- b -->", "<!-- /b -->", "new\n", false, "go test -update"); err == nil || !strings.Contains(err.Error(), "run go test -update") {
		t.Errorf("a stale section: %v", err)
	}
	if err := Check(path, "<!-- b -->", "<!-- /b -->", "new\n", true, ""); err != nil {
		t.Fatal(err)
	}
	if err := Check(path, "<!-- b -->", "<!-- /b -->", "new\n", false, ""); err != nil {
		t.Errorf("after -update: %v", err)
	}
}
