package live

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"watchscope/ui/keys"
	"watchscope/ui/view"
)

// TestFeatureVerbsAreUnique: no feature claims a verb the core or
// another feature runs (featureList.verbs would keep the first and drop the other
// silently), and every feature's verb reaches the dispatcher.
func TestFeatureVerbsAreUnique(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	owner := map[string]int{}
	for i, f := range s.all {
		v, ok := f.(verbAdder)
		if !ok {
			continue
		}
		for verb := range v.verbs() {
			if _, core := stageVerbs[verb]; core {
				t.Errorf("feature %d (%T) claims the core's verb %q", i, f, verb)
			}
			if j, ok := owner[verb]; ok {
				t.Errorf("features %d and %d (%T) both claim %q", j, i, f, verb)
			}
			owner[verb] = i
			if !s.Knows(verb) {
				t.Errorf("%q (%T) does not reach the dispatcher", verb, f)
			}
		}
	}
	if len(owner) == 0 {
		t.Fatal("no feature adds a verb: presenter mode's present and cue are gone")
	}
	stage := map[string]bool{}
	for verb := range stageVerbs {
		stage[verb] = true
	}
	overlay := map[string]bool{}
	for _, verb := range view.OverlayVerbs() {
		if _, feature := owner[verb]; stage[verb] || feature {
			t.Errorf("%q is an overlay's verb (view.Overlays) and the stage's or a feature's too", verb)
		}
		overlay[verb] = true
	}
	feature := map[string]bool{}
	for verb := range owner {
		feature[verb] = true
	}
	for _, e := range keys.CheckVerbs("the stage's", stage, keys.OwnerStage, view.OverlayVerbs()) {
		t.Error(e)
	}
	for _, e := range keys.CheckVerbs("the overlays'", overlay, keys.OwnerOverlay, view.OverlayVerbs()) {
		t.Error(e)
	}
	for _, e := range keys.CheckVerbs("the features'", feature, keys.OwnerFeature, view.OverlayVerbs()) {
		t.Error(e)
	}
}

// TestFeaturesAreDistinctTypes: each feature is one of its kind (a
// second of one type would be a second owner of the same state).
func TestFeaturesAreDistinctTypes(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range New(sim, Options{}).all {
		name := fmt.Sprintf("%T", f)
		if seen[name] {
			t.Errorf("two features of type %s", name)
		}
		seen[name] = true
	}
}

// chromeWriters are the chrome fields that one feature owns, and the
// file that is their one writer (the others ask it: picker.close,
// hideStart, clusterView.close).
var chromeWriters = map[string]string{
	"Picker": "picker.go", "PickerAt": "picker.go", "Lessons": "picker.go",
	"Resume": "progress.go", "Recording": "cluster.go", "Start": "start.go", "Path": "start.go",
}

// TestChromeFieldsHaveOneWriter reads the package's syntax: an owned
// chrome field is assigned only in its owner's file. State's fields of
// the same names (st.Picker, st.Start: copies for state()) aside.
func TestChromeFieldsHaveOneWriter(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range pkgs["live"].Files {
		file := filepath.Base(fset.Position(f.Pos()).Filename)
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for _, lhs := range as.Lhs {
				sel, ok := lhs.(*ast.SelectorExpr)
				owner, owned := "", false
				if ok {
					owner, owned = chromeWriters[sel.Sel.Name]
				}
				if !owned {
					continue
				}
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "st" {
					continue
				}
				seen[sel.Sel.Name] = true
				if file != owner {
					t.Errorf("%s: chrome.%s is written here; only %s writes it (ask it)", fset.Position(lhs.Pos()), sel.Sel.Name, owner)
				}
			}
			return true
		})
	}
	for field := range chromeWriters {
		if !seen[field] {
			t.Errorf("nobody writes chrome.%s: the table is stale", field)
		}
	}
}

// TestMessageLineHasOneOwner reads the package's syntax: the message
// line's text is written only inside message.go (features call Say, Fail,
// Clear, Withdraw), and a Message field (view.Chrome's, State's) is only
// ever a copy of it, s.msg.Text(). A feature writing either directly would
// bring back the 20 writers the line once had.
func TestMessageLineHasOneOwner(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	copies := 0
	for _, f := range pkgs["live"].Files {
		file := filepath.Base(fset.Position(f.Pos()).Filename)
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || file == "message.go" {
				return true
			}
			for i, lhs := range as.Lhs {
				sel, ok := lhs.(*ast.SelectorExpr)
				if !ok {
					continue
				}
				line := fset.Position(lhs.Pos()).Line
				if x, ok := sel.X.(*ast.SelectorExpr); ok && x.Sel.Name == "msg" {
					t.Errorf("%s:%d writes the message line's %s beside its owner", file, line, sel.Sel.Name)
				}
				if sel.Sel.Name != "Message" {
					continue
				}
				if len(as.Rhs) == len(as.Lhs) && isMsgText(as.Rhs[i]) {
					copies++
					continue
				}
				t.Errorf("%s:%d sets a Message field to something other than s.msg.Text()", file, line)
			}
			return true
		})
	}
	if copies < 2 {
		t.Errorf("found %d copies of the message line (view.Chrome and State): the test no longer sees them", copies)
	}
}

// isMsgText reports whether e is X.msg.Text().
func isMsgText(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || fn.Sel.Name != "Text" {
		return false
	}
	recv, ok := fn.X.(*ast.SelectorExpr)
	return ok && recv.Sel.Name == "msg"
}

// TestFeaturesHoldNoSession: a feature meets the stage through what it
// was given (a Host, a stageView, the features it needs), never the whole
// *Session, which would let it write the world, the clock or another
// feature's state.
func TestFeaturesHoldNoSession(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	session := reflect.TypeFor[*Session]()
	for _, f := range New(sim, Options{}).all {
		v := reflect.ValueOf(f).Elem()
		for i := range v.NumField() {
			if v.Field(i).Type() == session {
				t.Errorf("%T.%s is the *Session: give it a Host or a stageView", f, v.Type().Field(i).Name)
			}
		}
	}
}
