package view

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"watchscope/ui/scene"
)

// castStage draws the lesson world's cast as a diagram: bands, wires,
// actors, the callout of the step's answer, the charts, and the focus.
func castStage(sc *Scene, s Snapshot) CastLayout {
	c := &s.Cast
	l := LayoutCast(c, sc.Theme)
	bandFrame(sc, CastClientsTop, CastClientsBot, "CLIENTS", "who asks, and what they keep")
	bandFrame(sc, CastAPITop, CastAPIBot, "API SERVER", "")
	bandFrame(sc, CastEtcdTop, CastEtcdBot, "ETCD", "every write takes the next revision")
	if len(c.Of(scene.KindInformer))+len(c.Of(scene.KindClient))+len(c.Of(scene.KindKubelets))+len(c.Of(scene.KindPoller))+len(c.Of(scene.KindPage)) == 0 {
		sc.label(StageLeft+bandPad, CastClientsTop+bandLabelH+8, "no clients in this world: the console (kubectl, etcdctl) asks", Prose, 18, Left, sc.Theme.Caption)
	}
	castWires(sc, c, &l)
	for _, b := range l.Boxes {
		a := c.Find(b.ID)
		if a == nil || b.Pill < 0 {
			continue
		}
		if b.Pill > 1 {
			a = watchersTogether(c, a, b.Pill)
		}
		drawActor(sc, a, b.Region)
	}
	for _, d := range l.Dispatchers {
		if a := c.Find(d.ID); a != nil && a.Dispatch != nil {
			dispatcherBox(sc, a, d.Region)
		}
	}
	if c.Callout != nil {
		callout(sc, c, &l)
	}
	castCharts(sc, c)
	castFocus(sc, c, &l)
	return l
}

// bandFrame is one band's panel with its title on the left.
func bandFrame(sc *Scene, top, bottom float64, title, caption string) {
	sc.rect(Rect{X: StageLeft, Y: top, W: StageRight - StageLeft, H: bottom - top, Radius: 12, Fill: sc.Theme.Panel})
	sc.label(StageLeft+bandPad, top+8, title, ProseBold, 16, Left, sc.Theme.Muted)
	if caption != "" {
		x := StageLeft + bandPad + Measure(ProseBold, sc.Theme.TextSize(16), title) + 16
		sc.label(x, top+8, caption, Prose, 16, Left, sc.Theme.Caption)
	}
}

// fitText shortens s until it is at most w wide at size. It drops whole
// words from the end and ends with an ellipsis ("6 watches of other…");
// a hyphenated name may lose its parts after a hyphen ("controller-…").
// It never draws a lone "…" nor a word cut into a fragment ("config…",
// "223…" of a revision): when not even the first word fits, that word's
// known short form stands in for it ("configmaps" → "cm", shortForms),
// and failing that fitText returns "" and nothing is drawn. Only an
// opaque token (a continue token: a word of tokenRunes or more) is cut
// wherever it fits.
func (th Theme) fitText(f Font, size float64, s string, w float64) string {
	size = th.TextSize(size)
	if Measure(f, size, s) <= w {
		return s
	}
	cut, kind := cutToFit(f, size, s, w)
	if kind == cutWords {
		return cut
	}
	first, rest, _ := strings.Cut(s, " ")
	for _, short := range shortForms[first] { // a short form whole ("kcm") before one cut ("ctrl-…")
		if t := strings.TrimSpace(short + " " + rest); Measure(f, size, t) <= w {
			return t
		}
	}
	for _, short := range shortForms[first] {
		if t := th.fitText(f, size, strings.TrimSpace(short+" "+rest), w); t != "" {
			return t
		}
	}
	if kind == cutHyphen || kind == cutInside && utf8.RuneCountInString(first) >= tokenRunes {
		return cut
	}
	return ""
}

// tokenRunes is how long a word must be to count as an opaque token
// (a continue token, a base64 blob) that fitText may cut anywhere.
const tokenRunes = 24

