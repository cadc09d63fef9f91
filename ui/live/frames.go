package live

import (
	"watchscope/engine"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// Pictures of a step while it runs. The replay (playback.go) walks the
// step's trace on the screen's clock, but the world it ran in is already
// at the step's end: a cast read from it would show the ring full, the
// stalled watcher gone and the replica restarted while the first packets
// still fly. So while the lesson runner plays a step, the session watches
// its trace (engine.Trace.Observe) and now and then copies the cast out
// of the world as an event is recorded, labelled with that event:
//
//	events   #540 CMD  #541  #542 ... #696 KILLED  #697 ... #716 RESTART
//	frames   |540      |541  |542 ... |696 (down)  ...  |712 |716 (up, empty)
//
// An engine records what happened once it has happened (the replica is
// down when KILLED is recorded), so a frame holds its event's effects.
// The replay shows the newest frame at or before the newest event on
// screen: the ring fills, a stalled watcher's queue grows orange and it
// is dropped, an informer's Indexer counts up, a replica is down for the
// beat between its kill and its restart and comes back empty, each when
// its event shows; the step ends on the world itself. Copying reads the
// world and never changes it (the trace hash of a step played on the
// stage is the deep link's), and it is bounded: at most maxFrames copies
// a step, the first events and the notable ones (errors, kills,
// restarts, compactions, faults) each with their own, the rest thinned
// out evenly as the step goes on.

// Bounds of a step's pictures.
const (
	maxFrames    = 128 // copies kept per step
	pinnedFrames = 64  // of which at most this many are never thinned
	firstFrames  = 16  // the step's first events each get a copy (the slow beats show them)
)

// castFrame is the cast's world as event id was recorded, with the
// lesson's charts as they stood then.
type castFrame struct {
	id     engine.EventID
	world  scene.World
	charts []view.Series
	pinned bool // kept when the frames are thinned
}

// castFrames collects a step's pictures while the step runs.
type castFrames struct {
	w         *engine.World
	resources []string // the lesson's resources (castWorld's lessonRes)
	charts    chartSet // the lesson's charts, resolved again when series appear
	wanted    []string // what the charts want (wantedCharts)
	resource  string   // the resource they count (chartResource)
	series    int      // the registry's series when the charts were resolved
	list      []castFrame
	every     int // events between two ordinary copies (doubles as the list thins)
	seen      int // events observed
	pinned    int
}

// beginFrames starts taking pictures of lesson p's step about to run,
// nil when no step will be replayed (reduced motion, no lesson).
func beginFrames(p *lessonPlay, reduced bool) *castFrames {
	if p == nil || reduced {
		return nil
	}
	f := &castFrames{w: p.r.World(), resources: p.resources(), wanted: wantedCharts(p),
		resource: chartResource(p), series: -1, every: 1}
	f.w.Trace.Observe(f.observe)
	return f
}

// end stops taking pictures; the frames belong to the step's replay if
// the step ran in the world they were taken of.
func (f *castFrames) end(w *engine.World) []castFrame {
	if f == nil {
		return nil
	}
	f.w.Trace.Observe(nil)
	if w != f.w {
		return nil
	}
	return f.list
}

// observe is called as event e is recorded, when a copy labelled e.ID
// may be taken.
func (f *castFrames) observe(e engine.TraceEvent) {
	f.seen++
	first, n := f.seen <= firstFrames, notable(e.Kind)
	if first || n || f.seen%f.every == 0 {
		f.take(e.ID, first || n)
	}
}

// notable kinds change what the scene draws at once: each gets a copy.
func notable(k engine.Kind) bool {
	switch k {
	case engine.KindWatchError, engine.KindWatcherTerminated, engine.KindKilled, engine.KindRestart,
		engine.KindCacheReady, engine.KindCachePending, engine.KindCompact, engine.KindFault, engine.KindHeal,
		engine.KindDisconnect, engine.KindPartition:
		return true
	}
	return false
}

// take copies the cast as of event id, thinning the list when it is full.
func (f *castFrames) take(id engine.EventID, pin bool) {
	pin = pin && f.pinned < pinnedFrames
	if pin {
		f.pinned++
	}
	if len(f.list) == maxFrames {
		f.thin()
	}
	if n := f.w.Metrics.Len(); n != f.series { // a counter registers on its first increase
		f.charts, f.series = resolveCharts(f.w, f.wanted, f.resource), n
	}
	f.list = append(f.list, castFrame{id: id, pinned: pin, charts: f.charts.read(f.w),
		world: castWorld(f.w, nil, nil, f.resources)})
}

// thin drops every other ordinary copy and doubles the spacing of the
// next ones, so a long step keeps copies spread evenly over it.
func (f *castFrames) thin() {
	keep, odd := f.list[:0], false
	for _, fr := range f.list {
		if !fr.pinned {
			if odd = !odd; !odd {
				continue
			}
		}
		keep = append(keep, fr)
	}
	if len(keep) == maxFrames { // all pinned: the oldest ordinary ones cannot go
		keep = keep[:maxFrames-1]
	}
	f.list = keep
	f.every *= 2
}

// frameAt is the index of the newest frame at or before event id, -1
// when id is before them all.
func frameAt(frames []castFrame, id engine.EventID) int {
	i := -1
	for j, fr := range frames {
		if fr.id > id {
			break
		}
		i = j
	}
	return i
}

// frameCast is the cast at the newest event on screen, shown: the frame
// of that moment with the step's LISTs answered by then and the end's
// charts, its callout once the callout's event has shown. The scene is
// rebuilt only when the frame or the LISTs change. It moves the screen's
// revision up to the frame's etcd, so no cache is ever ahead of the tape
// (a cache hears of a write before its client's answer is traced).
// cast is the snapshot's, p the lesson, charts the end's.
func (pl *stepPlay) frameCast(shown engine.EventID, cast scene.Scene, p *lessonPlay, charts []view.Series) scene.Scene {
	if len(pl.frames) == 0 {
		return cast
	}
	i := max(0, frameAt(pl.frames, shown)) // before the first: the first, taken as the step's command was recorded
	if es := pl.frames[i].world.Etcd; len(es) > 0 {
		pl.rev, pl.compactRev = max(pl.rev, es[0].Rev), max(pl.compactRev, es[0].CompactRev)
	}
	lists := 0
	for _, l := range pl.lists {
		if engine.EventID(l.Event) <= shown {
			lists++
		}
	}
	if pl.cast != nil && pl.castAt == i && pl.castLists == lists {
		return *pl.cast
	}
	cw := pl.frames[i].world
	cw.Lists = pl.lists[:lists]
	if pl.sceneStep.Figure != "" {
		cw.Facts = figureFacts(pl.result.Events, shown)
		cw.Moments = p.moments(pl.sceneStep.Figure, shown)
	}
	cw.Charts = sceneCharts(chartsThen(charts, pl.frames[i].charts))
	sc := scene.Build(cw, pl.sceneStep)
	view.BuildFigure(&sc, cw, pl.sceneStep)
	if c := stepCallout(pl.result, &sc); c != nil && engine.EventID(c.Event) <= shown {
		sc.Callout = c
	}
	pl.cast, pl.castAt, pl.castLists = &sc, i, lists
	return sc
}

// framesShown reports whether the stage draws a step's pictures now
// rather than w's cast.
func (r *replay) framesShown(w *engine.World) bool { return r.playing(w) && len(r.play.frames) > 0 }

// chartsThen are the end's charts (now) as they stood in a frame (then):
// each chart's values then, or an empty chart when its series did not
// exist yet, so the charts keep their places while a step plays.
func chartsThen(now, then []view.Series) []view.Series {
	out := make([]view.Series, len(now))
	for i, c := range now {
		out[i] = view.Series{Name: c.Name, Summed: c.Summed}
		for _, t := range then {
			if t.Name == c.Name {
				out[i] = t
				break
			}
		}
	}
	return out
}
