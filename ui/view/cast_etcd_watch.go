package view

import (
	"strings"

	"watchscope/ui/scene"
)

func etcdWatchPill(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: Mix(sc.Theme.PanelHi, SkyBlue, 0.16)})
	titles := []string{a.Label}
	w := a.EtcdWatch
	switch {
	case a.Count > 0:
		titles = []string{countBadge(a) + strings.TrimLeft(strings.TrimPrefix(a.Label, itoa(a.Count)), " ")}
	case w != nil && w.Cache:
		titles = []string{"watch of the " + resourceOf(a) + " cache", resourceOf(a) + " cache's watch", resourceOf(a) + " cache"}
	case w != nil && w.Who != "": // "apiserver-0 watch /registry/pods/"
		titles = append(titles, w.Who+" · "+resourceOf(a), resourceOf(a))
	}
	details := []string{a.Detail}
	if w != nil {
		details = watchDetails(w, a.Queued)
	}
	title := sc.Theme.fitAny(ProseBold, 16, r.W-20, titles...)
	if title == "" { // the count alone ("×9") where "×9 more" has no room
		title = sc.Theme.fitText(ProseBold, 16, strings.TrimSpace(countBadge(a)), r.W-20)
	}
	sc.label(r.X+10, r.Y+6, title, ProseBold, 16, Left, sc.Theme.Ink)
	sc.label(r.X+10, r.Y+r.H-sc.Theme.Pitch(16, 26), sc.Theme.fitAny(Mono, 16, r.W-20, details...), Mono, 16, Left, sc.Theme.Muted)
}

// watchDetails is an etcd watch's detail ("next rev 786 · catching up ·
// 128 queued", as scene's Detail says it) and shorter forms for a narrow
// pill, keeping what tells a watch that is behind: the state and the
// queue before the revision ("rev 48" rather than "next rev…").
func watchDetails(w *scene.WatchState, queued int) []string {
	next := itoa(int(w.NextRev))
	var rest []string
	if !w.Synced {
		rest = append(rest, "catching up")
	}
	if queued > 0 {
		rest = append(rest, itoa(queued)+" queued")
	}
	if len(rest) == 0 {
		return []string{"next rev " + next, "rev " + next, next}
	}
	tail := strings.Join(rest, " · ")
	out := []string{"next rev " + next + " · " + tail, tail, strings.ReplaceAll(tail, "catching up", "behind")}
	if len(rest) > 1 {
		out = append(out, rest[len(rest)-1])
	}
	return out
}
