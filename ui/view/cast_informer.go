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
	if (r.W-24-(n-1)*6)/n < 96 { // too narrow for the cells: the numbers that matter
		sc.fit(r.X+12, r.Y+40, "Reflector "+p.Phase+" · rv "+p.LastRV, Prose, 16, Left, sc.Theme.Muted, r.W-24)
		main, line := "Indexer "+thousands(int64(p.Indexer)), "FIFO "+itoa(p.FIFO)+" · handlers "+itoa(p.Handlers)
		if q := p.Workqueue; q != nil { // the queue's depth is the number a controller watches
			main += " · workqueue " + itoa(q.Depth)
			line += " · " + thousands(int64(q.Reconciles)) + " reconciled"
		}
		sc.fit(r.X+12, r.Y+64, main, Mono, 18, Left, sc.Theme.Ink, r.W-24)
		sc.fit(r.X+12, r.Y+90, line, Prose, 16, Left, sc.Theme.Muted, r.W-24)
		return
	}
	cw := (r.W - 24 - (n-1)*6) / n
	for i, cell := range cells {
		x := r.X + 12 + float64(i)*(cw+6)
		sc.rect(Rect{X: x, Y: r.Y + 38, W: cw, H: r.H - 48, Radius: 6, Fill: sc.Theme.Rule})
		sc.fit(x+6, r.Y+44, cell.name, Prose, 16, Left, sc.Theme.Caption, cw-12)
		// a narrow cell says "watch" rather than "watchi…"
		forms := []string{cell.value}
		if short, ok := phaseShort[cell.value]; ok {
			forms = append(forms, short)
		}
		sc.label(x+6, r.Y+68, sc.Theme.fitAny(Mono, 18, cw-12, forms...), Mono, 18, Left, sc.Theme.Ink)
		if cell.sub != "" {
			sc.fit(x+6, r.Y+94, cell.sub, Mono, 16, Left, sc.Theme.Muted, cw-12)
		}
	}
}

// phaseShort are a reflector phase's short forms for a narrow cell.
// Both retry waits are "wait" (not "watch…"); a watch-list is a
// streaming list.
var phaseShort = map[string]string{"watching": "watch", "listing": "list", "backoff": "wait", "resyncing": "resync",
	"watch retry wait": "wait", "watch-list retry wait": "wait", "watch-list": "stream"}
