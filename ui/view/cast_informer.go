package view

import (
	"watchscope/ui/scene"
)

// informerBox is an informer's pipeline, left to right as the deltas go.
func informerBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.fit(r.X+12, r.Y+8, countBadge(a)+a.Label, ProseBold, 18, Left, sc.Theme.Ink, r.W-24)
	p := a.Parts
	if p == nil {
		return
	}
	cells := []struct{ name, value, sub string }{
		{"Reflector", p.Phase, "rv " + p.LastRV}, {"DeltaFIFO", itoa(p.FIFO), ""},
		{"Indexer", thousands(int64(p.Indexer)), ""}, {"handlers", itoa(p.Handlers), ""},
	}
	if q := p.Workqueue; q != nil { // the controller's queue the handlers feed
		cells = append(cells, struct{ name, value, sub string }{"workqueue", itoa(q.Depth), thousands(int64(q.Reconciles)) + " done"})
	}
	n := float64(len(cells))
	minCell := 96 * sc.Theme.TextSize(16) / 16 // room for "DeltaFIFO" in the theme's type
	if (r.W-24-(n-1)*6)/n < minCell {          // too narrow for the cells: the numbers that matter
		main, line := "Indexer "+thousands(int64(p.Indexer)), "FIFO "+itoa(p.FIFO)+" · handlers "+itoa(p.Handlers)
		if q := p.Workqueue; q != nil { // the queue's depth is the number a controller watches
			main += " · workqueue " + itoa(q.Depth)
			line += " · " + thousands(int64(q.Reconciles)) + " reconciled"
		}
		st := sc.stack(r.X+12, r.Y+8+sc.Theme.rowH(18), r.Y+r.H-2, Left) // the Indexer first: what a box too small for all keeps
		reflector := sc.Theme.fitText(Prose, 16, "Reflector "+p.Phase+" · rv "+p.LastRV, r.W-24)
		if st.at(r.Y+40).y+sc.Theme.rowH(16)+sc.Theme.rowH(18) <= st.end {
			st.add(reflector, Prose, 16, sc.Theme.Muted)
		}
		st.at(r.Y+64).add(sc.Theme.fitText(Mono, 18, main, r.W-24), Mono, 18, sc.Theme.Ink)
		st.at(r.Y+90).add(sc.Theme.fitText(Prose, 16, line, r.W-24), Prose, 16, sc.Theme.Muted)
		return
	}
	cw := (r.W - 24 - (n-1)*6) / n
	for i, cell := range cells {
		x := r.X + 12 + float64(i)*(cw+6)
		sc.rect(Rect{X: x, Y: r.Y + 38, W: cw, H: r.H - 48, Radius: 6, Fill: sc.Theme.Rule})
		st := sc.stack(x+6, r.Y+44, r.Y+r.H-10, Left)
		st.add(sc.Theme.fitText(Prose, 16, cell.name, cw-12), Prose, 16, sc.Theme.Caption)
		// a narrow cell says "watch" rather than "watchi…"
		forms := []string{cell.value}
		if short, ok := phaseShort[cell.value]; ok {
			forms = append(forms, short)
		}
		st.at(r.Y+68).add(sc.Theme.fitAny(Mono, 18, cw-12, forms...), Mono, 18, sc.Theme.Ink)
		if cell.sub != "" {
			st.at(r.Y+94).add(sc.Theme.fitText(Mono, 16, cell.sub, cw-12), Mono, 16, sc.Theme.Muted)
		}
	}
}

// phaseShort are a reflector phase's short forms for a narrow cell.
// Both retry waits are "wait" (not "watch…"); a watch-list is a
// streaming list.
var phaseShort = map[string]string{"watching": "watch", "listing": "list", "backoff": "wait", "resyncing": "resync",
	"watch retry wait": "wait", "watch-list retry wait": "wait", "watch-list": "stream"}