// shortForms are the short names the stage may draw for a word that does
// not fit whole, longest first: kubectl's short names for the resources
// the lessons use, and the controller manager's usual abbreviations.
var shortForms = map[string][]string{
	"configmaps": {"cm"}, "namespaces": {"ns"}, "endpoints": {"ep"}, "events": {"ev"},
	"nodes": {"no"}, "pods": {"po"}, "services": {"svc"}, "deployments": {"deploy"},
	"replicasets": {"rs"}, "serviceaccounts": {"sa"}, "persistentvolumeclaims": {"pvc"},
	"controller-manager": {"ctrl-mgr", "kcm"},
}

// How cutToFit ended its prefix.
const (
	cutNone   = iota // nothing but the ellipsis fits
	cutWords         // after a whole word (a space or punctuation follows it)
	cutHyphen        // after a hyphen inside the first word
	cutInside        // inside the first word
)

// cutToFit is the longest prefix of s that fits in w with an ellipsis,
// moved back to its last word boundary when it ends inside a word, and
// how it ends.
func cutToFit(f Font, size float64, s string, w float64) (string, int) {
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := strings.TrimRight(string(r), " ") + "…"; Measure(f, size, t) <= w {
			next, _ := utf8.DecodeRuneInString(s[len(string(r)):])
			return wordCut(r, !boundary(r[len(r)-1], next))
		}
	}
	return "", cutNone
}

// breakAfter: a text may be cut after these without cutting a word.
func breakAfter(c rune) bool { return strings.ContainsRune(" ,/-·:(=&", c) }

// boundary: a text may be cut between a and b without cutting a word
// (nor a number: "20,000" is not cut after its comma).
func boundary(a, b rune) bool {
	if a == ',' && unicode.IsDigit(b) {
		return false
	}
	return b == ' ' || breakAfter(a)
}

// wordCut ends a prefix that fits with an ellipsis, at its last word
// boundary when the prefix ends inside a word ("6 watches of other…",
// not "…of other c…"), and says where it cut (cutToFit).
func wordCut(r []rune, midWord bool) (string, int) {
	end := len(r)
	if midWord {
		end = 0
		for i := len(r) - 1; i > 0; i-- {
			if boundary(r[i-1], r[i]) {
				end = i
				break
			}
		}
		if end == 0 {
			return strings.TrimRight(string(r), " ,·:(") + "…", cutInside
		}
	}
	kind := cutWords
	if r[end-1] == '-' && !strings.ContainsFunc(string(r[:end-1]), func(c rune) bool { return c != '-' && breakAfter(c) }) {
		kind = cutHyphen
	}
	return strings.TrimRight(string(r[:end]), " ,·:(") + "…", kind
}

// fitAny is the first of candidates (longest first) that fits in w, or
// the last one cut with an ellipsis: a narrow box says "601" rather than
// "oldest 6…".
func (th Theme) fitAny(f Font, size, w float64, candidates ...string) string {
	for _, c := range candidates {
		if Measure(f, th.TextSize(size), c) <= w {
			return c
		}
	}
	return th.fitText(f, size, candidates[len(candidates)-1], w)
}

// wrapHard wraps text at spaces and breaks a word longer than the width
// (a continue token) wherever it must.
func wrapHard(text string, f Font, size, width float64) []string {
	var out []string
	for _, line := range Wrap(text, f, size, width) {
		for Measure(f, size, line) > width {
			r := []rune(line)
			n := len(r) - 1
			for n > 1 && Measure(f, size, string(r[:n])) > width {
				n--
			}
			out, line = append(out, string(r[:n])), string(r[n:])
		}
		out = append(out, line)
	}
	return out
}

// text draws s cut to width w.
func (s *Scene) fit(x, y float64, str string, f Font, size float64, a Align, c colorRGBA, w float64) {
	s.label(x, y, s.Theme.fitText(f, size, str, w), f, size, a, c)
}

// drawers draw each kind of actor in its box.
var drawers = map[scene.Kind]func(*Scene, *scene.Actor, Region){
	scene.KindInformer: informerBox, scene.KindClient: groupBox, scene.KindKubelets: groupBox,
	scene.KindPoller: groupBox, scene.KindPage: pageCard, scene.KindAPIServer: replicaPanel,
	scene.KindCache: cacheRing, scene.KindCacheWatcher: watcherPill, scene.KindMemory: memoryBox,
	scene.KindAPF: apfBox, scene.KindSnapshot: snapshotCard, scene.KindEtcd: etcdBox,
	scene.KindEtcdWatch: etcdWatchPill,
}

