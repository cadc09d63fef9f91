package view

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Geometry of the API server band.
const (
	RingCX, RingCY, RingR = 176, 496, 72
	RingW                 = 20
	FanX, FanY            = 696, 496 // the broadcaster: where fan-out starts
	WatchersLeft          = 736
	WatchersRight         = 1040
	APFLeft               = 1072
	GaugeLeft             = 1288
	MaxWatcherGlyphs      = 60 // above this the watchers become a heat map
)

// apiServer draws the first replica's watch cache (ring, store), its
// fan-out to client watches, Priority and Fairness and its memory.
func apiServer(sc *Scene, s Snapshot, m *Motion, now time.Duration) {
	caption := "one etcd watch per resource feeds the watch cache; the cache fans out"
	if len(s.APIServers) > 1 { // the replica chips need the room
		caption = "watch cache, fan-out, APF, memory of " + s.APIServers[0].Name
	}
	a := s.APIServers[0]
	verdict, vc := hoverVerdict(a, s.UI.HoverRV)
	if verdict == "" {
		verdict, vc = cacheWarning(a)
	}
	if verdict != "" { // a verdict or warning takes the caption's place: nothing else moves
		caption = ""
	}
	band(sc, APITop, APIBot, "API SERVER", caption)
	if verdict != "" {
		sc.label(StageLeft+16+Measure(ProseBold, 16, "API SERVER")+16, APITop+11, verdict, ProseBold, 18, Left, vc)
	}
	replicaChips(sc, s.APIServers)
	ring(sc, a, s.UI.HoverRV)
	ringStats(sc, a)
	store(sc, a)
	fanOut(sc, a)
	apf(sc, a.Levels)
	memoryGauge(sc, a)
	if !a.Up {
		o := sc.over()
		o.rect(Rect{X: StageLeft + 8, Y: APITop + 40, W: StageRight - StageLeft - 16, H: APIBot - APITop - 48, Radius: 8, Fill: Fade(Background, 0.9)})
		why, detail := downReason(a.Down)
		o.label((StageLeft+StageRight)/2, (APITop+APIBot)/2-36, a.Name+": "+why, ProseBold, 36, Center, Vermillion)
		for i, line := range Wrap(detail, Mono, 16, StageRight-StageLeft-160) {
			if i == 2 {
				break
			}
			o.label((StageLeft+StageRight)/2, (APITop+APIBot)/2+16+float64(i)*24, line, Mono, 16, Center, Muted)
		}
	}
}

// replicaChips lists the replicas on the band's title row, right-aligned:
// a filled dot for a serving replica, a cross for a dead one.
func replicaChips(sc *Scene, rs []APIServer) {
	x := float64(StageRight - 16)
	for i := len(rs) - 1; i >= 0; i-- {
		r := rs[i]
		label, c, shape := r.Name, BluishGreen, Circle
		switch {
		case !r.Up:
			why, _ := downReason(r.Down)
			label, c, shape = r.Name+" "+why, Vermillion, Cross
		case !r.Serving:
			label, c, shape = r.Name+" starting", Orange, Triangle
		}
		w := Measure(Mono, 16, label)
		sc.label(x, APITop+13, label, Mono, 16, Right, Muted)
		sc.mark(Mark{X: x - w - 12, Y: APITop + 23, R: 6, Shape: shape, Color: c})
		x -= w + 40
	}
}

// downReason splits why a replica is down into its name ("OOMKilled")
// and the rest of the message.
func downReason(s string) (string, string) {
	if s == "" {
		return "down", ""
	}
	why, detail, _ := strings.Cut(s, ":")
	return clip(strings.TrimSpace(why), 24), strings.TrimSpace(detail)
}

// ringAngle is the angle of slot i on the ring: slot 0 at 12 o'clock,
// indices growing clockwise.
func ringAngle(i, capacity int) float64 {
	if capacity <= 0 {
		return -math.Pi / 2
	}
	return -math.Pi/2 + 2*math.Pi*float64(i%capacity)/float64(capacity)
}

