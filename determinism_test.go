//go:build !js

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// corePackages are the deterministic core: pure state machines on a
// virtual clock with one seeded random source. Everything but ui/ and
// main*.go.
var corePackages = []string{"mvcc", "watchcache", "apiserver", "informer", "engine", "lessons",
	"apimachinery", "console", "internal/ring", "internal/freelist", "internal/order", "workqueue", "recording"}

// mapRangeAllowed are the ranges over a map (or maps.Keys/Values/All) in
// the core where the iteration order provably reaches no output, keyed
// "dir/file.go Func: ranged expression", each with its reason.
var mapRangeAllowed = map[string]string{
	"apiserver/metrics.go sortedKeys: m":                                                "collects every key, then sorts them by their text: the order is the sort's",
	"informer/indexer.go Indexer.put: s.indices":                                        "adds the key to each index: the indices are independent sets, none read while another changes",
	"informer/indexer.go Indexer.unindex: s.indices":                                    "removes the key from each index: independent sets, the same result in any order",
	"engine/apiclient.go apiReplica.resetCounters: r.syncCache":                         "sets each counter series to zero: independent writes, the same state in any order",
	"console/sim.go registerSim: verbs":                                                 "copies verbs into the registry at init: the same registry in any order (a name registered twice panics either way)",
	"console/sim_histogram.go labelsInclude: want":                                      "an all-of test: the same answer in any order",
	"watchcache/dispatch_stats.go Cacher.IndexedWatcherCount: c.watchers.valueWatchers": "a count of live watchers: the same sum in any order",
	"apiserver/apf.go apf.snapshot: a.rejected":                                         "sums one level's rejections: the same sum in any order",
	"workqueue/metrics.go queueMetrics.updateUnfinishedWork: m.processingStartTimes":    "an integer sum and a max: exact, the same in any order",
	"console/kubectl_printers.go intsFromNumbers: t":                                    "converts each value of the object in place: independent writes, the same object in any order",
	"console/args.go flagSpec.flagName: spec.Short":                                     "collects a flag's one-letter aliases, then sorts them",
}

// TestCoreIsDeterministic walks the syntax trees of the core packages
// (go/parser and go/ast, types from go/types) and fails on what would
// make two runs of the same seed differ: goroutines, channels, select,
// the sync packages, the wall clock (time.Now, time.Sleep, ...), the
// global math/rand source (or crypto/rand), and ranging over a map
// whose order could reach an output, unless mapRangeAllowed says why
// the order does not matter there.
func TestCoreIsDeterministic(t *testing.T) {
	problems, used, err := lintCore(".", corePackages)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	for key := range mapRangeAllowed {
		if !used[key] {
			t.Errorf("mapRangeAllowed has %q, which matches no range in the core: remove it", key)
		}
	}
}

// lintCore type-checks each package under root from its sources (its
// imports from the compiler's export data, which go list -export
// provides) and returns the problems, one line each, and which
// allow-list entries it used.
func lintCore(root string, pkgs []string) (problems []string, used map[string]bool, err error) {
	exports, err := exportData(root, pkgs)
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
	used = map[string]bool{}
	for _, dir := range pkgs {
		files, err := parseDir(fset, filepath.Join(root, dir))
		if err != nil {
			return nil, nil, err
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check("watchscope/"+dir, fset, files, info); err != nil {
			return nil, nil, fmt.Errorf("type-checking %s: %w", dir, err)
		}
		for _, f := range files {
			l := &linter{fset: fset, info: info, dir: dir, allowed: mapRangeAllowed, used: used}
			l.file(f)
			problems = append(problems, l.problems...)
		}
	}
	return problems, used, nil
}

// exportData maps every package the core imports to its export data file.
func exportData(root string, pkgs []string) (map[string]string, error) {
	args := []string{"list", "-deps", "-export", "-f", "{{.ImportPath}} {{.Export}}"}
	for _, p := range pkgs {
		args = append(args, "./"+p)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, stderr.String())
	}
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), " "); ok && file != "" {
			m[path] = file
		}
	}
	return m, sc.Err()
}

