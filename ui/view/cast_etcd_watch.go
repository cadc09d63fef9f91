package view

import (
	"strings"

	"watchscope/ui/scene"
)

func etcdWatchPill(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: Mix(sc.Theme.PanelHi, SkyBlue, 0.16)})
	titles := []string{a.Label}
	if a.Count > 0 {
		titles = []string{countBadge(a) + strings.TrimLeft(strings.TrimPrefix(a.Label, itoa(a.Count)), " ")}
	} else if strings.HasPrefix(a.Label, "cache's watch on ") {
		titles = []string{"watch of the " + resourceOf(a) + " cache", resourceOf(a) + " cache's watch", resourceOf(a) + " cache"}
	} else if who, _, ok := strings.Cut(a.Label, " watch "); ok { // "apiserver-0 watch /registry/pods/"
		titles = append(titles, who+" · "+resourceOf(a), resourceOf(a))
	}
	sc.label(r.X+10, r.Y+6, sc.Theme.fitAny(ProseBold, 16, r.W-20, titles...), ProseBold, 16, Left, sc.Theme.Ink)
	sc.label(r.X+10, r.Y+r.H-26, sc.Theme.fitAny(Mono, 16, r.W-20, watchDetails(a.Detail)...), Mono, 16, Left, sc.Theme.Muted)
}

// watchDetails is an etcd watch's detail ("next rev 786 · catching up ·
// 128 queued") and shorter forms for a narrow pill, keeping what tells a
// watch that is behind: the state and the queue before the revision.
func watchDetails(d string) []string {
	out := []string{d}
	if !strings.Contains(d, " · ") { // "rev 48" rather than "next rev…"
		out = append(out, strings.Replace(d, "next rev ", "rev ", 1))
	}
	if _, rest, ok := strings.Cut(d, " · "); ok {
		out = append(out, rest, strings.ReplaceAll(rest, "catching up", "behind"))
		if i := strings.LastIndex(rest, " · "); i >= 0 {
			out = append(out, rest[i+len(" · "):])
		}
	}
	return out
}