// ring draws the ring buffer as a ring: grey slots, the filled stretch
// from StartIndex to EndIndex, the start and end ticks, and the fill in
// the middle.
func ring(sc *Scene, a APIServer, hover int64) {
	r := a.Ring
	sc.arc(Arc{CX: RingCX, CY: RingCY, R: RingR, From: 0, To: 2 * math.Pi, Width: RingW, Color: Rule})
	if n := r.Len(); n > 0 && r.Capacity > 0 {
		from := ringAngle(r.StartIndex, r.Capacity)
		to := from + 2*math.Pi*math.Min(1, float64(n)/float64(r.Capacity))
		c := SkyBlue
		if r.Fill() >= 0.999 {
			c = Orange // full: the next event pushes the oldest out
		}
		sc.arc(Arc{CX: RingCX, CY: RingCY, R: RingR, From: from, To: to, Width: RingW, Color: Fade(c, 0.85)})
		tick(sc, from, Muted)
		tick(sc, to, Ink)
	}
	if hover > 0 && r.RV > r.OldestRV && uint64(hover) >= r.OldestRV && uint64(hover) <= r.RV {
		f := float64(uint64(hover)-r.OldestRV) / float64(r.RV-r.OldestRV)
		ang := ringAngle(r.StartIndex, r.Capacity) + 2*math.Pi*f*r.Fill()
		sc.mark(Mark{X: RingCX + RingR*math.Cos(ang), Y: RingCY + RingR*math.Sin(ang), R: 9, Shape: Circle, Color: Yellow})
	}
	pct := strconv.Itoa(int(math.Round(r.Fill()*100))) + "%"
	sc.label(RingCX, RingCY-22, pct, Mono, 28, Center, Ink)
	sc.label(RingCX, RingCY+10, "full", Prose, 16, Center, Caption)
}

// tick is a short radial mark across the ring at angle ang.
func tick(sc *Scene, ang float64, c colorRGBA) {
	x0, y0 := RingCX+(RingR-RingW)*math.Cos(ang), RingCY+(RingR-RingW)*math.Sin(ang)
	x1, y1 := RingCX+(RingR+RingW)*math.Cos(ang), RingCY+(RingR+RingW)*math.Sin(ang)
	sc.line(Line{X0: x0, Y0: y0, X1: x1, Y1: y1, Width: 3, Color: c})
}

// ringStats prints the ring's numbers in a table next to it.
func ringStats(sc *Scene, a APIServer) {
	r := a.Ring
	x, y := float64(RingCX+RingR+40), float64(APITop+48)
	sc.label(x, y, "watch cache · "+a.Resource, ProseBold, 18, Left, Ink)
	rows := []struct{ k, v string }{
		{"capacity", thousands(int64(r.Capacity))},
		{"start", thousands(int64(r.StartIndex))},
		{"end", thousands(int64(r.EndIndex))},
		{"oldest RV", thousands(int64(r.OldestRV))},
		{"cache RV", thousands(int64(r.RV))},
	}
	for i, row := range rows {
		yy := y + 34 + float64(i)*28
		sc.label(x, yy, row.k, Prose, 18, Left, Caption)
		c := Ink
		if row.k == "oldest RV" {
			c = Yellow
		}
		sc.label(x+216, yy, row.v, Mono, 18, Right, c)
	}
}

// cacheWarning is what the band's caption says when the watch cache
// cannot serve: none for this resource, or not initialized yet.
func cacheWarning(a APIServer) (string, colorRGBA) {
	switch {
	case a.Ring.Capacity == 0:
		return "no watch cache for " + a.Resource + ": every read goes to etcd", Orange
	case a.Ready != "" && a.Ready != "Ready":
		return "watch cache " + a.Ready + ": watches get 429 until it has listed from etcd", Orange
	}
	return "", Caption
}

