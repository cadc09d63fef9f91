package playback

import (
	"math/rand/v2"
	"testing"
	"time"
)

const ms = time.Millisecond

// step is gone-410's second step in miniature: writes every 3 ms from
// 3.041 s, the first four of them key events, the step ending at 4.541 s.
func step(n, keys int) (start, end time.Duration, evs []Event) {
	start, end = 3041*ms, 4541*ms
	for i := 0; i < n; i++ {
		evs = append(evs, Event{At: start + time.Duration(i)*3*ms, Key: i < keys})
	}
	return start, end, evs
}

// play advances p frame by frame (60 per second) and returns the screen
// time the step took and the distinct simulated times it showed.
func play(p *Player) (took time.Duration, times map[time.Duration]bool) {
	times = map[time.Duration]bool{}
	for i := 0; i < 100000 && !p.Done(); i++ {
		p.Advance(time.Second / 60)
		took += time.Second / 60
		times[p.Now()] = true
	}
	return took, times
}

// TestKeyEventsGetABeatEach: four key events take four beats of Dwell,
// one at a time, and the rest of the step then plays in about Rest.
func TestKeyEventsGetABeatEach(t *testing.T) {
	start, end, evs := step(300, 4)
	p := New(start, end, evs, 1)
	if p.Now() != start || p.Shown() != 0 || p.Pending() != 300 || !p.Slow() {
		t.Fatalf("a new player: now %v shown %d pending %d slow %v", p.Now(), p.Shown(), p.Pending(), p.Slow())
	}
	for k := 1; k <= 4; k++ {
		p.Advance(Dwell - ms)
		if p.Shown() != k-1 {
			t.Fatalf("1 ms before beat %d ends: %d shown, want %d", k, p.Shown(), k-1)
		}
		p.Advance(ms)
		if p.Shown() != k || p.Now() != evs[k-1].At {
			t.Fatalf("beat %d ended: %d shown at %v, want %d at %v", k, p.Shown(), p.Now(), k, evs[k-1].At)
		}
	}
	if p.Slow() {
		t.Fatal("still slow after the last key")
	}
	took, _ := play(p)
	if took < Rest-50*ms || took > Rest+50*ms {
		t.Errorf("the rest took %v of screen time, want about %v", took, Rest)
	}
	if !p.Done() || p.Now() != end || p.Pending() != 0 {
		t.Errorf("at the end: now %v (want %v), pending %d, done %v", p.Now(), end, p.Pending(), p.Done())
	}
}

// TestPaceLabels: slow motion below 1 while the keys play, fast after,
// 1 at the end; a short rest plays at real time, never slower.
func TestPaceLabels(t *testing.T) {
	start, end, evs := step(300, 4)
	p := New(start, end, evs, 1)
	if got, want := p.Pace(), float64(9*ms)/float64(4*Dwell); got != want {
		t.Errorf("slow pace %v, want %v (9 ms of keys over four beats)", got, want)
	}
	for i := 0; i < 4; i++ {
		p.Advance(Dwell)
	}
	if got := p.Pace(); got != 1 { // 1.491 s of rest in 1.5 s: real time
		t.Errorf("rest pace %v, want 1 (never slower than real time)", got)
	}
	long := New(0, 60*time.Second, []Event{{At: 0, Key: true}, {At: 30 * time.Second}}, 1)
	long.Advance(Dwell)
	if got := long.Pace(); got != 40 {
		t.Errorf("60 s of rest: pace %v, want 40 (it takes Rest)", got)
	}
	long.Skip()
	if long.Pace() != 1 || !long.Done() || long.Pending() != 0 {
		t.Errorf("after skip: pace %v done %v pending %d", long.Pace(), long.Done(), long.Pending())
	}
}

// TestTempo: twice the tempo, half the screen time; the bounds hold.
func TestTempo(t *testing.T) {
	start, end, evs := step(300, 4)
	slow, _ := play(New(start, end, evs, 1))
	fast, _ := play(New(start, end, evs, 2))
	if d := slow - 2*fast; d < -50*ms || d > 50*ms {
		t.Errorf("tempo 2 took %v, tempo 1 %v: want half", fast, slow)
	}
	p := New(start, end, evs, 100)
	if p.Tempo() != MaxTempo {
		t.Errorf("tempo 100 -> %v, want %v", p.Tempo(), MaxTempo)
	}
	p.SetTempo(0.01)
	if p.Tempo() != MinTempo {
		t.Errorf("tempo 0.01 -> %v, want %v", p.Tempo(), MinTempo)
	}
}

