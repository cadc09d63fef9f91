package scene

import (
	"slices"
	"strings"
)

// RVAxisFigure is etcd's revisions with the step's cache window on them, the
// compaction wall, and the RVs the step names: each replica's cache (when
// there are several: one behind the others reads the past), a 410's
// asked-for RV (left of the window: outside), a watch's start, a
// BOOKMARK, a continue token's revision, a focused informer's last RV.
func RVAxisFigure(w World, st Step, sc *Scene) *Figure {
	head, comp := etcdHead(w)
	f := &Figure{Title: "etcd's revisions", Compacted: comp}
	caches := stepCaches(w, st)
	if len(caches) > 0 {
		r := caches[0].Ring
		f.Window = []uint64{r.OldestRV, r.RV}
		f.Title = "the " + st.resource() + " cache's window on etcd's revisions"
	}
	seen := map[string]bool{}
	add := func(m FigureMark) {
		key := m.Label + "@" + itoa64(int64(m.RV))
		if m.RV == 0 || seen[key] || len(f.Marks) >= 5 && m.Label != "etcd now" {
			return
		}
		seen[key] = true
		f.Marks = append(f.Marks, m)
	}
	if len(caches) > 1 {
		for _, c := range caches {
			add(FigureMark{Label: c.Replica, RV: c.Ring.RV})
		}
	}
	asked := map[uint64]bool{}
	for _, fa := range w.Facts {
		asked[fa.RV] = asked[fa.RV] || fa.What == FactAsked
	}
	for _, fa := range w.Facts {
		if (fa.What == FactWatch || fa.What == FactRead) && asked[fa.RV] {
			continue // the watch that was refused: its asked-for RV is marked
		}
		m := FigureMark{Label: fa.What, RV: fa.RV}
		if fa.What == FactAsked {
			oldest := fa.Oldest
			if f.Window != nil {
				oldest = f.Window[0]
			}
			m.Outside = fa.RV < oldest
		}
		add(m)
	}
	for _, l := range w.Lists {
		if l.Resumed {
			add(FigureMark{Label: "token", RV: l.RV, Source: l.Source})
		}
	}
	for _, a := range sc.Of(KindInformer) {
		if sc.Focused(a.ID) && a.Parts != nil {
			if rv, ok := parseRV(a.Parts.LastRV); ok {
				add(FigureMark{Label: strings.TrimSuffix(a.Label, " informer") + " last seen", RV: rv})
			}
		}
	}
	add(FigureMark{Label: "etcd now", RV: head})
	f.From, f.To = span(f, head)
	return f
}

// span is the revisions an axis shows: everything it marks, and etcd's
// head.
func span(f *Figure, head uint64) (from, to uint64) {
	from, to = head, head
	grow := func(rv uint64) {
		if rv == 0 {
			return
		}
		from, to = min(from, rv), max(to, rv)
	}
	for _, rv := range f.Window {
		grow(rv)
	}
	for _, m := range f.Marks {
		grow(m.RV)
	}
	if c := f.Compacted; c > 0 && to-c <= 2*max(to-from, 8) {
		grow(c) // a wall far to the left is drawn at the axis's edge, pointing off it
	}
	return from, to
}