// hoverVerdict says what a watch resuming from the hovered RV would get
// from this cache: the replay from the ring, or 410 Gone ("" when no RV
// is hovered). The band's caption line shows it.
func hoverVerdict(a APIServer, hover int64) (string, colorRGBA) {
	if hover <= 0 || a.Ring.Capacity == 0 {
		return "", Caption
	}
	h := uint64(hover)
	switch {
	case h < a.Ring.OldestRV:
		return "a watch from RV " + thousands(hover) + " gets 410 Gone: older than the ring's oldest " + thousands(int64(a.Ring.OldestRV)), Orange
	case h > a.Ring.RV:
		return "RV " + thousands(hover) + ": the cache has not seen it yet", Yellow
	}
	return "a watch from RV " + thousands(hover) + " is replayed from the ring", BluishGreen
}

// store is the cache's current state: one object per key, what a LIST
// from the cache reads.
func store(sc *Scene, a APIServer) {
	x, y := float64(RingCX+RingR+280), float64(APITop+48)
	sc.rect(Rect{X: x, Y: y, W: 136, H: 128, Radius: 8, Fill: PanelHi})
	sc.label(x+12, y+10, "STORE", ProseBold, 14, Left, Muted)
	sc.label(x+12, y+36, thousands(int64(a.StoreObjs)), Mono, 26, Left, Ink)
	sc.label(x+12, y+72, "objects", Prose, 16, Left, Caption)
	sc.label(x+12, y+96, bytesText(a.StoreBytes), Mono, 16, Left, Caption)
	sc.line(Line{X0: x + 136, Y0: FanY, X1: FanX, Y1: FanY, Width: 2, Color: Faint})
}

// fanOut draws the broadcaster and its watchers: one glyph per watch
// while they fit, a heat map of buffer fill when there are thousands.
func fanOut(sc *Scene, a APIServer) {
	sc.mark(Mark{X: FanX, Y: FanY, R: 10, Shape: Circle, Color: Muted})
	sc.label(WatchersLeft, APITop+48, thousands(int64(a.WatcherN))+plural(a.WatcherN, " watcher", " watchers"), ProseBold, 18, Left, Ink)
	sc.label(WatchersLeft, APITop+72, "buffer fill per watch", Prose, 16, Left, Caption)
	n := a.WatcherN
	if n == 0 {
		sc.label(WatchersLeft, FanY-8, "no client watches yet", Prose, 18, Left, Faint)
		return
	}
	if n <= MaxWatcherGlyphs && len(a.Watchers) > 0 {
		watcherGlyphs(sc, a.Watchers)
		return
	}
	heatMap(sc, a)
}

// watcherSlot is the centre of the i-th watcher glyph.
func watcherSlot(i int) (float64, float64) {
	const cols, pitch = 11, 28
	return WatchersLeft + 12 + float64(i%cols)*pitch, APITop + 116 + float64(i/cols)*pitch
}

func watcherGlyphs(sc *Scene, ws []Watcher) {
	for i, w := range ws {
		x, y := watcherSlot(i)
		sc.line(Line{X0: FanX, Y0: FanY, X1: x, Y1: y, Width: 1, Color: Fade(Faint, 0.5)})
		_ = w
	}
	for i, w := range ws {
		x, y := watcherSlot(i)
		c := bufferColor(w.Buffered, w.Cap)
		sc.mark(Mark{X: x, Y: y, R: 8, Shape: Circle, Color: c})
	}
}

// bufferColor goes from calm to alarming as a watcher's buffer fills.
func bufferColor(n, capacity int) colorRGBA {
	if capacity <= 0 {
		return Muted
	}
	f := float64(n) / float64(capacity)
	switch {
	case f >= 0.9:
		return Vermillion
	case f >= 0.5:
		return Orange
	}
	return Mix(BluishGreen, Muted, 0.2)
}

