package view

import "strconv"

// tape draws the revision tape: one cell per main revision, newest on the
// right. A cell shows the revision number and the change stored under it;
// a revision whose record compaction removed is drawn as an empty ghost,
// and a revision kept by compaction (the latest version of a live key)
// stays bright on the grey side of the line.
func tape(sc *Scene, s Snapshot, m *Motion, a axis) {
	caption := "every write takes the next revision; a delete writes a tombstone"
	if tx, ok := compactionTagX(s, a, sc.Theme); ok { // the caption ends before the compaction's tag
		room := tx - 16 - (Margin + Measure(ProseBold, sc.Theme.TextSize(18), "REVISION TAPE") + 24)
		caption = sc.Theme.fitAny(Prose, 20, room, caption, "every write takes the next revision")
	}
	section(sc, 192, "REVISION TAPE", caption)
	sc.label(GridLeft-32, TapeTop+14, "revision", Prose, 20, Right, sc.Theme.Caption)
	sc.label(GridLeft-32, TapeTop+54, "change", Prose, 20, Right, sc.Theme.Caption)
	compactedBand(sc, a, lanesBottom(s))

	byRev := recordsByRev(mergeRecords(s.Records, m.BeforeRecords, a.line))
	from, to := a.Visible()
	for r := from; r <= to; r++ {
		x := a.X(float64(r))
		alpha := a.Alpha(x)
		if alpha <= 0 {
			continue
		}
		cell(sc, x, alpha, r, s.Rev, byRev[r], float64(r) <= a.line)
	}
}

// cell draws revision r's cell centred at x.
func cell(sc *Scene, x, alpha float64, r, rev int64, recs []Record, compacted bool) {
	left := x - Pitch/2 + 4
	w := float64(Pitch - 8)
	switch {
	case r > rev: // room on the tape for revisions to come
		sc.rect(Rect{X: left, Y: TapeTop, W: w, H: TapeH, Radius: 8, Fill: Fade(sc.Theme.Panel, alpha*0.5)})
		return
	case len(recs) == 0: // compacted away (or revision 1, the empty store)
		sc.rect(Rect{X: left, Y: TapeTop, W: w, H: TapeH, Radius: 8, Fill: Fade(sc.Theme.Rule, alpha)})
		sc.rect(Rect{X: left + 2, Y: TapeTop + 2, W: w - 4, H: TapeH - 4, Radius: 6, Fill: Fade(sc.Theme.Background, alpha)})
		sc.label(x, TapeTop+14, strconv.FormatInt(r, 10), Mono, 20, Center, Fade(sc.Theme.Caption, alpha))
		sc.line(Line{X0: x - 8, Y0: TapeTop + 66, X1: x + 8, Y1: TapeTop + 66, Width: 2, Color: Fade(sc.Theme.Faint, alpha)})
		return
	}
	fill, ink := sc.Theme.Panel, sc.Theme.Ink
	if r == rev { // the newest revision: etcd's header.revision right now
		fill = sc.Theme.PanelHi
		sc.rect(Rect{X: left - 2, Y: TapeTop - 2, W: w + 4, H: TapeH + 4, Radius: 10, Fill: Fade(sc.Theme.Muted, alpha)})
	}
	if compacted {
		ink = sc.Theme.Muted
	}
	sc.rect(Rect{X: left, Y: TapeTop, W: w, H: TapeH, Radius: 8, Fill: Fade(fill, alpha)})
	sc.label(x, TapeTop+14, strconv.FormatInt(r, 10), Mono, 20, Center, Fade(ink, alpha))
	k := recs[0].Kind()
	sc.mark(Mark{X: x, Y: TapeTop + 66, R: 12, Shape: k.Shape(), Color: Fade(k.Color(), alpha)})
	if len(recs) > 1 {
		sc.label(x+Pitch/2-8, TapeTop+TapeH-22, "+"+strconv.Itoa(len(recs)-1), Mono, 16, Right, Fade(sc.Theme.Muted, alpha))
	}
}

// compactedBand tints the region left of the compaction line, from the
// top of the tape to the last lane.
func compactedBand(sc *Scene, a axis, bottom float64) {
	if a.line <= 0 {
		return
	}
	x0 := float64(GridRight - Columns*Pitch)
	x1 := min(a.X(a.line)+Pitch/2, GridRight)
	if x1 <= x0 {
		return
	}
	sc.rect(Rect{X: x0, Y: TapeTop - 8, W: x1 - x0, H: bottom - TapeTop + 16,
		Radius: 8, Fill: Fade(sc.Theme.Faint, 0.16)})
}

func recordsByRev(rs []Record) map[int64][]Record {
	m := make(map[int64][]Record, len(rs))
	for _, r := range rs {
		m[r.Main] = append(m[r.Main], r)
	}
	return m
}

// mergeRecords is the history the stage shows while the compaction line
// is moving: today's records, plus those the compaction removed that the
// line has not reached yet.
func mergeRecords(cur, before []Record, line float64) []Record {
	if len(before) == 0 {
		return cur
	}
	have := make(map[[2]int64]bool, len(cur))
	for _, r := range cur {
		have[[2]int64{r.Main, r.Sub}] = true
	}
	out := append([]Record(nil), cur...)
	for _, r := range before {
		if float64(r.Main) > line && !have[[2]int64{r.Main, r.Sub}] {
			out = append(out, r)
		}
	}
	return out
}