// TestStepOne: '.' shows the next key at once, then one event at a time.
func TestStepOne(t *testing.T) {
	start, end, evs := step(10, 2)
	p := New(start, end, evs, 1)
	p.StepOne()
	if p.Shown() != 1 || p.Now() != evs[0].At {
		t.Fatalf("first '.': %d shown at %v", p.Shown(), p.Now())
	}
	p.StepOne()
	p.StepOne()
	if p.Shown() != 3 || p.Now() != evs[2].At {
		t.Fatalf("third '.': %d shown at %v, want 3 at %v", p.Shown(), p.Now(), evs[2].At)
	}
	for i := 0; i < 20; i++ {
		p.StepOne()
	}
	if !p.Done() || p.Now() != end {
		t.Fatalf("after stepping past the last event: done %v now %v", p.Done(), p.Now())
	}
}

// TestSlowFramesShowEveryKey: a page drawing one frame a second still
// shows each key event on a frame of its own.
func TestSlowFramesShowEveryKey(t *testing.T) {
	start, end, evs := step(300, 4)
	p := New(start, end, evs, 1)
	for k := 1; k <= 4; k++ {
		p.Advance(time.Second)
		if p.Shown() != k {
			t.Fatalf("frame %d: %d events shown, want %d (one key per frame)", k, p.Shown(), k)
		}
	}
	p.Advance(time.Second)
	if p.Done() {
		t.Error("the rest (1.5 s) ended within one 1 s frame")
	}
}

// TestNoKeys: a step without key events plays its whole time fast; an
// empty step (no time, no events) is done at once.
func TestNoKeys(t *testing.T) {
	p := New(time.Second, 3*time.Second, []Event{{At: 2 * time.Second}}, 1)
	if p.Slow() {
		t.Error("no keys, yet slow")
	}
	if took, _ := play(p); took < Rest-50*ms || took > Rest+50*ms {
		t.Errorf("took %v, want about %v", took, Rest)
	}
	if e := New(time.Second, time.Second, nil, 1); !e.Done() || e.Left() != 0 {
		t.Errorf("an empty step is not done at once (left %v)", e.Left())
	}
}

// TestModel: for random steps and frame times, the screen's clock never
// goes back, never leaves [start, end], shows a prefix of events that
// never shrinks, shows no event from the future, ends exactly at the
// end with everything shown, and Left predicted the screen time taken.
func TestModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		start := time.Duration(r.IntN(5000)) * ms
		end := start + time.Duration(r.IntN(20000))*ms
		var evs []Event
		at := start
		for i := r.IntN(60); i > 0; i-- {
			at += time.Duration(r.IntN(400)) * ms
			evs = append(evs, Event{At: at, Key: r.IntN(5) == 0})
		}
		tempo := []float64{0.5, 1, 2, 4}[r.IntN(4)]
		p := New(start, end, evs, tempo)
		predicted := p.Left()
		prevNow, prevShown, took := p.Now(), p.Shown(), time.Duration(0)
		for i := 0; i < 200000 && !p.Done(); i++ {
			dt := time.Duration(1+r.IntN(40)) * ms
			if r.IntN(50) == 0 {
				p.StepOne()
			} else {
				p.Advance(dt)
				took += dt
			}
			if p.Now() < prevNow || p.Now() < start || p.Now() > max(end, at) || p.Shown() < prevShown {
				t.Fatalf("trial %d: now %v (was %v) shown %d (was %d), step %v..%v", trial, p.Now(), prevNow, p.Shown(), prevShown, start, end)
			}
			for j := 0; j < p.Shown(); j++ {
				if min(max(evs[j].At, start), max(end, start)) > p.Now() {
					t.Fatalf("trial %d: event %d at %v shown at %v", trial, j, evs[j].At, p.Now())
				}
			}
			prevNow, prevShown = p.Now(), p.Shown()
		}
		if !p.Done() || p.Now() != max(end, start) || p.Pending() != 0 {
			t.Fatalf("trial %d: not at the end: now %v pending %d", trial, p.Now(), p.Pending())
		}
		q := New(start, end, evs, tempo)
		keys := 0
		for _, e := range evs {
			if e.Key {
				keys++
			}
		}
		if took, _ := play(q); took < predicted || took > predicted+time.Duration(keys+1)*time.Second/60+ms {
			t.Errorf("trial %d: Left said %v, it took %v", trial, predicted, took)
		}
	}
}
