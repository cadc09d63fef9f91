package view

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPaletteIsNeverWritten keeps the theme a value: it walks the syntax
// of every Go file under ui/ and fails where a package-level colour or
// theme of this package (a color.RGBA or a Theme: Orange, Dark,
// Projector, ...) is written after its declaration: assigned whole or in
// part (Dark.Ink = ...), incremented, or given away by address (&Dark),
// through which it could be. Drawing reads the theme it is handed; a
// global a caller swaps would make two themes at once (an export in the
// projector theme while the page shows dark) depend on who swapped last.
func TestPaletteIsNeverWritten(t *testing.T) {
	files := parseTree(t, "..")
	names := paletteVars(files["view"])
	for _, n := range []string{"Orange", "Dark", "Projector"} {
		if !names[n] {
			t.Fatalf("found no package-level %s: the walk reads the wrong files (%v)", n, names)
		}
	}
	for _, p := range paletteWrites(files, names) {
		t.Error(p)
	}
	for _, f := range files["view"] {
		for _, d := range f.file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv != nil {
				if st, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok && isIdent(st.X, "Theme") {
					t.Errorf("%s: Theme.%s has a pointer receiver: a call on Dark would change it", f.name, fn.Name.Name)
				}
			}
		}
	}
}

// The check bites: each write in this source is found, the reads are not.
func TestPaletteWritesAreFound(t *testing.T) {
	const src = `package x

import v "watchscope/ui/view"

func f() {
	v.Dark.Ink = v.Orange // 1
	v.Orange = v.Dark.Ink // 2
	p := &v.Projector     // 3
	v.Dark.Veil++         // 4
	_ = p
	c := v.Dark.Panel // a read
	c.R = 1           // a copy's field
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]parsedFile{"x": {{name: "x.go", fset: fset, file: f}}}
	got := paletteWrites(files, map[string]bool{"Dark": true, "Orange": true, "Projector": true})
	if len(got) != 4 {
		t.Errorf("found %d writes, want 4: %q", len(got), got)
	}
}

type parsedFile struct {
	name string
	fset *token.FileSet
	file *ast.File
}

// parseTree parses every Go file under root, by package directory name.
func parseTree(t *testing.T, root string) map[string][]parsedFile {
	t.Helper()
	out := map[string][]parsedFile{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		dir := filepath.Base(filepath.Dir(path))
		out[dir] = append(out[dir], parsedFile{name: path, fset: fset, file: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// paletteVars are the package-level variables of the view package's
// files that hold a colour or a theme: declared as color.RGBA or Theme,
// or initialised with such a composite literal.
func paletteVars(files []parsedFile) map[string]bool {
	names := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f.name, "_test.go") {
			continue
		}
		for _, d := range f.file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					var value ast.Expr
					if i < len(vs.Values) {
						value = vs.Values[i]
					}
					if isPaletteType(vs.Type) || isPaletteLit(value) {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names
}

func isPaletteType(e ast.Expr) bool {
	if sel, ok := e.(*ast.SelectorExpr); ok {
		return isIdent(sel.X, "color") && sel.Sel.Name == "RGBA"
	}
	return isIdent(e, "Theme")
}

func isPaletteLit(e ast.Expr) bool {
	lit, ok := e.(*ast.CompositeLit)
	return ok && isPaletteType(lit.Type)
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// paletteWrites are the places, one line each, where a file writes one
// of names: in package view by its bare name (unless a local of that
// name shadows it), elsewhere through an import of watchscope/ui/view.
func paletteWrites(files map[string][]parsedFile, names map[string]bool) []string {
	var out []string
	for pkg, fs := range files {
		for _, f := range fs {
			viewName := importName(f.file, "watchscope/ui/view")
			if pkg == "view" {
				viewName = ""
			}
			ast.Inspect(f.file, func(n ast.Node) bool {
				var targets []ast.Expr
				switch x := n.(type) {
				case *ast.AssignStmt:
					if x.Tok != token.DEFINE {
						targets = x.Lhs
					}
				case *ast.IncDecStmt:
					targets = []ast.Expr{x.X}
				case *ast.UnaryExpr:
					if x.Op == token.AND {
						targets = []ast.Expr{x.X}
					}
				}
				for _, e := range targets {
					if name, ok := paletteRoot(e, viewName, names, f.file.Scope); ok {
						out = append(out, f.fset.Position(e.Pos()).String()+": writes the palette's "+name)
					}
				}
				return true
			})
		}
	}
	return out
}

// paletteRoot is the palette variable an expression such as Dark.Ink,
// Dark or view.Orange.R writes to, if any.
// A bare name is the package's unless it resolves to a declaration
// other than the file's own package-level one (a local that shadows it;
// ast resolves names within a file, so one declared in another file of
// the package stays unresolved).
func paletteRoot(e ast.Expr, viewName string, names map[string]bool, file *ast.Scope) (string, bool) {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			if viewName != "" && isIdent(x.X, viewName) {
				return x.Sel.Name, names[x.Sel.Name]
			}
			e = x.X
		case *ast.Ident:
			global := x.Obj == nil || file.Lookup(x.Name) == x.Obj
			return x.Name, viewName == "" && names[x.Name] && global
		default:
			return "", false
		}
	}
}

// importName is the name a file imports path under ("" if it does not).
func importName(f *ast.File, path string) string {
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == path {
			if im.Name != nil {
				return im.Name.Name
			}
			return path[strings.LastIndex(path, "/")+1:]
		}
	}
	return ""
}
