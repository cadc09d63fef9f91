package lessons

import (
	"path"
	"regexp"
	"strconv"
	"strings"
)

// A lesson points at another by its id, never by its number on the path:
// numbers go stale as the path grows (a "lesson 6" once meant 410 Gone,
// which is eighth now). In prose (narration, the intro, notes, a
// question) `lesson:gone-410` is written; the parser puts the lesson's
// title in its place, in quotes, and the step remembers the id so that
// the page can open that lesson. Lint refuses a number and an id the
// catalogue does not have.
var (
	lessonRefRE    = regexp.MustCompile(`\blesson:([A-Za-z0-9_-]+)`)
	lessonNumberRE = regexp.MustCompile(`(?i)\blessons? #?([0-9]+)\b`)
)

// Ref is one lesson another lesson's step points at.
type Ref struct {
	ID, Title string
}

// catalogTitles is every built-in lesson's title by id, read from the
// files' headers once (the whole catalogue need not parse for one lesson
// to point at another).
var catalogTitles = readCatalogTitles()

func readCatalogTitles() map[string]string {
	titles := map[string]string{}
	entries, err := content.ReadDir("content")
	if err != nil {
		return titles
	}
	for _, e := range entries {
		src, err := content.ReadFile(path.Join("content", e.Name()))
		if err != nil {
			continue
		}
		id, title := headerIDTitle(string(src))
		if id != "" {
			titles[id] = title
		}
	}
	return titles
}

// headerIDTitle reads the id and title fields of a lesson's header.
func headerIDTitle(src string) (id, title string) {
	rest, ok := strings.CutPrefix(src, "---\n")
	for ok {
		var line string
		line, rest, ok = strings.Cut(rest, "\n")
		if strings.TrimSpace(line) == "---" {
			break
		}
		k, v, _ := strings.Cut(line, ":")
		switch strings.TrimSpace(k) {
		case "id":
			id = strings.TrimSpace(v)
		case "title":
			title = strings.TrimSpace(v)
		}
	}
	return id, title
}

// crossRefs checks line n of a lesson's body for lesson numbers and
// lesson:ID references, one problem each, and returns the line with each
// known reference's title in its place when prose is true (in a command
// or a check the text is left as written). It records the ids found in
// the current step's narration.
func (p *parser) crossRefs(line string, n int, prose, narration bool) string {
	for _, m := range lessonNumberRE.FindAllStringSubmatch(line, -1) {
		today := ""
		if i, err := strconv.Atoi(m[1]); err == nil && i >= 1 && i <= len(catalogOrder) {
			today = " (" + m[1] + " on today's path is lesson:" + catalogOrder[i-1] + ")"
		}
		p.ps.add(n, "%q: refer to a lesson by its id, not its number, which changes as the path grows: write lesson:ID%s", m[0], today)
	}
	return lessonRefRE.ReplaceAllStringFunc(line, func(ref string) string {
		id := strings.TrimPrefix(ref, "lesson:")
		title, ok := catalogTitles[id]
		if !ok {
			p.ps.add(n, "%s: no lesson has the id %q%s (go run . lessons lists them)", ref, id, didYouMean(id, catalogOrder))
			return ref
		}
		if !prose {
			return ref
		}
		if narration && p.step != nil && !containsRef(p.step.Refs, id) {
			p.step.Refs = append(p.step.Refs, Ref{ID: id, Title: title})
		}
		return `"` + title + `"`
	})
}

func containsRef(refs []Ref, id string) bool {
	for _, r := range refs {
		if r.ID == id {
			return true
		}
	}
	return false
}