func drawActor(sc *Scene, a *scene.Actor, r Region) {
	if draw, ok := drawers[a.Kind]; ok {
		draw(sc, a, r)
	}
}

func snapshotCard(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 8, Fill: Mix(sc.Theme.PanelHi, ReddishPurple, 0.18)})
	sc.fit(r.X+10, r.Y+6, "snapshot", ProseBold, 16, Left, sc.Theme.Ink, r.W-20)
	sc.label(r.X+10, r.Y+28, sc.Theme.fitAny(Mono, 16, r.W-20, "rv "+itoa(int(a.RV)), itoa(int(a.RV))), Mono, 16, Left, sc.Theme.Muted)
}

func countBadge(a *scene.Actor) string {
	if a.Count > 1 {
		return "×" + thousands(int64(a.Count)) + " "
	}
	return ""
}

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

// groupBox is a client, the kubelets or the pollers: its name (with a
// count) and one line of what it does.
func groupBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	title := a.Label
	if a.Kind == scene.KindClient && a.Count > 1 {
		title = countBadge(a) + a.Label
	}
	sc.fit(r.X+12, r.Y+8, title, ProseBold, 20, Left, sc.Theme.Ink, r.W-24)
	for i, line := range Wrap(a.Detail, Prose, sc.Theme.TextSize(16), r.W-24) {
		if i == 2 {
			break
		}
		sc.label(r.X+12, r.Y+40+float64(i)*22, line, Prose, 16, Left, sc.Theme.Muted)
	}
	n := min(a.Count, 24) // a few visible members of a group
	for i := 0; i < n; i++ {
		x := r.X + 12 + float64(i%12)*16
		y := r.Y + r.H - 40 + float64(i/12)*16
		if x+12 > r.X+r.W-8 {
			continue
		}
		sc.rect(Rect{X: x, Y: y, W: 12, H: 12, Radius: 3, Fill: Mix(sc.Theme.PanelHi, SkyBlue, 0.55)})
	}
}

// pageCard is one LIST answer: page number, items, its continue token.
func pageCard(sc *Scene, a *scene.Actor, r Region) {
	fill := Mix(sc.Theme.PanelHi, SkyBlue, 0.12)
	if strings.Contains(a.Detail, "no answer") {
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
	case strings.Contains(a.Detail, "no answer"):
		tail = "no answer"
	case a.Continue != "":
		tail = "continue " + a.Continue
	case a.Source != "":
		tail = a.Source
	}
	if a.Seats > 0 && a.Continue == "" && !strings.Contains(a.Detail, "no answer") {
		seats := itoa(a.Seats) + " seats"
		if a.Seats == 1 {
			seats = "1 seat"
		}
		tail = sc.Theme.fitAny(Mono, 16, r.W-16, seats+" · "+tail, seats)
	}
	sc.fit(r.X+8, r.Y+r.H-26, tail, Mono, 16, Left, sc.Theme.Muted, r.W-16)
}

func replicaPanel(sc *Scene, a *scene.Actor, r Region) {
	fill := sc.Theme.PanelHi
	if a.Down {
		fill = Mix(sc.Theme.PanelHi, Orange, 0.12)
	}
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: Mix(fill, sc.Theme.Panel, 0.4)})
	sc.label(r.X+12, r.Y+8, a.Label, ProseBold, 18, Left, sc.Theme.Ink)
	if a.Detail != "" { // down, starting, or not ready
		x := r.X + 24 + Measure(ProseBold, sc.Theme.TextSize(18), a.Label)
		sc.fit(x, r.Y+9, a.Detail, Prose, 16, Left, Orange, r.X+r.W-12-x)
	}
}

