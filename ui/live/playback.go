package live

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/packets"
	"watchscope/ui/playback"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// Slow motion. A lesson step runs to completion in the lesson runner, as
// `go run . play` runs it: the world, its trace and the checks are at the
// step's end the moment → is pressed. The screen then replays the step's
// trace on its own clock (package playback): the step's key events one
// by one, about half a second each, then the rest fast, then the end
// holds. The snapshot follows that clock: its time, the trace items, the
// markers and the packets are the replayed ones.
//
// Why replay instead of running the world slowly: the world stays the
// runner's, so the end of a step is byte-identical to the golden
// transcripts and to a deep link (no command is cut in the middle of a
// "sim advance", which would need the engine to suspend a command between
// frames); stepping back, deep links and shares keep jumping exactly as
// they did; and a 5,000-node world is never held twice in memory. What
// the screen shows between a step's start and end is read from the trace
// the step left, so it is what happened, in order, at the times it
// happened.

// stepPlay is the step being replayed on screen.
type stepPlay struct {
	p      *playback.Player
	world  *engine.World       // the world the step ran in
	evs    []engine.TraceEvent // the step's events still in the trace window, oldest first
	from   engine.EventID      // the newest event before the step
	counts map[engine.Kind]int // events shown so far, per kind
	seen   int                 // events counted into counts

	wires    *packets.Model // the step's messages (wires.go)
	launched int            // events whose packets are on the wires

	// The revision the screen has reached: the step's writes land on the
	// tape (and compactions sweep it) as their events show.
	rev, compactRev int64

	// The cast as the step went (frames.go): its pictures, the step's
	// LISTs and scene, and the cast last built from them.
	frames    []castFrame
	lists     []scene.ListCall
	result    *lessons.StepResult
	sceneStep scene.Step
	cast      *scene.Scene
	castAt    int
	castLists int
}

// replay is the stage's slow motion: the step being replayed, if any,
// and the packets on the wires. The session owns one and hands it what
// it reads (the world on the stage, the clock, the snapshot); it keeps
// no pointer back.
type replay struct {
	play   *stepPlay      // the step being replayed, nil when none
	flight packets.Flight // the packets on the wires (wires.go)
}

// start replays the lesson's step just played, unless motion is reduced
// (the step then shows at once, as a jump, with highlights). frames are
// the pictures taken while it ran (frames.go); sn is the snapshot, which
// still shows the step's start.
func (r *replay) start(p *lessonPlay, reduced bool, tempo float64, sn *view.Snapshot, frames []castFrame) {
	r.play = nil
	r.flight.Clear()
	if p == nil || p.r.Next() == 0 {
		return
	}
	res := p.r.Results()[p.r.Next()-1]
	evs, keys, pe := stepEvents(&res)
	if reduced {
		r.landKeys(evs, keys, sn.Cast)
		return
	}
	from := engine.EventID(0)
	if len(res.Events) > 0 {
		from = res.Events[0].ID - 1
	}
	r.play = &stepPlay{p: playback.New(res.Start, res.End, pe, tempo), world: p.r.World(), evs: evs,
		from: from, counts: map[engine.Kind]int{}, wires: r.startWires(evs, sn.Cast),
		rev: sn.Rev, compactRev: sn.CompactRev,
		frames: frames, lists: stepLists(&res), result: &res, sceneStep: p.sceneStep(p.view()), castAt: -1}
}

// motionLength is the screen time step (1-based) takes to play in slow
// motion at tempo 1 times the lesson's pace, read from the live runner's
// result when it has played the step (the GIF export's plan); a step not
// played yet is planned at lessonHold (its GIF then cuts or holds it).
func (p *lessonPlay) motionLength(step int) time.Duration {
	res := p.r.Results()
	if step < 1 || step > len(res) {
		return lessonHold
	}
	r := res[step-1]
	_, _, pe := stepEvents(&r)
	return playback.New(r.Start, r.End, pe, p.l.Pace).Left()
}

// stepEvents are a played step's events as the replay shows them (its
// commands left out: they are the step's cause, listed with the step),
// which of them are key events, and the same as the player reads them.
func stepEvents(res *lessons.StepResult) ([]engine.TraceEvent, []bool, []playback.Event) {
	var evs []engine.TraceEvent
	for _, e := range res.Events {
		if e.Kind != engine.KindCmd {
			evs = append(evs, e)
		}
	}
	keys := res.Step.KeyEvents(evs)
	pe := make([]playback.Event, len(evs))
	for i, e := range evs {
		pe[i] = playback.Event{At: e.At, Key: keys[i]}
	}
	return evs, keys, pe
}

