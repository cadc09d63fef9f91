// Package playback is the screen's clock for one lesson step: it replays
// the simulated time a step covered at a pace a class can follow.
//
// A lesson step runs to completion in the lesson runner (its checks, its
// outputs, its trace: exactly what `go run . play` prints). The world is
// then already at the step's end; only the screen goes back to the step's
// start and walks forward through the step's trace:
//
//	sim time   start ---k1----k2-k3--------------------------------- end
//	screen     |  dwell | dwell | dwell |   the rest, fast   | hold ...
//	           0      0.45    0.90    1.35                 ~2.8 s
//	pace       slow motion ×0.01          ×20
//
// Each key event (the ones the step is about) gets a beat of its own
// (Dwell, about 0.45 s): the screen's time moves from the previous key to
// this one during the beat, and the key is shown at the beat's end. After
// the last key, the rest of the step plays fast, in about Rest of screen
// time (never slower than real time), and the end state holds.
//
// The player is pure: it knows event times, not the world, and moves only
// when told how much real time went by, so the same step played at the
// same frame times gives the same screens (the GIF export relies on it).
package playback

import "time"

// Defaults of a step's motion at tempo 1.
const (
	Dwell = 450 * time.Millisecond  // screen time per key event
	Rest  = 1500 * time.Millisecond // screen time for everything after the last key
	// MinTempo and MaxTempo bound what + and - (and a lesson's pace) reach.
	MinTempo, MaxTempo = 0.125, 8.0
)

// Event is one event of the step as the player sees it: when it happened
// and whether it is a key event (one of the few the step is about).
type Event struct {
	At  time.Duration
	Key bool
}

// Player walks the screen's clock through one step.
type Player struct {
	start, end time.Duration
	ats        []time.Duration // every event's time, in trace order
	keys       []int           // indices into ats of the key events
	tempo      float64

	beat   int           // the key being approached; len(keys) in the rest phase
	inBeat time.Duration // screen time spent in the current beat
	now    time.Duration // the screen's simulated time
	shown  int           // events [0, shown) are on screen
}

// New starts a player for a step that ran from start to end with events
// (in trace order). tempo scales the motion (1: the defaults; 2: twice as
// fast); it is clamped to [MinTempo, MaxTempo].
func New(start, end time.Duration, events []Event, tempo float64) *Player {
	p := &Player{start: start, end: max(end, start), now: start}
	p.ats = make([]time.Duration, len(events))
	for i, e := range events {
		at := min(max(e.At, start), p.end)
		if i > 0 {
			at = max(at, p.ats[i-1]) // the trace's times never go back
		}
		p.ats[i] = at
		if e.Key {
			p.keys = append(p.keys, i)
		}
	}
	p.SetTempo(tempo)
	return p
}

// SetTempo changes the pace from now on.
func (p *Player) SetTempo(t float64) {
	if t <= 0 {
		t = 1
	}
	p.tempo = min(max(t, MinTempo), MaxTempo)
}

// Tempo is the pace multiplier in force.
func (p *Player) Tempo() float64 { return p.tempo }

// Advance moves the screen's clock by dt of real time. It ends at most
// one beat per call, so every key event is on at least one frame however
// slowly the page draws (the time a slow frame owes beyond it is dropped).
func (p *Player) Advance(dt time.Duration) {
	for dt > 0 && !p.Done() {
		if p.beat < len(p.keys) {
			beat := p.beat
			if dt = p.advanceBeat(dt); p.beat != beat {
				return
			}
			continue
		}
		dt = p.advanceRest(dt)
	}
}

// dwell is a beat's screen time at the current tempo.
func (p *Player) dwell() time.Duration { return time.Duration(float64(Dwell) / p.tempo) }

// from is where the current beat starts in simulated time.
func (p *Player) from() time.Duration {
	if p.beat == 0 {
		return p.start
	}
	return p.ats[p.keys[p.beat-1]]
}