// cacheRing is a watch cache: its resource, the ring of slots filled
// from the oldest event to the newest, and the RVs at the ring's ends.
func cacheRing(sc *Scene, a *scene.Actor, r Region) {
	ring := a.Ring
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.fit(r.X+r.W/2, r.Y+4, a.Resource, ProseBold, 18, Center, sc.Theme.Ink, r.W-12)
	radius := func(lines float64) float64 { // oldest, newest (and the fill when it does not fit inside)
		return math.Max(12, math.Min(math.Min(56, (r.W-24)/2), (r.H-40-12-lines*20-8)/2))
	}
	lines := 3.0 // oldest, newest, objects
	state := cacheState(a)
	if state != "" {
		lines++ // the state under them
	}
	rad := radius(lines)
	countOutside := false // the ring's count does not fit inside it
	if ring != nil && Measure(Mono, sc.Theme.TextSize(16), thousands(int64(ring.Len))+"/"+thousands(int64(ring.Capacity))) > 1.6*rad-12 {
		countOutside = true
		lines++
		rad = radius(lines)
	}
	cx, cy := r.X+r.W/2, r.Y+40+rad
	sc.arc(Arc{CX: cx, CY: cy, R: rad, From: 0, To: 2 * math.Pi, Width: 10, Color: sc.Theme.Rule})
	if ring == nil {
		return
	}
	fill := 0.0
	if ring.Capacity > 0 {
		fill = float64(ring.Len) / float64(ring.Capacity)
	}
	if fill > 0 {
		from := ringAngle(ring.Start, ring.Capacity)
		sc.arc(Arc{CX: cx, CY: cy, R: rad, From: from, To: from + 2*math.Pi*fill, Width: 10, Color: SkyBlue})
		end := from + 2*math.Pi*fill // the newest slot's end
		sc.mark(Mark{X: cx + rad*math.Cos(end), Y: cy + rad*math.Sin(end), R: 7, Shape: Circle, Color: sc.Theme.Ink})
	}
	behind(sc, ring, cx, cy, rad)
	start := ringAngle(ring.Start, ring.Capacity) // the oldest event's slot
	sc.mark(Mark{X: cx + rad*math.Cos(start), Y: cy + rad*math.Sin(start), R: 7, Shape: Diamond, Color: sc.Theme.Yellow})
	inside := thousands(int64(ring.Len)) + "/" + thousands(int64(ring.Capacity))
	y := cy + rad + 12
	if !countOutside {
		sc.label(cx, cy-10, inside, Mono, 16, Center, sc.Theme.Ink)
	} else {
		sc.label(cx, y, sc.Theme.fitAny(Mono, 16, r.W-12, inside+" slots", inside, thousands(int64(ring.Len))), Mono, 16, Center, sc.Theme.Ink)
		y += 20
	}
	oldest, newest := itoa(int(ring.OldestRV)), itoa(int(ring.RV))
	sc.label(cx, y, sc.Theme.fitAny(Mono, 16, r.W-12, "oldest "+oldest, oldest), Mono, 16, Center, sc.Theme.Yellow)
	sc.label(cx, y+20, sc.Theme.fitAny(Mono, 16, r.W-12, "newest "+newest, newest), Mono, 16, Center, sc.Theme.Muted)
	objs := thousands(int64(ring.Objects))
	sc.label(cx, y+40, sc.Theme.fitAny(Prose, 16, r.W-12, objs+" objects", objs+" obj", objs), Prose, 16, Center, sc.Theme.Caption)
	if state != "" {
		sc.label(cx, y+60, sc.Theme.fitAny(ProseBold, 16, r.W-12, state, strings.Fields(state)[0]), ProseBold, 16, Center, Orange)
	}
}

// cacheState is what a cache that is not simply serving says under its
// ring: "Pending (429s)" while it (re)initializes, "not reading etcd"
// while its etcd watch is stalled; "" when Ready and reading.
func cacheState(a *scene.Actor) string {
	switch {
	case a.Detail == "Pending":
		return "Pending (429s)"
	case a.Detail == "Stopped":
		return "Stopped"
	case a.Stalled:
		return "not reading etcd"
	}
	return ""
}

// behind draws each watcher that has fallen behind where it stands on
// the ring: an orange arc outside the ring from the event it reads next
// to the newest, the events it still owes. A watcher that stalls drifts
// back along the ring as the ring fills, until it is dropped.
func behind(sc *Scene, ring *scene.Ring, cx, cy, rad float64) {
	if ring.Capacity <= 0 {
		return
	}
	end := ringAngle(ring.Start, ring.Capacity) + 2*math.Pi*float64(ring.Len)/float64(ring.Capacity)
	for _, n := range ring.Behind {
		from := end - 2*math.Pi*float64(min(n, ring.Capacity))/float64(ring.Capacity)
		sc.arc(Arc{CX: cx, CY: cy, R: rad + 10, From: from, To: end, Width: 4, Color: Orange})
		sc.mark(Mark{X: cx + (rad+10)*math.Cos(from), Y: cy + (rad+10)*math.Sin(from), R: 5, Shape: Circle, Color: Orange})
	}
}