// parseDir parses a package's non-test Go files (the tests may use the
// wall clock to measure, and goroutines to time out).
func parseDir(fset *token.FileSet, dir string) ([]*ast.File, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// linter walks one file.
type linter struct {
	fset     *token.FileSet
	info     *types.Info
	dir      string
	fn       string // the function being walked
	allowed  map[string]string
	used     map[string]bool
	problems []string
}

func (l *linter) report(n ast.Node, format string, args ...any) {
	p := l.fset.Position(n.Pos())
	l.problems = append(l.problems, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(filepath.Join(l.dir, filepath.Base(p.Filename))), p.Line, fmt.Sprintf(format, args...)))
}

// wallClock are the time functions that read or wait on the real clock.
var wallClock = []string{"Now", "Since", "Until", "Sleep", "After", "AfterFunc", "Tick", "NewTimer", "NewTicker"}

// randConstructors are math/rand's functions that make a source or a
// generator (seeded by the caller) rather than draw from the global one.
var randConstructors = []string{"New", "NewSource", "NewPCG", "NewChaCha8", "NewZipf"}

func (l *linter) file(f *ast.File) {
	for _, im := range f.Imports {
		switch path := strings.Trim(im.Path.Value, `"`); path {
		case "sync", "sync/atomic":
			l.report(im, "imports %s: the core runs on one goroutine", path)
		case "crypto/rand":
			l.report(im, "imports crypto/rand: draw from the world's seeded source")
		}
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			l.fn = ""
			ast.Inspect(d, l.node)
			continue
		}
		l.fn = fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			l.fn = recvName(fd.Recv.List[0].Type) + "." + l.fn
		}
		ast.Inspect(fd, l.node)
	}
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

func (l *linter) node(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.GoStmt:
		l.report(n, "go statement: the core runs on one goroutine")
	case *ast.ChanType:
		l.report(n, "channel type: the core has no channels")
	case *ast.SendStmt:
		l.report(n, "channel send")
	case *ast.SelectStmt:
		l.report(n, "select statement")
	case *ast.UnaryExpr:
		if n.Op == token.ARROW {
			l.report(n, "channel receive")
		}
	case *ast.SelectorExpr:
		l.selector(n)
	case *ast.RangeStmt:
		l.rangeStmt(n)
	}
	return true
}

// selector flags the wall clock and the global random source.
func (l *linter) selector(n *ast.SelectorExpr) {
	fn, ok := l.info.Uses[n.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
		return
	}
	switch path := fn.Pkg().Path(); {
	case path == "time" && slices.Contains(wallClock, fn.Name()):
		l.report(n, "time.%s reads the wall clock: use the world's virtual time", fn.Name())
	case (path == "math/rand" || path == "math/rand/v2") && !slices.Contains(randConstructors, fn.Name()):
		l.report(n, "rand.%s draws from the global source: use the world's seeded one", fn.Name())
	}
}

// isMap reports whether t is a map, or a type parameter whose
// constraint allows only maps.
func isMap(t types.Type) bool {
	if tp, ok := t.(*types.TypeParam); ok {
		iface, _ := tp.Constraint().Underlying().(*types.Interface)
		for i := range iface.NumEmbeddeds() {
			terms := []*types.Term{types.NewTerm(false, iface.EmbeddedType(i))}
			if u, ok := iface.EmbeddedType(i).(*types.Union); ok {
				terms = terms[:0]
				for j := range u.Len() {
					terms = append(terms, u.Term(j))
				}
			}
			for _, term := range terms {
				if _, ok := term.Type().Underlying().(*types.Map); !ok {
					return false
				}
			}
			return len(terms) > 0
		}
		return false
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}

// rangeStmt flags a range over a map, or over maps.Keys/Values/All.
func (l *linter) rangeStmt(n *ast.RangeStmt) {
	what := ""
	if isMap(l.info.Types[n.X].Type) {
		what = "a map"
	} else if call, ok := n.X.(*ast.CallExpr); ok {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			if fn, ok := l.info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "maps" {
				what = "maps." + fn.Name()
			}
		}
	}
	if what == "" {
		return
	}
	key := l.dir + "/" + filepath.Base(l.fset.Position(n.Pos()).Filename) + " " + l.fn + ": " + types.ExprString(n.X)
	if _, ok := l.allowed[key]; ok {
		l.used[key] = true
		return
	}
	l.report(n, "range over %s in map order (%q): sort the keys (slices.Sorted(maps.Keys(m))), or add it to mapRangeAllowed with why its order reaches no output", what, key)
}