// tempo is the motion's pace multiplier: the lesson's pace times the
// stage's speed (+ and - change it).
func tempo(speed float64, p *lessonPlay) float64 {
	if p != nil && p.l.Pace > 0 {
		speed *= p.l.Pace
	}
	return speed
}

// playing reports whether a step is being replayed (not yet at its end)
// on w, the world on the stage: a rewind (back, R, a reloaded lesson
// file) builds a new world and so ends the replay.
func (r *replay) playing(w *engine.World) bool {
	return r.play != nil && !r.play.p.Done() && r.play.world == w
}

// advance moves the replay by one frame of real time dt, at tempo.
func (r *replay) advance(w *engine.World, dt time.Duration, paused bool, tempo float64) {
	if !r.playing(w) || paused {
		return
	}
	r.play.p.SetTempo(tempo)
	r.play.p.Advance(min(dt, time.Second)) // real time: a slow page plays slowly only in frames, not in seconds
}

// stepOne shows the next event of a step in motion ('.'); false when no
// step is in motion. The caller pauses the clock.
func (r *replay) stepOne(w *engine.World) bool {
	if !r.playing(w) {
		return false
	}
	r.play.p.StepOne()
	return true
}

// skip jumps a step in motion to its end.
func (r *replay) skip(w *engine.World) {
	if r.playing(w) {
		r.play.p.Skip()
	}
}

// shownID is the newest trace event of w the screen shows; every event
// when nothing is replayed.
func (r *replay) shownID(w *engine.World) engine.EventID {
	if !r.playing(w) {
		return w.Trace.Last()
	}
	if n := r.play.p.Shown(); n > 0 {
		return r.play.evs[n-1].ID
	}
	return r.play.from
}

// fill fills the snapshot's time-bound parts from the replay: the
// screen's time, the trace items up to the last event shown, and the
// packets on the wires. now is the animation clock; charts are the
// heavy parts' charts (the end's), which a frame shows as they stood.
func (r *replay) fill(sn *view.Snapshot, w *engine.World, p *lessonPlay, now time.Duration, paused bool, charts []view.Series) {
	if p != nil {
		if r.playing(w) {
			r.launchWires(now)
		}
		sn.Wires = r.wires(now)
	}
	if !r.playing(w) {
		if r.play != nil {
			sn.Playback = nil
		}
		return
	}
	pl := r.play
	sn.Now = pl.p.Now()
	for ; pl.seen < pl.p.Shown(); pl.seen++ {
		e := pl.evs[pl.seen]
		pl.counts[e.Kind]++
		switch {
		case e.Kind == engine.KindCompact:
			pl.compactRev = max(pl.compactRev, int64(e.RV))
		case wroteRevision(e):
			pl.rev = max(pl.rev, int64(e.RV))
		}
	}
	if pl.frames != nil {
		sn.Cast = pl.frameCast(r.shownID(w), sn.Cast, p, charts) // before the tape: it may move the screen's revision
	}
	atScreenRevision(sn, pl.rev, pl.compactRev)
	screenCastRevision(&sn.Cast, sn.Rev) // a frame's etcd may be an event ahead of the tape or behind it
	sn.Playback = &view.PlaybackView{Pace: pl.p.Pace(), Slow: pl.p.Slow(), Paused: paused,
		Pending: pl.p.Pending(), Counter: counterText(pl.counts)}
}

// wroteRevision reports whether e is a write that etcd gave revision
// e.RV: etcdctl's put, delete and txn, a lease's revoke, or an API
// server's answer to a write it stored in etcd.
func wroteRevision(e engine.TraceEvent) bool {
	switch e.Kind {
	case engine.KindPut, engine.KindDelete, engine.KindTxn, engine.KindLeaseRevoke:
		return e.RV > 0
	case engine.KindResp:
		return e.Route == "etcd" && e.Code/100 == 2 && e.RV > 0 && e.Items == 0 &&
			(e.Verb == "CREATE" || e.Verb == "UPDATE" || e.Verb == "PATCH" || e.Verb == "DELETE")
	}
	return false
}

