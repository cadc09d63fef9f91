package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"watchscope/ui/keys"
	"watchscope/ui/live"
	"watchscope/ui/view"
)

// TestKeyTableCommandsAreKnownVerbs: every stage command of the key table
// (ui/keys) is a verb the game or the session's dispatcher runs, so no
// key silently becomes a console line ("Error: unknown command").
func TestKeyTableCommandsAreKnownVerbs(t *testing.T) {
	sim, err := live.NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	g := New(live.New(sim, live.Options{}))
	for _, b := range keys.Table {
		if b.By == keys.Go && !g.Knows(b.Verb()) {
			t.Errorf("%s: %q is not a verb the stage knows", b.Code, b.Cmd)
		}
	}
	for _, v := range []string{"etcdctl", "kubectl", "nonsense"} { // console lines
		if g.Knows(v) {
			t.Errorf("Knows(%q) = true, want false", v)
		}
	}
}

// TestKeyTableReachesEbiten: every stage key has an Ebiten name, so a
// native window (which polls Ebiten, not the page) has every stage key.
func TestKeyTableReachesEbiten(t *testing.T) {
	n := 0
	for _, b := range keys.Table {
		if b.Scope&keys.Stage == 0 || b.By != keys.Go {
			continue
		}
		n++
		var k ebiten.Key
		if err := k.UnmarshalText([]byte(b.EbitenName())); err != nil {
			t.Errorf("%s: %v", b.Code, err)
		}
	}
	if len(stageKeys) != n {
		t.Errorf("Ebiten polls %d stage keys, the table has %d", len(stageKeys), n)
	}
}

// TestGameAndPageVerbsAreRegistered: the game's verbs and the page's
// (read from ui/page's source: it builds only for the browser) are the
// registry's for those owners (ui/keys/verbs.go), so a verb one more
// table starts to run is a collision the registry must declare.
func TestGameAndPageVerbsAreRegistered(t *testing.T) {
	game := map[string]bool{}
	for v := range gameVerbs {
		game[v] = true
	}
	for _, e := range keys.CheckVerbs("the game's", game, keys.OwnerGame, view.OverlayVerbs()) {
		t.Error(e)
	}
	page := map[string]bool{}
	files, err := filepath.Glob("page/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("ui/page's source: %v", err)
	}
	verb := regexp.MustCompile(`\bp\.(?:verb|panelVerb)\("([^"]+)"`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range verb.FindAllStringSubmatch(string(src), -1) {
			page[m[1]] = true
		}
	}
	for _, e := range keys.CheckVerbs("the page's", page, keys.OwnerPage, view.OverlayVerbs()) {
		t.Error(e)
	}
}

// TestRegistryIsWhole: the whole registry (keys.Verbs and view.Overlays'
// lines) has one line per verb, and every key's command and every
// toolbar button's is a verb it has (package keys alone cannot see the
// overlays' verbs).
func TestRegistryIsWhole(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range keys.Registry(view.OverlayVerbs()) {
		if seen[v.Name] {
			t.Errorf("verb %q has two lines in the registry (keys.Verbs or view.Overlays): give one line both owners", v.Name)
		}
		seen[v.Name] = true
	}
	for _, b := range keys.Table {
		if b.By == keys.Go && !seen[b.Verb()] {
			t.Errorf("%s sends %q, a verb the registry does not have", b.Code, b.Cmd)
		}
	}
	for _, b := range keys.Toolbar {
		if v, _, _ := strings.Cut(b.Cmd, " "); !seen[v] {
			t.Errorf("toolbar button %s sends %q, a verb the registry does not have", b.ID, b.Cmd)
		}
	}
}