func parseRV(s string) (uint64, bool) {
	var n uint64
	if s == "" {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, n > 0
}

// PagesFigure is the step's LISTs page by page: each page's items, where
// it was served from and the revision it was read at; a page fetched
// with a continue token marks the token's revision, beside etcd's now.
func PagesFigure(w World, st Step, _ *Scene) *Figure {
	head, comp := etcdHead(w)
	f := &Figure{Title: "a LIST, page by page", Compacted: comp}
	var ls []ListCall
	for _, l := range w.Lists {
		if l.Code == 200 && (st.Resource == "" || l.Resource == st.resource()) {
			ls = append(ls, l)
		}
	}
	ls = ls[max(0, len(ls)-4):]
	for i, l := range ls {
		label := "LIST at rv " + itoa64(int64(l.RV))
		switch {
		case l.Resumed:
			label = "next page, by token"
		case l.Continue != "":
			label = "page " + itoa64(int64(i+1))
		}
		f.Marks = append(f.Marks, FigureMark{Label: label, RV: l.RV, Value: int64(l.Items), Source: l.Source})
	}
	for _, l := range ls {
		if l.Resumed {
			f.Marks = append(f.Marks, FigureMark{Label: "token", RV: l.RV})
			break
		}
	}
	f.Marks = append(f.Marks, FigureMark{Label: "etcd now", RV: head})
	f.From, f.To = span(f, head)
	return f
}

// PipelineFigure is one informer's pipeline, stage by stage, with the items in
// each: the step's focused informer with a workqueue first.
func PipelineFigure(_ World, st Step, sc *Scene) *Figure {
	var pick *Actor
	for _, a := range sc.Of(KindInformer) {
		if a.Parts != nil && (pick == nil || pipelineScore(st, sc, a) > pipelineScore(st, sc, pick)) {
			pick = a
		}
	}
	if pick == nil {
		return nil
	}
	p := pick.Parts
	f := &Figure{Title: pick.Label}
	add := func(label string, n int, src string, keys ...string) {
		f.Marks = append(f.Marks, FigureMark{Label: label, Value: int64(n), Source: src, Keys: keys})
	}
	add("Reflector", 0, p.Phase)
	add("DeltaFIFO", p.FIFO, "", p.FIFOKeys...)
	add("Indexer", p.Indexer, "")
	add("handlers", p.Handlers, "", p.HandlerKeys...)
	if q := p.Workqueue; q != nil {
		add("workqueue", q.Depth, "", q.Queued...)
		add("worker", q.Processing, "", q.Working...)
		if q.Failed > 0 { // a failed reconcile's key sits out its back-off beside the queue
			add("back-off", q.BackingOff, "", q.Waiting...)
		}
		failed := ""
		if q.Failed > 0 {
			failed = thousands(q.Failed) + " failed"
		}
		add("reconciled", q.Reconciles, failed)
	}
	return f
}

// pipelineScore ranks an informer for the pipeline figure: one with a
// workqueue, then the client the step names (client:app), then one in
// focus, then one of the step's resource.
func pipelineScore(st Step, sc *Scene, a *Actor) int {
	score := 0
	if a.Parts.Workqueue != nil {
		score += 8
	}
	if slices.Contains(st.Highlights, "client:"+a.Owner) {
		score += 4
	}
	if sc.Focused(a.ID) {
		score += 2
	}
	if a.Resource == st.resource() {
		score++
	}
	return score
}

// FanOutFigure is what one write of the step's resource becomes: a copy to
// every direct watcher on etcd, one to each cache, and from each cache a
// copy to each of its watchers.
func FanOutFigure(w World, st Step, _ *Scene) *Figure {
	if len(w.Etcd) == 0 {
		return nil
	}
	res := st.resource()
	direct, cached := 0, 0
	for _, wa := range w.Etcd[0].Watches {
		switch {
		case cacheOf(wa.Owner) == res:
			cached++
		case cacheOf(wa.Owner) == "" && resourceOfKey(wa.Key) == res:
			direct++
		}
	}
	clients := 0
	for _, r := range w.Replicas {
		for _, c := range r.Caches {
			if c.Resource == res {
				clients += c.WatcherN
			}
		}
	}
	f := &Figure{Title: "one " + strings.TrimSuffix(res, "s") + " write, copied"}
	f.Marks = []FigureMark{
		{Label: "direct", Value: int64(direct)},
		{Label: "to the cache", Value: int64(cached)},
		{Label: "from the cache", Value: int64(clients)},
	}
	return f
}

// FileFigure is etcd's backend file: what is in use inside it, its size
// and the quota.
func FileFigure(w World, _ Step, _ *Scene) *Figure {
	d := w.DB
	if d.Size == 0 {
		return nil
	}
	f := &Figure{Title: "etcd's database file", To: uint64(max(d.Size, d.Quota))}
	f.Marks = []FigureMark{
		{Label: "in use", Value: d.InUse},
		{Label: "size", Value: d.Size},
		{Label: "quota", Value: d.Quota},
	}
	return f
}

// TimeFigure is the lesson's moments on the virtual clock: each restart
// and OOM kill, the first and last relist after the newest restart, and
// when the last informer was whole again.
func TimeFigure(w World, _ Step, _ *Scene) *Figure {
	f := &Figure{Title: "the lesson's clock", To: uint64(w.Now.Milliseconds())}
	var since int
	for i, m := range w.Moments {
		if m.What == MomentRestart {
			since = i
		}
	}
	add := func(label string, m Moment) {
		f.Marks = append(f.Marks, FigureMark{Label: label, AtMs: m.At.Milliseconds()})
	}
	var first, last, synced *Moment
	for i := range w.Moments {
		m := &w.Moments[i]
		switch {
		case m.What == MomentRestart || m.What == MomentOOM:
			if len(f.Marks) < 4 {
				add(m.What, *m)
			}
		case i < since:
		case m.What == MomentRelist:
			if first == nil {
				first = m
			}
			last = m
		case m.What == MomentSynced:
			synced = m
		}
	}
	if first != nil {
		add("first relist", *first)
	}
	if last != nil && last != first {
		add("last relist", *last)
	}
	if synced != nil && (last == nil || synced.At > last.At) {
		add("whole again", *synced)
	}
	if len(f.Marks) == 0 {
		return nil
	}
	return f
}
