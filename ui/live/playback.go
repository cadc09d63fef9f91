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

// startPlayback replays the step just played, unless motion is reduced
// (the step then shows at once, as a jump, with highlights). frames are
// the pictures taken while it ran (frames.go).
func (s *Session) startPlayback(frames []castFrame) {
	s.play = nil
	s.flight.Clear()
	p := s.lesson
	if p == nil || p.r.Next() == 0 {
		return
	}
	res := p.r.Results()[p.r.Next()-1]
	evs, keys, pe := stepEvents(&res)
	if s.chrome.Reduced {
		s.landKeys(evs, keys)
		return
	}
	from := engine.EventID(0)
	if len(res.Events) > 0 {
		from = res.Events[0].ID - 1
	}
	s.play = &stepPlay{p: playback.New(res.Start, res.End, pe, s.tempo()), world: p.r.World(), evs: evs,
		from: from, counts: map[engine.Kind]int{}, wires: s.startWires(evs),
		rev: s.snap.Rev, compactRev: s.snap.CompactRev, // the snapshot still shows the step's start
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
func (s *Session) tempo() float64 {
	t := s.speed()
	if s.lesson != nil && s.lesson.l.Pace > 0 {
		t *= s.lesson.l.Pace
	}
	return t
}

// playing reports whether a step is being replayed (not yet at its end)
// on the world it ran in: a rewind (back, R, a reloaded lesson file)
// builds a new world and so ends the replay.
func (s *Session) playing() bool {
	return s.play != nil && !s.play.p.Done() && s.play.world == s.sim.World()
}

// advancePlayback moves the replay by one frame of real time dt.
func (s *Session) advancePlayback(dt time.Duration) {
	if !s.playing() || s.clock.Paused {
		return
	}
	s.play.p.SetTempo(s.tempo())
	s.play.p.Advance(min(dt, time.Second)) // real time: a slow page plays slowly only in frames, not in seconds
}

// space pauses a step in motion (and goes on); on a step at rest it is
// the next beat, as a presenter's Space is; in the sandbox it plays or
// pauses the clock.
func (s *Session) space() {
	switch {
	case s.playing():
		s.clock.Paused = !s.clock.Paused
	case s.lesson != nil:
		featureOf[*lessonRunner](s).step(true)
	default:
		s.clock.Paused = !s.clock.Paused
	}
}

// stepOne pauses a step in motion and shows its next event ('.'); false
// when no step is in motion.
func (s *Session) stepOne() bool {
	if !s.playing() {
		return false
	}
	s.clock.Paused = true
	s.play.p.StepOne()
	return true
}

// skip jumps a step in motion to its end.
func (s *Session) skip() {
	if featureOf[*clusterView](s).toEnd() { // the "your cluster" page's cursor to its end
		return
	}
	if s.playing() {
		s.play.p.Skip()
	}
}

// shownID is the newest trace event the screen shows; every event when
// nothing is replayed.
func (s *Session) shownID(w *engine.World) engine.EventID {
	if !s.playing() {
		return w.Trace.Last()
	}
	if n := s.play.p.Shown(); n > 0 {
		return s.play.evs[n-1].ID
	}
	return s.play.from
}

// replayed fills the snapshot's time-bound parts from the replay: the
// screen's time, the trace items up to the last event shown, and the
// packets on the wires.
func (s *Session) replayed(w *engine.World) {
	if s.lesson != nil {
		if s.playing() {
			s.launchWires(s.clock.Anim())
		}
		s.snap.Wires = s.wires(s.clock.Anim())
	}
	if !s.playing() {
		if s.play != nil {
			s.snap.Playback = nil
		}
		return
	}
	pl := s.play
	s.snap.Now = pl.p.Now()
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
		s.snap.Cast = s.frameCast(s.shownID(w)) // before the tape: it may move the screen's revision
	}
	s.atScreenRevision(pl.rev, pl.compactRev)
	screenCastRevision(&s.snap.Cast, s.snap.Rev) // a frame's etcd may be an event ahead of the tape or behind it
	s.snap.Playback = &view.PlaybackView{Pace: pl.p.Pace(), Slow: pl.p.Slow(), Paused: s.clock.Paused,
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
func (s *Session) atScreenRevision(rev, compactRev int64) {
	sn := &s.snap
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
		_, rest, _ := strings.Cut(strings.TrimPrefix(a.Detail, "revision "), " ")
		if rest != "" {
			rest = " " + rest
		}
		c.Actors[i].RV, c.Actors[i].Detail = uint64(rev), "revision "+strconv.FormatInt(rev, 10)+rest
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

// playbackState is State.Playback.
func (s *Session) playbackState() PlaybackJSON {
	if !s.playing() {
		return PlaybackJSON{Pace: 1}
	}
	p := s.play.p
	return PlaybackJSON{Pace: p.Pace(), Slow: p.Slow(), Pending: p.Pending(), Playing: true,
		Counter: counterText(s.play.counts)}
}