// atScreenRevision shows etcd as the screen's time has it: the revision
// counter, the compaction line, and the tape's records and key index up
// to rev (what is still in the backend: a record the step compacted
// away is gone already).
func atScreenRevision(sn *view.Snapshot, rev, compactRev int64) {
	if rev >= sn.Rev && compactRev >= sn.CompactRev {
		return
	}
	sn.Rev, sn.CompactRev = min(sn.Rev, rev), min(sn.CompactRev, compactRev)
	screenCastRevision(&sn.Cast, sn.Rev)
	n := len(sn.Records)
	for n > 0 && sn.Records[n-1].Main > sn.Rev {
		n--
	}
	sn.Records = sn.Records[:n]
	keys := make([]view.KeyIndex, 0, len(sn.Keys))
	for _, k := range sn.Keys {
		var gens []view.Generation
		for _, g := range k.Generations {
			if g.Created > sn.Rev {
				break
			}
			revs := g.Revs
			for len(revs) > 0 && revs[len(revs)-1] > sn.Rev {
				revs = revs[:len(revs)-1]
			}
			cut := len(g.Revs) - len(revs)
			gens = append(gens, view.Generation{Created: g.Created, Ver: g.Ver - int64(cut), Revs: revs})
			if cut > 0 { // the rest of this key's story is still to come
				break
			}
		}
		if len(gens) > 0 {
			keys = append(keys, view.KeyIndex{Key: k.Key, Generations: gens})
		}
	}
	sn.Keys = keys
}

// screenCastRevision shows the diagram's etcd members at revision rev
// too. The cast is shared with the heavy parts' cache, so a changed
// member goes into a copy of the actors.
func screenCastRevision(c *scene.Scene, rev int64) {
	copied := false
	for i, a := range c.Actors {
		if a.Kind != scene.KindEtcd || a.RV == uint64(rev) {
			continue
		}
		if !copied {
			c.Actors, copied = append([]scene.Actor(nil), c.Actors...), true
		}
		c.Actors[i].RV, c.Actors[i].Detail = uint64(rev), scene.EtcdWords(rev, a.Compacted)
	}
}

// kindWords name what the counter counts, per trace kind.
var kindWords = map[engine.Kind][2]string{
	engine.KindPut: {"write", "writes"}, engine.KindDelete: {"delete", "deletes"},
	engine.KindReq: {"request", "requests"}, engine.KindResp: {"response", "responses"},
	engine.KindWatchResp: {"watch response", "watch responses"}, engine.KindWatchError: {"watch error", "watch errors"},
	engine.KindWatchEnd: {"watch ended", "watches ended"}, engine.KindReflector: {"reflector step", "reflector steps"},
	engine.KindCompact: {"compaction", "compactions"}, engine.KindRestart: {"restart", "restarts"},
	engine.KindKilled: {"kill", "kills"}, engine.KindWatcherTerminated: {"watcher dropped", "watchers dropped"},
	engine.KindBookmark: {"bookmark", "bookmarks"},
}

// counterText says what went by, the two largest counts first:
// "412 requests · 410 responses".
func counterText(counts map[engine.Kind]int) string {
	kinds := make([]engine.Kind, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool {
		if counts[kinds[i]] != counts[kinds[j]] {
			return counts[kinds[i]] > counts[kinds[j]]
		}
		return kinds[i].String() < kinds[j].String()
	})
	var parts []string
	for _, k := range kinds[:min(2, len(kinds))] {
		n, w := counts[k], kindWords[k]
		if w[0] == "" {
			w = [2]string{strings.ToLower(k.String()), strings.ToLower(k.String())}
		}
		word := w[1]
		if n == 1 {
			word = w[0]
		}
		parts = append(parts, strconv.Itoa(n)+" "+word)
	}
	return strings.Join(parts, " · ")
}

// PlaybackJSON is State.Playback: the replay's pace (simulated seconds
// per screen second), whether the key events are still playing one by
// one, and how many of the step's events are still to be shown.
type PlaybackJSON struct {
	Pace    float64 `json:"pace"`
	Slow    bool    `json:"slow"`
	Pending int     `json:"pending"`
	Playing bool    `json:"playing"`
	Counter string  `json:"counter,omitempty"`
}

// state is State.Playback, on w, the world on the stage.
func (r *replay) state(w *engine.World) PlaybackJSON {
	if !r.playing(w) {
		return PlaybackJSON{Pace: 1}
	}
	p := r.play.p
	return PlaybackJSON{Pace: p.Pace(), Slow: p.Slow(), Pending: p.Pending(), Playing: true,
		Counter: counterText(r.play.counts)}
}
