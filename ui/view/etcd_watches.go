package view

import "watchscope/ui/scene"

// The etcd stage's watches: under the key index, one card per watch on
// etcd the cast has (the console's etcdctl watches, a counted group), so
// a step that points at a watch ("then it goes live") points at something
// drawn, framed when it is the step's focus.
const (
	watchCardW   = 560
	watchCardH   = 88
	watchCardGap = 24
	maxWatchCard = 3
)

// watchStripH is the height the watch cards take under the key index (0:
// the cast has no watch on etcd).
func watchStripH(s Snapshot) float64 {
	if len(s.Cast.Of(scene.KindEtcdWatch)) == 0 {
		return 0
	}
	return watchCardH + 56
}

// watchStripTop is where the cards go: under the key index and the
// compaction line's caption, or, when the lanes fill the stage, at its
// foot on the right, where the tape's future columns leave the lanes empty.
func watchStripTop(s Snapshot) (x, y float64) {
	y = lanesBottom(s) + 56
	if y+watchCardH <= PanelTop-8 {
		return Margin, y
	}
	n := min(len(s.Cast.Of(scene.KindEtcdWatch)), maxWatchCard)
	return GridRight - float64(n)*(watchCardW+watchCardGap) + watchCardGap, PanelTop - 8 - watchCardH
}

// etcdWatchCards draws the cards and returns where it drew the member
// (the tape) and each watch.
func etcdWatchCards(sc *Scene, s Snapshot) []Place {
	var out []Place
	for _, m := range s.Cast.Of(scene.KindEtcd) {
		out = append(out, Place{ID: m.ID, Region: Region{X: Margin - 16, Y: TapeTop - 48, W: GridRight - Margin + 32, H: TapeH + 64}})
	}
	x0, y := watchStripTop(s)
	th := sc.Theme
	for i, a := range s.Cast.Of(scene.KindEtcdWatch) {
		if i == maxWatchCard {
			break
		}
		r := Region{X: x0 + float64(i)*(watchCardW+watchCardGap), Y: y, W: watchCardW, H: watchCardH}
		sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 8, Fill: th.PanelHi})
		sc.rect(Rect{X: r.X, Y: r.Y, W: 6, H: r.H, Radius: 3, Fill: SkyBlue})
		sc.label(r.X+20, r.Y+8, th.fitText(Prose, 27, a.Label, r.W-32), Prose, 27, Left, th.Ink)
		sc.label(r.X+20, r.Y+12+LineHeight(th.TextSize(27)), th.fitText(Mono, 27, a.Detail, r.W-32), Mono, 27, Left, th.Muted)
		if s.Cast.Focused(a.ID) {
			outline(sc.over(), Region{X: r.X - 4, Y: r.Y - 4, W: r.W + 8, H: r.H + 8}, th.Yellow)
		}
		out = append(out, Place{ID: a.ID, Region: r})
	}
	return out
}
