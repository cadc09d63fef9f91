package view

import (
	"image/color"
	"time"
)

type colorRGBA = color.RGBA

// Geometry of the clients band.
const (
	MaxClientRows = 4
	ClientRowH    = 44
	ClientRowTop  = ClientsTop + 52
	GridLeftK     = 1000 // the kubelet grid, up to the band's right edge
	GridW         = StageRight - 16 - GridLeftK
	GridH         = ClientsBot - 16 - ClientRowTop
)

// gridCell is the cell size that fits n cells in the grid: large squares
// for a small cluster, 8 px cells (each standing for several kubelets)
// at 5,000 nodes.
func gridCell(n int) (cell, cols, cells int) {
	for _, c := range []int{32, 24, 16, 12, 10, 8} {
		cols, rows := GridW/c, GridH/c
		if cols*rows >= n || c == 8 {
			return c, cols, cols * rows
		}
	}
	return 8, GridW / 8, (GridW / 8) * (GridH / 8)
}

// The informer pipeline's boxes, left to right, as client-go builds it:
//
//	Reflector --> FIFO --> Indexer --> handlers
//	(LIST+WATCH,  (deltas   (the local  (your code,
//	 last RV)      queued)   cache)      one listener each)
var pipeline = [...]struct {
	name string
	x, w float64
}{
	{"Reflector", 288, 224},
	{"FIFO", 552, 120},
	{"Indexer", 712, 120},
	{"handlers", 872, 96},
}

// clients draws the client layer: a few informers in detail, the
// kubelets as a grid, or a note that the console is the only client.
func clients(sc *Scene, s Snapshot, m *Motion, now time.Duration) {
	band(sc, ClientsTop, ClientsBot, "CLIENTS", "client-go informers: Reflector > FIFO > Indexer > handlers")
	if s.ClientN == 0 {
		sc.mark(Mark{X: StageLeft + 28, Y: ClientRowTop + 8, R: 8, Shape: Circle, Color: Muted})
		sc.label(StageLeft+44, ClientRowTop-3, "no informers in this world: the console is the client (kubectl, etcdctl)", Prose, 18, Left, Caption)
		ranIn(sc, s, ClientRowTop+32, StageRight-16)
		return
	}
	if len(s.Clients) > 0 {
		for _, p := range pipeline {
			sc.label(p.x+4, ClientsTop+35, p.name, ProseBold, 14, Left, Muted)
		}
	}
	for i, c := range s.Clients {
		if i == MaxClientRows {
			break
		}
		clientRow(sc, float64(ClientRowTop+i*ClientRowH), c)
		if s.UI.HoverRV > 0 && c.LastRV == itoa(int(s.UI.HoverRV)) {
			r := pipeline[0]
			outline(sc.over(), Region{r.x - 3, float64(ClientRowTop+i*ClientRowH) - 3, r.w + 6, ClientRowH - 2}, Yellow)
		}
	}
	if more := s.ClientN - min(len(s.Clients), MaxClientRows); more > 0 && len(s.Kubelets) == 0 {
		sc.label(StageLeft+16, ClientsBot-28, "+"+thousands(int64(more))+" more clients", Prose, 16, Left, Caption)
	}
	if len(s.Kubelets) > 0 {
		kubeletGrid(sc, s.Kubelets)
	}
	if rows := min(len(s.Clients), MaxClientRows); len(s.Kubelets) == 0 && rows <= 2 {
		ranIn(sc, s, float64(ClientRowTop+rows*ClientRowH+8), StageRight-16)
	}
}

// ranIn lists the commands the shown lesson step ran, from y down to the
// bottom of the clients band (the room a small cluster leaves free).
func ranIn(sc *Scene, s Snapshot, top, right float64) {
	l := s.Lesson
	if l == nil || len(l.Actions) == 0 {
		return
	}
	rows := int((ClientsBot - 12 - top - 24) / 24)
	if rows < 1 {
		return
	}
	sc.label(StageLeft+16, top, "THIS STEP RAN", ProseBold, 14, Left, Muted)
	acts := l.Actions
	if len(acts) > rows {
		acts = acts[len(acts)-rows:]
	}
	for i, a := range acts {
		y := top + 24 + float64(i)*24
		sc.label(StageLeft+16, y, "$ "+clip(a.Cmd, 80), Mono, 16, Left, Muted)
		c := Caption
		if a.Failed {
			c = Orange
		}
		sc.label(right, y, clip(summaryLine(a.Out), 40), Mono, 16, Right, c)
	}
}

