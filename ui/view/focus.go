package view

import (
	"strings"
	"time"
)

// TargetRegion maps a lesson highlight (the lessons package's target
// vocabulary, "apiserver.ring" or "etcd.key:/registry/...") to the part
// of the stage that shows it. ok is false for targets this layout does
// not draw (they then dim nothing).
func TargetRegion(s Snapshot, target string) (Region, bool) {
	name, _, _ := strings.Cut(target, ":")
	if !full(s) {
		return etcdViewRegion(s, name)
	}
	api := func(x0, x1 float64) (Region, bool) {
		return Region{x0, APITop + 36, x1 - x0, APIBot - APITop - 44}, true
	}
	switch name {
	case "etcd.tape", "etcd.revision", "etcd.key", "etcd.tombstone", "etcd.compaction",
		"etcd.watchers", "etcd.watch", "etcd.progress":
		return Region{StageLeft, EtcdTop, StageRight - StageLeft, EtcdBot - EtcdTop}, true
	case "apiserver.ring":
		return api(StageLeft+8, RingCX+RingR+272)
	case "apiserver.store":
		return api(RingCX+RingR+272, RingCX+RingR+424)
	case "apiserver.broadcaster", "apiserver.watchers":
		return api(FanX-24, WatchersRight+16)
	case "apiserver.apf":
		return api(APFLeft-12, GaugeLeft-16)
	case "apiserver.memory":
		return api(GaugeLeft-12, StageRight-8)
	case "apiserver.replica":
		return Region{StageLeft, APITop, StageRight - StageLeft, APIBot - APITop}, true
	case "client.reflector":
		return pipeRegion(s, 0), true
	case "client.fifo":
		return pipeRegion(s, 1), true
	case "client.indexer":
		return pipeRegion(s, 2), true
	case "client.handlers":
		return pipeRegion(s, 3), true
	case "client":
		return Region{StageLeft, ClientsTop, StageRight - StageLeft, ClientsBot - ClientsTop}, true
	case "metric":
		return Region{ChartsLeft, ClientsTop, StageEnd - ChartsLeft, EtcdBot - ClientsTop}, true
	case "console":
		return Region{StageLeft, PanelTop, StageEnd - StageLeft, PanelBot - PanelTop}, true
	case "timeline":
		return Region{StageLeft, TimelineTop, StageEnd - StageLeft, TimelineBot - TimelineTop}, true
	case "figure":
		return FigureRegion, true
	}
	return Region{}, false
}

// pipeRegion frames column i of the informer pipeline over the rows drawn.
func pipeRegion(s Snapshot, i int) Region {
	rows := max(1, min(len(s.Clients), MaxClientRows))
	return Region{pipeline[i].x - 8, ClientsTop + 32, pipeline[i].w + 16, float64(ClientRowTop-ClientsTop-32+rows*ClientRowH) + 4}
}

// etcdViewRegion maps targets on the large etcd tape layout.
func etcdViewRegion(s Snapshot, name string) (Region, bool) {
	switch name {
	case "etcd.tape", "etcd.revision":
		return Region{Margin - 16, TapeTop - 48, GridRight - Margin + 32, TapeH + 64}, true
	case "etcd.key", "etcd.tombstone", "etcd.watchers", "etcd.watch", "etcd.progress":
		return Region{Margin - 16, LanesLabel - 8, GridRight - Margin + 32, lanesBottom(s) - LanesLabel + 16}, true
	case "etcd.compaction":
		return Region{Margin - 16, TapeTop - 48, GridRight - Margin + 32, lanesBottom(s) - TapeTop + 96}, true
	case "console", "timeline":
		return Region{StageLeft, PanelTop, StageEnd - StageLeft, TimelineBot - PanelTop}, true
	}
	return Region{}, false
}

// blocks are the stage's big parts; a block with no highlighted region in
// it is dimmed so the eye goes to the one that has.
func blocks(s Snapshot) []Region {
	if !full(s) {
		return []Region{
			{0, TapeTop - 56, DesignW, LanesLabel - TapeTop + 48},
			{0, LanesLabel - 8, DesignW, PanelTop - LanesLabel + 4},
		}
	}
	return []Region{
		{StageLeft, ClientsTop, StageRight - StageLeft, ClientsBot - ClientsTop},
		{StageLeft, APITop, StageRight - StageLeft, APIBot - APITop},
		{StageLeft, EtcdTop, StageRight - StageLeft, EtcdBot - EtcdTop},
		{ChartsLeft, ClientsTop, StageEnd - ChartsLeft, EtcdBot - ClientsTop},
	}
}

func overlaps(a, b Region) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// focus dims every block the step does not point at and outlines the
// regions it does: one focal point per step.
func focus(sc *Scene, s Snapshot, now time.Duration) {
	if s.Lesson == nil || len(s.Lesson.Highlights) == 0 {
		return
	}
	var rs []Region
	for _, t := range s.Lesson.Highlights {
		if r, ok := TargetRegion(s, t); ok {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return
	}
	o := sc.over()
	for _, b := range blocks(s) {
		lit := false
		for _, r := range rs {
			lit = lit || overlaps(b, r)
		}
		if !lit {
			o.rect(Rect{X: b.X - 2, Y: b.Y - 2, W: b.W + 4, H: b.H + 4, Fill: Fade(sc.Theme.Background, 0.62)})
		}
	}
	for _, r := range rs {
		outline(o, r, sc.Theme.Yellow)
	}
}

// outline draws a 2 px frame around r.
func outline(sc *Scene, r Region, c colorRGBA) {
	const w = 2
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: w, Fill: c})
	sc.rect(Rect{X: r.X, Y: r.Y + r.H - w, W: r.W, H: w, Fill: c})
	sc.rect(Rect{X: r.X, Y: r.Y, W: w, H: r.H, Fill: c})
	sc.rect(Rect{X: r.X + r.W - w, Y: r.Y, W: w, H: r.H, Fill: c})
}
