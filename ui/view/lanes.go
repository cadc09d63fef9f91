package view

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// lanes draws etcd's key index: one lane per key, with each generation
// as a bar on the revision axis, from the put that created it (circle),
// through its updates (diamonds), to the tombstone that ended it (cross).
// The bar of a live key runs on to "now". Compaction removes revisions
// from the index, so dots vanish as the line sweeps over them; the newest
// revision at or below the line survives for every live key.
func lanes(sc *Scene, s Snapshot, m *Motion, a axis) {
	section(sc, LanesLabel, "KEY INDEX", "each key's generations: created, updated, deleted (tombstone), re-created")
	for i, k := range s.Keys {
		if i == MaxLanes {
			break
		}
		cy := float64(LanesTop + i*LaneH + LaneH/2)
		if i%2 == 0 {
			sc.rect(Rect{X: Margin - 16, Y: cy - LaneH/2, W: GridRight - Margin + 32, H: LaneH, Radius: 8, Fill: Fade(sc.Theme.Panel, 0.7)})
		}
		keyLabel(sc, cy, k)
		gens := mergeGenerations(k.Generations, beforeGens(m.BeforeKeys, k.Key), a.line)
		for g, gen := range gens {
			generation(sc, cy, gen, g == len(gens)-1, s.Rev, a)
		}
	}
	if s.MoreKeys > 0 {
		y := float64(LanesTop + MaxLanes*LaneH + 4)
		sc.label(Margin, y, "+"+strconv.Itoa(s.MoreKeys)+" more keys", Prose, 18, Left, sc.Theme.Caption)
	}
}

// lanesBottom is the y where the last drawn lane ends.
func lanesBottom(s Snapshot) float64 {
	return float64(LanesTop + max(1, min(len(s.Keys), MaxLanes))*LaneH)
}

// keyLabel splits a key into its dim prefix and bright last segment:
// "/registry/pods/default/" over "web-0".
func keyLabel(sc *Scene, cy float64, k KeyIndex) {
	prefix, leaf := splitKey(k.Key)
	leafColor := sc.Theme.Ink
	if !k.Live() {
		leafColor = sc.Theme.Muted
	}
	if !sc.Theme.Detail { // the projector draws the key's name; its prefix is detail
		sc.label(Margin, cy-LineHeight(sc.Theme.TextSize(26))/2, leaf, Mono, 26, Left, leafColor)
		return
	}
	sc.label(Margin, cy-25, prefix, Mono, 18, Left, sc.Theme.Caption)
	sc.label(Margin, cy-3, leaf, Mono, 26, Left, leafColor)
}

func splitKey(key string) (prefix, leaf string) {
	i := strings.LastIndexByte(strings.TrimSuffix(key, "/"), '/')
	if i < 0 {
		return "", key
	}
	return key[:i+1], key[i+1:]
}

// generation draws one generation's bar and marks in the lane at cy.
func generation(sc *Scene, cy float64, g Generation, last bool, rev int64, a axis) {
	if len(g.Revs) == 0 {
		return
	}
	left := float64(GridRight - Columns*Pitch)
	x0 := max(a.X(float64(g.Revs[0])), left)
	end := a.X(float64(g.Revs[len(g.Revs)-1]))
	if last { // the key lives on: its bar runs to the newest revision
		end = a.X(float64(rev)) + Pitch/2 - 4
	}
	if end > x0 {
		sc.line(Line{X0: x0, Y0: cy, X1: min(end, GridRight), Y1: cy, Width: 4, Color: sc.Theme.Rule})
	}
	for i, r := range g.Revs {
		x := a.X(float64(r))
		alpha := a.Alpha(x)
		if alpha <= 0 {
			continue
		}
		k := revKind(g, i, last)
		sc.mark(Mark{X: x, Y: cy, R: 12, Shape: k.Shape(), Color: Fade(k.Color(), alpha)})
	}
}

// revKind names the change at g.Revs[i]: the last revision of an ended
// generation is its tombstone; the first is a creation if it is still the
// put that created the generation (compaction may have removed it).
func revKind(g Generation, i int, last bool) Kind {
	switch {
	case !last && i == len(g.Revs)-1:
		return Deleted
	case i == 0 && g.Revs[0] == g.Created:
		return Added
	}
	return Modified
}

func beforeGens(keys []KeyIndex, key string) []Generation {
	for _, k := range keys {
		if k.Key == key {
			return k.Generations
		}
	}
	return nil
}

// mergeGenerations is a key's index as the stage shows it while the
// compaction line moves: the current generations, plus the revisions the
// compaction removed that the line has not reached yet. Generations are
// matched by their creation revision, which compaction never changes.
func mergeGenerations(cur, before []Generation, line float64) []Generation {
	if len(before) == 0 {
		return cur
	}
	out := make([]Generation, 0, len(cur)+len(before))
	for _, g := range cur {
		out = append(out, Generation{Created: g.Created, Ver: g.Ver, Revs: slices.Clone(g.Revs)})
	}
	for _, b := range before {
		var gone []int64
		for _, r := range b.Revs {
			if float64(r) > line && !hasRev(out, r) {
				gone = append(gone, r)
			}
		}
		if len(gone) == 0 {
			continue
		}
		i := slices.IndexFunc(out, func(g Generation) bool { return g.Created == b.Created })
		if i < 0 {
			out = append(out, Generation{Created: b.Created, Ver: b.Ver})
			i = len(out) - 1
		}
		out[i].Revs = append(out[i].Revs, gone...)
		slices.Sort(out[i].Revs)
	}
	slices.SortStableFunc(out, func(x, y Generation) int { return cmp.Compare(genOrder(x), genOrder(y)) })
	return out
}

// genOrder sorts generations by creation; the empty generation that
// follows a deletion (created 0) always stays last.
func genOrder(g Generation) int64 {
	if len(g.Revs) == 0 {
		return 1<<63 - 1
	}
	return g.Created
}

func hasRev(gs []Generation, r int64) bool {
	for _, g := range gs {
		if slices.Contains(g.Revs, r) {
			return true
		}
	}
	return false
}
