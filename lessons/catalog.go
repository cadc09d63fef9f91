package lessons

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
)

// content holds the built-in lessons, one Markdown file each.
//
//go:embed content/*.md
var content embed.FS

// catalogOrder is the order of the lesson catalogue (LESSONS.md); lessons
// not named here follow in id order.
var catalogOrder = []string{
	"revisions", "compaction", "etcd-watch", "etcd-ops", "fan-out", "resource-version", "rv-semantics", "gone-410",
	"bookmarks", "informers", "reconcile-backoff", "slow-consumers", "too-many-watchers", "restart-storm", "cache-not-ready", "why-relist", "compactor-overtakes", "ha-apiservers", "the-incident", "pagination", "apf-list-cost",
	"consistent-reads", "snapshots", "watch-list", "cache-sizing", "stale-reads",
	"polling-vs-watching", "sandbox",
}

// freePlay is the catalogue's free-play entry: a world with every knob and
// no script. It makes no claims to speak of, so it is exempt from the
// minimum number of checks every other lesson must have.
const freePlay = "sandbox"

// FreePlay reports whether l is the catalogue's free-play entry: no
// script to finish, so no course platform lists it.
func (l *Lesson) FreePlay() bool { return l.ID == freePlay }

// All parses every built-in lesson, in catalogue order. A broken built-in
// lesson is an error: the tests make sure it never ships.
func All() ([]*Lesson, error) {
	entries, err := fs.ReadDir(content, "content")
	if err != nil {
		return nil, err
	}
	var out []*Lesson
	var errs []string
	for _, e := range entries {
		name := path.Join("content", e.Name())
		src, err := content.ReadFile(name)
		if err != nil {
			return nil, err
		}
		l, err := Parse(name, src)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out = append(out, l)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	sortCatalog(out)
	return out, nil
}

func sortCatalog(ls []*Lesson) {
	rank := func(id string) int {
		for i, x := range catalogOrder {
			if x == id {
				return i
			}
		}
		return len(catalogOrder)
	}
	sort.SliceStable(ls, func(i, j int) bool {
		ri, rj := rank(ls[i].ID), rank(ls[j].ID)
		if ri != rj {
			return ri < rj
		}
		return ls[i].ID < ls[j].ID
	})
}

// ByID returns the built-in lesson with this id.
func ByID(id string) (*Lesson, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(all))
	for i, l := range all {
		if l.ID == id {
			return l, nil
		}
		ids[i] = l.ID
	}
	return nil, fmt.Errorf("no lesson %q%s (go run . lessons lists them)", id, didYouMean(id, ids))
}

// Load finds a lesson by id or by file name: anything that looks like a
// path (has a slash or ends in .md) is read from disk, so a trainer can
// play a lesson that is not built in.
func Load(idOrFile string) (*Lesson, error) {
	if !strings.Contains(idOrFile, "/") && !strings.HasSuffix(idOrFile, ".md") {
		return ByID(idOrFile)
	}
	src, err := os.ReadFile(idOrFile)
	if err != nil {
		return nil, err
	}
	return Parse(idOrFile, src)
}