// heatMap draws thousands of watchers as a grid of cells, each the
// average buffer fill of the watchers it stands for.
func heatMap(sc *Scene, a APIServer) {
	const cols, rows, cell = 22, 6, 14
	sc.line(Line{X0: FanX, Y0: FanY, X1: WatchersLeft, Y1: FanY, Width: 4, Color: Faint})
	per := max(1, (a.WatcherN+cols*rows-1)/(cols*rows))
	for i := 0; i < cols*rows; i++ {
		x := float64(WatchersLeft) + float64(i%cols)*cell
		y := float64(APITop+104) + float64(i/cols)*cell
		c := Fade(Faint, 0.4)
		if i*per < a.WatcherN {
			c = Mix(BluishGreen, Muted, 0.3)
		}
		sc.rect(Rect{X: x, Y: y, W: cell - 2, H: cell - 2, Fill: c})
	}
	sc.label(WatchersLeft, APITop+104+rows*cell+8, "one cell = "+thousands(int64(per))+plural(per, " watch", " watches"), Prose, 14, Left, Caption)
}

// apf draws Priority and Fairness: seats in use against each level's
// limit, and the requests queued behind it.
func apf(sc *Scene, ls []Level) {
	x, y := float64(APFLeft), float64(APITop+48)
	sc.label(x, y, "PRIORITY & FAIRNESS", ProseBold, 14, Left, Muted)
	shown := 0
	for _, l := range ls {
		if l.Exempt || shown == 5 {
			continue
		}
		yy := y + 28 + float64(shown)*30
		sc.label(x, yy, clip(l.Name, 16), Mono, 13, Left, Caption)
		w := 192.0
		bar := yy + textSize(13) + 6 // under the name, whatever the theme's type size
		sc.rect(Rect{X: x, Y: bar, W: w, H: 6, Fill: Rule})
		f := 0.0
		if l.Limit > 0 {
			f = math.Min(1, float64(l.InUse)/float64(l.Limit))
		}
		c := SkyBlue
		if f >= 1 {
			c = Orange
		}
		sc.rect(Rect{X: x, Y: bar, W: w * f, H: 6, Fill: c})
		if l.Waiting > 0 {
			sc.label(x+w, yy, itoa(l.Waiting)+" queued", Mono, 13, Right, Orange)
		}
		shown++
	}
}

// memoryGauge is the replica's memory against its limit; it turns orange
// past 70% and red past 85%, before the kernel's OOM kill at 100%.
func memoryGauge(sc *Scene, a APIServer) {
	x, top, bot := float64(GaugeLeft), float64(APITop+96), float64(APIBot-24)
	sc.label(x, APITop+48, "MEMORY", ProseBold, 14, Left, Muted)
	limit := "no limit"
	if a.MemoryLimit > 0 {
		limit = "limit " + bytesText(a.MemoryLimit)
	}
	sc.label(x, APITop+68, limit, Prose, 13, Left, Caption)
	w := 36.0
	sc.rect(Rect{X: x, Y: top, W: w, H: bot - top, Radius: 6, Fill: Rule})
	const nominal = 4 << 30 // no limit: draw against 4 GiB so the bar still moves
	f := math.Min(1, float64(a.MemoryBytes)/nominal)
	if a.MemoryLimit > 0 {
		f = math.Min(1, float64(a.MemoryBytes)/float64(a.MemoryLimit))
	}
	c := BluishGreen
	switch {
	case f >= 0.85:
		c = Vermillion
	case f >= 0.7:
		c = Orange
	}
	h := (bot - top) * f
	sc.rect(Rect{X: x, Y: bot - h, W: w, H: h, Radius: 6, Fill: c})
	if a.MemoryLimit > 0 {
		sc.line(Line{X0: x - 4, Y0: top, X1: x + w + 4, Y1: top, Width: 2, Color: Vermillion})
	}
	sc.label(x+w+8, min(max(bot-h-10, top), bot-18), shortBytes(a.MemoryBytes), Mono, 14, Left, Ink)
}

// shortBytes is bytesText without decimals past 100 units: "406 MiB".
func shortBytes(b int64) string {
	t := bytesText(b)
	if i := strings.IndexByte(t, '.'); i >= 3 {
		return t[:i] + t[i+2:]
	}
	return t
}