// advanceBeat spends up to dt in the current beat and returns what is left.
func (p *Player) advanceBeat(dt time.Duration) time.Duration {
	d := p.dwell()
	use := min(dt, d-p.inBeat)
	p.inBeat += use
	from, to := p.from(), p.ats[p.keys[p.beat]]
	if p.inBeat >= d {
		p.endBeat()
		return dt - use
	}
	p.now = from + time.Duration(float64(to-from)*float64(p.inBeat)/float64(d))
	p.showUntil(p.now, p.keys[p.beat]) // the key itself waits for the beat's end
	return 0
}

// endBeat shows the beat's key (and everything before it) and moves on.
func (p *Player) endBeat() {
	k := p.keys[p.beat]
	p.now, p.shown = p.ats[k], max(p.shown, k+1)
	p.beat++
	p.inBeat = 0
}

// advanceRest plays the rest of the step fast and returns what is left
// of dt once the step's end is reached.
func (p *Player) advanceRest(dt time.Duration) time.Duration {
	pace := p.restPace()
	left := time.Duration(float64(p.end-p.now) / pace)
	if dt >= left {
		p.now, p.shown = p.end, len(p.ats)
		return dt - left
	}
	p.now += time.Duration(float64(dt) * pace)
	p.showUntil(p.now, len(p.ats))
	return 0
}

// restPace is the rest phase's simulated seconds per screen second: the
// rest takes about Rest of screen time, and never plays slower than real
// time.
func (p *Player) restPace() float64 {
	from := p.start
	if len(p.keys) > 0 {
		from = p.ats[p.keys[len(p.keys)-1]]
	}
	return max(1, float64(p.end-from)/float64(Rest)) * p.tempo
}

// showUntil shows every event at or before t, below index limit.
func (p *Player) showUntil(t time.Duration, limit int) {
	for p.shown < limit && p.ats[p.shown] <= t {
		p.shown++
	}
}

// StepOne shows the next event at once (the '.' key): in a beat, the
// beat ends with its key shown; after the keys, the clock jumps to the
// next event's time.
func (p *Player) StepOne() {
	switch {
	case p.Done():
	case p.beat < len(p.keys):
		p.endBeat()
	case p.shown < len(p.ats):
		p.now = max(p.now, p.ats[p.shown])
		p.showUntil(p.now, len(p.ats))
	default:
		p.now = p.end
	}
}

// Skip jumps to the step's end (the presenter's "skip").
func (p *Player) Skip() {
	p.beat, p.inBeat, p.now, p.shown = len(p.keys), 0, p.end, len(p.ats)
}

// Now is the screen's simulated time.
func (p *Player) Now() time.Duration { return p.now }

// Shown is how many of the step's events are on screen (a prefix).
func (p *Player) Shown() int { return p.shown }

// Pending is how many of the step's events are still to be shown.
func (p *Player) Pending() int { return len(p.ats) - p.shown }

// Done reports whether the screen has reached the step's end.
func (p *Player) Done() bool { return p.now >= p.end && p.shown == len(p.ats) }

// Slow reports whether the key events are still being played one by one.
func (p *Player) Slow() bool { return !p.Done() && p.beat < len(p.keys) }

// Pace is simulated seconds per screen second now: below 1 in slow
// motion (the slow phase's average, so the label holds still while it
// lasts), above 1 when the rest plays fast, 1 once the end holds.
func (p *Player) Pace() float64 {
	switch {
	case p.Done():
		return 1
	case p.Slow():
		last := p.ats[p.keys[len(p.keys)-1]]
		return float64(last-p.start) / float64(time.Duration(len(p.keys))*p.dwell())
	}
	return p.restPace()
}

// Left is the screen time the step still needs at the current tempo (for
// the GIF export's plan and a progress bar).
func (p *Player) Left() time.Duration {
	if p.Done() {
		return 0
	}
	left := time.Duration(0)
	if p.beat < len(p.keys) {
		left = time.Duration(len(p.keys)-p.beat)*p.dwell() - p.inBeat
	}
	from := p.now
	if len(p.keys) > 0 && p.beat < len(p.keys) {
		from = p.ats[p.keys[len(p.keys)-1]]
	}
	return left + time.Duration(float64(p.end-from)/p.restPace())
}