// clientRow draws one informer's pipeline at row top y.
func clientRow(sc *Scene, y float64, c Client) {
	sc.label(StageLeft+16, y+6, clip(c.Name, 20), Mono, 18, Left, Ink)
	sc.label(StageLeft+16, y+28, c.Role+" · "+c.Resource, Prose, 13, Left, Caption)
	h := float64(ClientRowH - 8)
	for i, p := range pipeline {
		fill := PanelHi
		if i == 0 && c.Relisting {
			fill = Mix(PanelHi, Orange, 0.35)
		}
		sc.rect(Rect{X: p.x, Y: y, W: p.w, H: h, Radius: 6, Fill: fill})
		if i > 0 {
			px := pipeline[i-1].x + pipeline[i-1].w
			sc.line(Line{X0: px + 4, Y0: y + h/2, X1: p.x - 4, Y1: y + h/2, Width: 2, Color: Faint})
		}
	}
	phaseC := Muted
	switch c.Phase {
	case "watching":
		phaseC = BluishGreen
	case "listing", "watch-list":
		phaseC = Orange
	case "backoff", "watch retry wait", "watch-list retry wait":
		phaseC = Vermillion
	}
	r := pipeline[0]
	sc.label(r.x+10, y+9, shortPhase(c.Phase), Prose, 16, Left, phaseC)
	sc.label(r.x+r.w-10, y+9, "RV "+c.LastRV, Mono, 16, Right, Ink)
	sc.label(pipeline[1].x+pipeline[1].w-10, y+8, itoa(c.FIFO), Mono, 18, Right, Ink)
	sc.label(pipeline[2].x+pipeline[2].w-10, y+8, thousands(int64(c.Store)), Mono, 18, Right, Ink)
	sc.label(pipeline[3].x+pipeline[3].w-10, y+8, itoa(c.Handlers), Mono, 18, Right, Ink)
}

// ClientAnchor is where packets for client row i arrive: the Reflector's
// bottom edge.
func ClientAnchor(i int) (float64, float64) {
	if i >= MaxClientRows {
		return GridLeftK + GridW/2, ClientRowTop + GridH/2
	}
	return pipeline[0].x + 40, float64(ClientRowTop+i*ClientRowH) + ClientRowH/2
}

// kubeletGrid draws every kubelet as a cell (or a cell per group of
// kubelets at scale), coloured by its reflector's phase: watching calm,
// listing orange, backing off red. A relist storm is a wave of orange.
func kubeletGrid(sc *Scene, ks []Client) {
	n := len(ks)
	cell, cols, cells := gridCell(n)
	per := max(1, (n+cells-1)/cells)
	sc.label(GridLeftK, ClientsTop+35, thousands(int64(n))+plural(n, " kubelet", " kubelets"), ProseBold, 14, Left, Muted)
	gridLegend(sc)
	if per > 1 {
		sc.label(GridLeftK+GridW, ClientsBot-20, "1 cell = "+itoa(per)+" kubelets (the worst shown)", Prose, 13, Right, Caption)
	}
	gap := float64(max(2, cell/6))
	for i := 0; i*per < n && i < cells; i++ {
		worst := 0
		for _, k := range ks[i*per : min(n, (i+1)*per)] {
			worst = max(worst, phaseRank(k.Phase))
		}
		x := float64(GridLeftK + (i%cols)*cell)
		y := float64(ClientRowTop + (i/cols)*cell)
		sc.rect(Rect{X: x, Y: y, W: float64(cell) - gap, H: float64(cell) - gap, Fill: rankColor[worst]})
	}
}

// phaseRank orders reflector phases by how alarming they look.
func phaseRank(p string) int {
	switch p {
	case "watching":
		return 1
	case "listing", "watch-list":
		return 2
	case "backoff", "watch retry wait", "watch-list retry wait":
		return 3
	}
	return 0
}

var rankColor = [...]colorRGBA{
	{R: 0x3A, G: 0x40, B: 0x4A, A: 0xFF}, // stopped / unknown
	{R: 0x1F, G: 0x5E, B: 0x4C, A: 0xFF}, // watching: a calm bluish green
	{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF}, // listing: Orange
	{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}, // backing off: Vermillion
}

// gridLegend names the grid's colours with a swatch each.
func gridLegend(sc *Scene) {
	x := float64(GridLeftK + GridW)
	for i := 3; i >= 1; i-- {
		name := [...]string{"", "watching", "listing", "backing off"}[i]
		w := Measure(Prose, textSize(14), name)
		sc.label(x, ClientsTop+35, name, Prose, 14, Right, Caption)
		sc.rect(Rect{X: x - w - 16, Y: ClientsTop + 38, W: 10, H: 10, Fill: rankColor[i]})
		x -= w + 32
	}
}

// shortPhase fits a reflector phase in its box.
func shortPhase(p string) string {
	switch p {
	case "watch retry wait", "watch-list retry wait":
		return "retry wait"
	case "":
		return "starting"
	}
	return clip(p, 12)
}

// plural picks the singular form for exactly one.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