func watcherPill(sc *Scene, a *scene.Actor, r Region) {
	fill := Mix(sc.Theme.PanelHi, BluishGreen, 0.22)
	if a.Queued > 0 {
		fill = Mix(sc.Theme.PanelHi, Orange, 0.3)
	}
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: r.H / 2, Fill: fill})
	texts := []string{a.Label}
	if a.Queued > 0 {
		texts = []string{a.Label + " · " + itoa(a.Queued) + " behind", itoa(a.Queued) + " behind"}
	}
	if a.Count > 0 {
		texts = append(texts, "×"+itoa(a.Count))
	}
	sc.label(r.X+r.W/2, r.Y+5, sc.Theme.fitAny(Prose, 16, r.W-16, texts...), Prose, 16, Center, sc.Theme.Ink)
}

// dispatcherBox is the card of a cache's dispatcher (a.Dispatch): what
// one dispatcher costs and does for all the cache's watchers, counted by
// the simulation's cacher: whom the latest event was offered to (the
// trigger index keeps that near two for a thousand kubelets), the
// buffers it found full, the time it stood waiting within its budget,
// and the watchers it cut off.
func dispatcherBox(sc *Scene, a *scene.Actor, r Region) {
	d := a.Dispatch
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.fit(r.X+12, r.Y+8, "dispatcher · "+a.Resource+" cache", ProseBold, 18, Left, sc.Theme.Ink, r.W-24)
	ms := func(n int64) string { return thousands(n) + " ms" }
	rows := []struct {
		name, value string
		hot         bool
	}{
		{"watchers", thousands(int64(d.Watchers)), false},
		{"found by node (index)", thousands(int64(d.Indexed)), false},
		{"latest event offered to", thousands(d.LastOffers), false},
		{"events that met a full buffer", thousands(d.Blocked), d.Blocked > 0},
		{"stood waiting, in all", ms(d.WaitedMs), d.WaitedMs > 0},
		{"longest single wait", ms(d.LongestMs), d.LongestMs > 0},
		{"budget it could wait now", ms(d.BudgetMs), false},
		{"watchers cut off as too slow", thousands(d.Cut), d.Cut > 0},
	}
	y := r.Y + 36
	for _, row := range rows {
		if y+22 > r.Y+r.H {
			break
		}
		color := sc.Theme.Ink
		if row.hot {
			color = sc.Theme.Yellow
		}
		vw := Measure(Mono, sc.Theme.TextSize(18), row.value)
		sc.fit(r.X+12, y+2, row.name, Prose, 16, Left, sc.Theme.Muted, r.W-36-vw)
		sc.label(r.X+r.W-12, y, row.value, Mono, 18, Right, color)
		y += 24
	}
}

// watchersTogether is the pill that stands for n watchers of a's cache
// (layoutCaches): "n watchers", orange with the longest queue when one of
// them is behind.
func watchersTogether(c *scene.Scene, a *scene.Actor, n int) *scene.Actor {
	t := *a
	t.Label, t.Count, t.Queued = itoa(n)+" watchers", n, 0
	for i := range c.Actors {
		if w := &c.Actors[i]; w.Kind == scene.KindCacheWatcher && w.Parent == a.Parent {
			t.Queued = max(t.Queued, w.Queued)
		}
	}
	return &t
}

// pillFocused: the step points at one of the watchers a shared pill
// stands for.
func pillFocused(c *scene.Scene, l *CastLayout, b ActorBox) bool {
	for _, o := range l.Boxes {
		if o.Region == b.Region && o.Kind == scene.KindCacheWatcher && c.Focused(o.ID) {
			return true
		}
	}
	return false
}

func memoryBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.fit(r.X+10, r.Y+6, "memory", ProseBold, 16, Left, sc.Theme.Muted, r.W-20)
	sc.fit(r.X+10, r.Y+28, bytesText(a.Bytes), Mono, 20, Left, sc.Theme.Ink, r.W-20)
	if a.Limit > 0 {
		f := clamp01(float64(a.Bytes) / float64(a.Limit))
		col := BluishGreen
		if f > 0.85 {
			col = Orange
		}
		sc.rect(Rect{X: r.X + 10, Y: r.Y + 56, W: r.W - 20, H: 8, Radius: 4, Fill: sc.Theme.Rule})
		sc.rect(Rect{X: r.X + 10, Y: r.Y + 56, W: (r.W - 20) * f, H: 8, Radius: 4, Fill: col})
		sc.fit(r.X+10, r.Y+r.H-24, "limit "+bytesText(a.Limit), Prose, 16, Left, sc.Theme.Caption, r.W-20)
	} else {
		sc.fit(r.X+10, r.Y+r.H-24, "no limit", Prose, 16, Left, sc.Theme.Caption, r.W-20)
	}
}

func apfBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.label(r.X+10, r.Y+6, sc.Theme.fitAny(ProseBold, 16, r.W-20, "Priority & Fairness", "APF"), ProseBold, 16, Left, sc.Theme.Muted)
	level, rest, named := strings.Cut(a.Detail, ": ")
	if !named {
		level, rest = "", a.Detail
	}
	parts := strings.Split(rest, " · ")
	seats := parts[0]
	used, limit, _ := strings.Cut(strings.TrimSuffix(seats, " seats"), " of ")
	y := r.Y + 30
	if level != "" && r.H > 100 {
		for _, line := range levelLines(sc.Theme, level, r.W-20) {
			sc.label(r.X+10, y, line, Mono, 16, Left, sc.Theme.Ink)
			y += 22
		}
	}
	sc.label(r.X+10, y, sc.Theme.fitAny(Mono, 16, r.W-20, seats, used+"/"+limit+" seats", used+"/"+limit), Mono, 16, Left, sc.Theme.Ink)
	for _, p := range parts[1:] {
		if y += 22; y+18 > r.Y+r.H {
			break
		}
		color := sc.Theme.Muted
		if strings.HasSuffix(p, "(429)") {
			color = sc.Theme.Yellow
		}
		sc.fit(r.X+10, y, p, Mono, 16, Left, color, r.W-20)
	}
}

// levelLines is a priority level's name in lines of width w: whole when
// it fits, else broken after its hyphens ("workload-" over "low") rather
// than cut to "workload-…", which hides the level it names.
func levelLines(th Theme, name string, w float64) []string {
	size := th.TextSize(16)
	var lines []string
	cur := ""
	for _, part := range strings.SplitAfter(name, "-") {
		if cur != "" && Measure(Mono, size, cur+part) > w {
			lines, cur = append(lines, cur), ""
		}
		cur += part
	}
	lines = append(lines, cur)
	for i := range lines { // a part wider than w alone is still cut
		lines[i] = th.fitText(Mono, 16, lines[i], w)
	}
	return lines
}

func etcdBox(sc *Scene, a *scene.Actor, r Region) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 10, Fill: sc.Theme.PanelHi})
	sc.label(r.X+12, r.Y+8, a.Label, ProseBold, 18, Left, sc.Theme.Ink)
	sc.label(r.X+12, r.Y+38, "revision", Prose, 16, Left, sc.Theme.Caption)
	sc.label(r.X+r.W-12, r.Y+30, thousands(int64(a.RV)), Mono, 32, Right, sc.Theme.Ink)
	if _, comp, ok := strings.Cut(a.Detail, "compacted at "); ok {
		sc.label(r.X+12, r.Y+r.H-28, "compacted at", Prose, 16, Left, sc.Theme.Caption)
		sc.label(r.X+r.W-12, r.Y+r.H-28, comp, Mono, 18, Right, sc.Theme.Yellow)
	}
}

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

func resourceOf(a *scene.Actor) string {
	if a.Resource == "" {
		return "its"
	}
	return a.Resource
}

