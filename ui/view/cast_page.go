package view

import (
	"strings"

	"watchscope/ui/scene"
)

// pageCard is one LIST answer: page number, items, its continue token.
func pageCard(sc *Scene, a *scene.Actor, r Region) {
	fill := Mix(sc.Theme.PanelHi, SkyBlue, 0.12)
	if a.Err != "" {
		fill = Mix(sc.Theme.PanelHi, Orange, 0.2)
	}
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 8, Fill: fill})
	head := strings.TrimPrefix(a.Label, "LIST ")
	if a.Items > 0 {
		head += " · " + thousands(int64(a.Items))
	}
	sc.fit(r.X+8, r.Y+6, head, ProseBold, 16, Left, sc.Theme.Ink, r.W-16)
	tail := "last page"
	switch {
	case a.Err != "": // what came instead of an answer, in the client's own words
		short := strings.TrimSuffix(errTail(a.Err), " by peer") // "connection reset"
		tail = sc.Theme.fitAny(Mono, 16, r.W-16, a.Err, errTail(a.Err), short, short[strings.LastIndex(short, " ")+1:])
	case a.Continue != "":
		tail = "continue " + a.Continue
	case a.Source != "":
		tail = a.Source
	}
	if a.Seats > 0 && a.Continue == "" && a.Err == "" {
		seats := itoa(a.Seats) + " seats"
		if a.Seats == 1 {
			seats = "1 seat"
		}
		tail = sc.Theme.fitAny(Mono, 16, r.W-16, seats+" · "+tail, seats)
	}
	sc.fit(r.X+8, r.Y+r.H-sc.Theme.Pitch(16, 26), tail, Mono, 16, Left, sc.Theme.Muted, r.W-16)
}

// errTail is an error without its operation: "connection reset by peer"
// from "read: connection reset by peer".
func errTail(err string) string {
	if i := strings.LastIndex(err, ": "); i >= 0 {
		return err[i+2:]
	}
	return err
}
