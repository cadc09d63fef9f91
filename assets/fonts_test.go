package assets

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/sfnt"
)

// TestFontsCoverTheText checks that the subset fonts have a glyph for
// every rune WatchScope can draw: printable ASCII and Latin-1 (what a
// console line or a name may hold), every rune of the lessons, and every
// rune of the module's Go string and rune literals (the UI strings, the
// console's answers, the trace text). A rune the fonts lack would show as
// an empty box on the stage; run assets/subset-fonts.sh to add it (or
// choose a rune the Go fonts have: they lack ▏ ▶ ◀ ✓ ∈, for example).
func TestFontsCoverTheText(t *testing.T) {
	need := map[rune]string{}
	for r := rune(0x20); r <= 0xFF; r++ {
		if unicode.IsPrint(r) {
			need[r] = "printable ASCII and Latin-1"
		}
	}
	root := filepath.Join("..")
	lessons, err := filepath.Glob(filepath.Join(root, "lessons", "content", "*.md"))
	if err != nil || len(lessons) == 0 {
		t.Fatalf("no lessons under lessons/content (%v)", err)
	}
	for _, p := range lessons {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		addRunes(need, string(b), p)
	}
	goFiles := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || isModule(p)) {
				return filepath.SkipDir // another module (conformance/) or a dot directory
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		goFiles++
		return literalRunes(need, p)
	})
	if err != nil {
		t.Fatal(err)
	}
	if goFiles < 50 {
		t.Fatalf("found only %d Go files under the module root", goFiles)
	}
	fonts := map[string][]byte{"goregular": ProseTTF, "gomedium": ProseBoldTTF, "gomono": MonoTTF}
	for _, name := range slices.Sorted(maps.Keys(fonts)) {
		f, err := sfnt.Parse(fonts[name])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var buf sfnt.Buffer
		for _, r := range slices.Sorted(maps.Keys(need)) {
			if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
				t.Errorf("fonts/%s.ttf has no glyph for %q (U+%04X), used in %s", name, r, r, need[r])
			}
		}
	}
}

func isModule(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// addRunes records the drawable runes of s (not spaces or controls).
func addRunes(need map[rune]string, s, where string) {
	for _, r := range s {
		if r > ' ' && unicode.IsPrint(r) {
			if _, ok := need[r]; !ok {
				need[r] = where
			}
		}
	}
}

// literalRunes adds the runes of the string and rune literals in a Go file.
func literalRunes(need map[rune]string, path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(path, -1, len(src)), src, nil, 0)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return nil
		}
		if tok != token.STRING && tok != token.CHAR {
			continue
		}
		v, err := strconv.Unquote(lit)
		if err != nil {
			return fmt.Errorf("%s: %v", fset.Position(pos), err)
		}
		addRunes(need, v, fset.Position(pos).String())
	}
}