// castWires join actors that talk: etcd to its watches, a cache's watch to
// the cache, a cache's watchers to the clients, pollers and pages to
// the replica that answers them.
func castWires(sc *Scene, c *scene.Scene, l *CastLayout) {
	wire := func(ax, ay, bx, by float64) {
		sc.line(Line{X0: ax, Y0: ay, X1: bx, Y1: by, Width: 2, Color: sc.Theme.Faint})
	}
	for _, e := range c.Of(scene.KindEtcd) {
		eb, ok := l.Box(e.ID)
		if !ok {
			continue
		}
		last := eb.X + eb.W
		for _, w := range c.Of(scene.KindEtcdWatch) {
			if wb, ok := l.Box(w.ID); ok {
				last = math.Max(last, wb.X)
				if cx, cy, ok := l.Anchor(w.Source, "bottom"); ok {
					wire(wb.X+wb.W/2, wb.Y, cx, cy)
				}
			}
		}
		y := eb.Y + eb.H/2
		wire(eb.X+eb.W, y, last, y)
	}
	for _, w := range c.Of(scene.KindCacheWatcher) {
		wb, ok := l.Box(w.ID)
		if !ok {
			continue
		}
		for _, cl := range clientsOf(c, w) {
			if x, y, ok := l.Anchor(cl, "bottom"); ok {
				wire(wb.X+wb.W/2, wb.Y, x, y)
			}
		}
	}
	for _, a := range c.Actors {
		if a.Kind != scene.KindPoller && a.Kind != scene.KindPage {
			continue
		}
		target := answererOf(c, &a)
		if x, y, ok := l.Anchor(a.ID, "bottom"); ok {
			if b, ok := l.Box(target); ok {
				wire(x, y, b.X+b.W/2, b.Y)
			}
		}
	}
}

// clientsOf are the client-band actors a cache watcher serves.
func clientsOf(c *scene.Scene, w *scene.Actor) []string {
	var out []string
	for _, a := range c.Actors {
		switch {
		case w.Count == 0 && (a.ID == scene.InformerID(w.Label, w.Resource) || a.ID == scene.ClientID(w.Label)):
			out = append(out, a.ID)
		case w.Count > 0 && a.Resource == w.Resource && (a.Kind == scene.KindInformer || a.Kind == scene.KindKubelets):
			out = append(out, a.ID)
		}
	}
	return out
}

// answererOf is the actor that answers a poller's or a page's LIST: the
// cache of its resource on its replica (the first replica when unknown),
// else the replica.
func answererOf(c *scene.Scene, a *scene.Actor) string {
	rep := a.Replica
	if !strings.HasPrefix(rep, "apiserver-") {
		rep = "apiserver-0"
	}
	if c.Find(scene.CacheID(rep, a.Resource)) != nil {
		return scene.CacheID(rep, a.Resource)
	}
	return rep
}

// callout is the step's key answer, large, beside the actor that got it.
func callout(sc *Scene, c *scene.Scene, l *CastLayout) {
	r := l.Callout
	co := c.Callout
	col := Orange
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: Mix(sc.Theme.Panel, col, 0.16)})
	outline(sc, r, col)
	who := "the answer"
	if co.Client != "" {
		who = co.Client + " got"
	} else if a := c.Find(co.Actor); a != nil {
		who = a.Label + " got"
	}
	sc.fit(r.X+16, r.Y+10, who, ProseBold, 16, Left, sc.Theme.Muted, r.W-32)
	size := 28.0
	lines := wrapHard(co.Text, Mono, size, r.W-32)
	if len(lines) > 3 {
		size = 22
		lines = wrapHard(co.Text, Mono, size, r.W-32)
	}
	for i, line := range lines {
		if i == 3 {
			break
		}
		if i == 2 && len(lines) > 3 {
			line = sc.Theme.fitText(Mono, size, line+" "+lines[3], r.W-32)
		}
		sc.label(r.X+16, r.Y+38+float64(i)*(size+8), line, Mono, size, Left, sc.Theme.Ink)
	}
	if x, y, ok := l.Anchor(co.Actor, ""); ok {
		sc.line(Line{X0: r.X, Y0: r.Y + r.H/2, X1: x, Y1: y, Width: 3, Color: col})
	}
}

// castCharts draws the lesson's charts in the right column: what each
// counts in words, the real series name small beneath it.
func castCharts(sc *Scene, c *scene.Scene) {
	cs := c.Of(scene.KindChart)
	if len(cs) == 0 {
		r := ChartRegion(0)
		sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: sc.Theme.Panel})
		sc.label(r.X+16, r.Y+16, "live metrics appear here", Prose, 18, Left, sc.Theme.Caption)
		return
	}
	for i, a := range cs {
		if i == MaxCharts {
			break
		}
		castChart(sc, ChartRegion(i), a)
	}
}

