package keys

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"watchscope/internal/readme"
)

var update = flag.Bool("update", false, "rewrite web/keys.js and the README's key table from the table")

// TestNoTwoBindingsClash: in each scope a key (a code, or a typed
// character) means one thing, every binding is complete, and every help
// text fits its column.
func TestNoTwoBindingsClash(t *testing.T) {
	for _, scope := range []Scope{Stage, Notes} {
		codes, chars := map[string]string{}, map[string]string{}
		for _, b := range Table {
			if b.Scope&scope == 0 {
				continue
			}
			seen, k := codes, b.Code
			if b.Char != "" {
				seen, k = chars, b.Char
			}
			if prev, ok := seen[k]; ok {
				t.Errorf("scope %v: %q is bound twice: %q and %q", scope.names(), k, prev, b.Cmd)
			}
			seen[k] = b.Cmd
		}
	}
	for _, b := range Table {
		switch {
		case b.Code == "":
			t.Errorf("%q: no code", b.Cmd)
		case b.Scope == 0:
			t.Errorf("%s: in no scope", b.Code)
		case b.Help == "":
			t.Errorf("%s: no help", b.Code)
		case utf8.RuneCountInString(b.Help) > HelpMax:
			t.Errorf("%s: help %q is longer than %d runes", b.Code, b.Help, HelpMax)
		case (b.By == Browser) != (b.Cmd == ""):
			t.Errorf("%s: only the browser's own keys have no command (cmd %q)", b.Code, b.Cmd)
		}
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		scope      Scope
		code, char string
		cmd        string
		ok         bool
	}{
		{Stage, "ArrowRight", "ArrowRight", "next", true},
		{Stage, "Slash", "?", "help", true},
		{Stage, "Minus", "?", "help", true}, // "?" where a layout puts it
		{Stage, "Slash", "/", "", false},    // "/" without Shift is nothing
		{Stage, "ArrowUp", "ArrowUp", "up", true},
		{Notes, "ArrowUp", "ArrowUp", "back", true},
		{Notes, "KeyT", "t", "timer", true},
		{Stage, "KeyT", "t", "", false},
		{Stage, "KeyQ", "q", "", false},
		{Stage, "Digit7", "7", "digit 7", true},
	} {
		b, ok := Lookup(c.scope, c.code, c.char)
		if ok != c.ok || b.Cmd != c.cmd {
			t.Errorf("Lookup(%v, %q, %q) = %q, %v; want %q, %v", c.scope.names(), c.code, c.char, b.Cmd, ok, c.cmd, c.ok)
		}
	}
}

// TestPageCommandsAreHandled: a page command is named in one of the
// page's scripts (web/keys.js aside) or registered by the page's Go
// (ui/page: p.verb("export", ...) or p.panelVerb("share", ...)): a key bound to a page command nobody
// handles would do nothing.
func TestPageCommandsAreHandled(t *testing.T) {
	files, err := filepath.Glob("../../web/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no web/*.js: %v", err)
	}
	goFiles, err := filepath.Glob("../page/*.go")
	if err != nil || len(goFiles) == 0 {
		t.Fatalf("no ui/page/*.go: %v", err)
	}
	var js, page strings.Builder
	for _, f := range append(files, goFiles...) {
		if filepath.Base(f) == "keys.js" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".go") {
			page.Write(b)
		} else {
			js.Write(b)
		}
	}
	for _, b := range Table {
		if b.By == JS && !strings.Contains(js.String(), `"`+b.Cmd+`"`) && !strings.Contains(page.String(), `verb("`+b.Cmd+`"`) && !strings.Contains(page.String(), `Verb("`+b.Cmd+`"`) {
			t.Errorf("%s: no page script or page verb handles %q", b.Code, b.Cmd)
		}
	}
}

// TestGeneratedFiles: web/keys.js and the README's key table are the
// table's (go test ./ui/keys -update rewrites them).
func TestGeneratedFiles(t *testing.T) {
	const jsPath, readmePath = "../../web/keys.js", "../../README.md"
	if err := readme.Check(readmePath, ReadmeBegin, ReadmeEnd, ReadmeTable(), *update, "go test ./ui/keys -update"); err != nil {
		t.Error(err)
	}
	if *update {
		if err := os.WriteFile(jsPath, Script(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	js, err := os.ReadFile(jsPath)
	if err != nil || string(js) != string(Script()) {
		t.Errorf("web/keys.js is not the table's (%v): run go test ./ui/keys -update", err)
	}
}

// TestToolbarIsGenerated: web/a11y.js's toolbar is the registry's
// (go test ./ui/keys -update rewrites it), and each button sends a
// registered verb.
func TestToolbarIsGenerated(t *testing.T) {
	if err := readme.Check("../../web/a11y.js", ToolbarBegin, ToolbarEnd, ToolbarScript(), *update, "go test ./ui/keys -update"); err != nil {
		t.Error(err)
	}
}

// TestRegistryIsOneLinePerVerb: each verb has one line (its owners are a
// set on it), and every key's command is a registered verb.
func TestRegistryIsOneLinePerVerb(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Verbs {
		if seen[v.Name] {
			t.Errorf("verb %q has two lines in the registry: give one line both owners", v.Name)
		}
		seen[v.Name] = true
		if v.Owners == 0 || v.Where == "" {
			t.Errorf("verb %q has no owner or no file", v.Name)
		}
	}
	// Every key's command and button's is a verb: ui/keys_test.go's
	// TestRegistryIsWhole, which sees view.Overlays' verbs too.
}