func castChart(sc *Scene, r Region, a *scene.Actor) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: sc.Theme.Panel})
	w := r.W - 32
	name, labels := splitSeries(a.Metric)
	value := chartValue(name, a.Value)
	vw := Measure(Mono, sc.Theme.TextSize(24), value) + 16
	y := r.Y + 10
	for i, line := range Wrap(a.Label, ProseBold, sc.Theme.TextSize(18), w-vw) {
		if i == 2 {
			break
		}
		sc.fit(r.X+16, y, line, ProseBold, 18, Left, sc.Theme.Ink, w-vw)
		y += sc.Theme.TextSize(18) + 4
	}
	if a.Summed > 1 {
		labels += " sum of " + itoa(a.Summed)
	}
	y = math.Max(y, r.Y+8+LineHeight(sc.Theme.TextSize(24))) // below the value
	series := wrapSeries(name+labels, sc.Theme.TextSize(14), w)
	for i, line := range series {
		sc.fit(r.X+16, y+2+float64(i)*(sc.Theme.TextSize(14)+4), line, Mono, 14, Left, sc.Theme.Caption, w)
	}
	sc.label(r.X+r.W-16, r.Y+8, value, Mono, 24, Right, sc.Theme.Ink)
	lines := float64(max(2, len(series)))
	chartLine(sc, r, a.Series, math.Max(16, r.Y+r.H-16-(y+8+lines*(sc.Theme.TextSize(14)+4))))
}

// wrapSeries breaks a raw series name (with its labels) into at most
// three lines of width w, only where Prometheus names break: after an
// underscore, before the label set or a label, before " sum of". A name
// is never cut mid-word, nor a label's value: one that does not fit on
// the second line ("workload-low", a priority level's name) starts a
// third; only a third line still too long ends in an ellipsis (sc.fit).
func wrapSeries(s string, size, w float64) []string {
	var parts []string
	start, inLabels := 0, false // a label's name keeps its underscores
	for i := 1; i < len(s); i++ {
		inLabels = inLabels || s[i-1] == '{'
		if s[i-1] == '_' && !inLabels || s[i] == '{' || s[i-1] == ',' || strings.HasPrefix(s[i:], " sum of") {
			parts = append(parts, s[start:i])
			start = i
		}
	}
	parts = append(parts, s[start:])
	var lines []string
	cur := ""
	for _, p := range parts {
		if cur != "" && Measure(Mono, size, cur+p) > w && len(lines) < 2 {
			lines, cur = append(lines, cur), ""
		}
		cur += p
	}
	return append(lines, strings.TrimPrefix(cur, " "))
}

// castFocus dims, by an overlay, every actor the step does not point at
// and frames the ones it does.
func castFocus(sc *Scene, c *scene.Scene, l *CastLayout) {
	if len(c.Focus) == 0 {
		return
	}
	o := sc.over()
	for _, b := range l.Boxes {
		if c.Focused(b.ID) || b.Dim.W == 0 || b.Pill < 0 || b.Pill > 1 && pillFocused(c, l, b) {
			continue
		}
		o.rect(Rect{X: b.Dim.X, Y: b.Dim.Y, W: b.Dim.W, H: b.Dim.H, Radius: 8, Fill: Fade(o.Theme.Background, o.Theme.Veil)})
	}
	for i, a := range c.Of(scene.KindChart) {
		if i < MaxCharts && !c.Focused(a.ID) {
			r := ChartRegion(i)
			o.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: Fade(o.Theme.Background, o.Theme.Veil)})
		}
	}
	for _, id := range c.Focus {
		if b, ok := l.Box(id); ok {
			outline(o, Region{b.X - 3, b.Y - 3, b.W + 6, b.H + 6}, sc.Theme.Yellow)
		}
		if strings.HasPrefix(id, "chart/") {
			for i, a := range c.Of(scene.KindChart) {
				if a.ID == id && i < MaxCharts {
					r := ChartRegion(i)
					outline(o, Region{r.X - 3, r.Y - 3, r.W + 6, r.H + 6}, sc.Theme.Yellow)
				}
			}
		}
	}
}
