package live

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRewindSpreadOverTicks: on a page's budget, stepping a lesson back
// replays its steps over several ticks; state() answers meanwhile with
// the old step and says what it is doing, the commands sent during the
// rewind run after it in order, and the world ends exactly as it does
// when the whole rewind runs in one tick.
func TestRewindSpreadOverTicks(t *testing.T) {
	rewindSpread(t, "gone-410", []string{"next", "next", "next", "next", "back", "next", "back", "back", "goto 3", "next"})
	// The presenter's cue back (key R) rewinds the same way.
	rewindSpread(t, "bookmarks", []string{"present on", "next", "next", "next", "next", "next", "next", "cue back", "next", "cue back"})
}

func rewindSpread(t *testing.T, lesson string, cmds []string) {
	play := func(budget time.Duration) (hash string, ticks int, busy []string) {
		s, err := Open(Link{Lesson: lesson})
		if err != nil {
			t.Fatal(err)
		}
		s.SpreadWork(budget)
		for _, c := range cmds {
			s.Send(c)
		}
		for ; ticks < 500 && (len(s.queue) > 0 || s.busy != nil); ticks++ {
			s.Tick(frame)
			if st := s.State(); st.Busy != "" {
				busy = append(busy, st.Busy)
				if !strings.HasPrefix(st.Message, st.Busy) {
					t.Errorf("busy %q but the message line says %q", st.Busy, st.Message)
				}
			}
		}
		if s.busy != nil || len(s.queue) > 0 {
			t.Fatalf("budget %v: still busy after %d ticks", budget, ticks)
		}
		if st := s.State(); st.Busy != "" || strings.Contains(st.Message, "replaying") {
			t.Errorf("budget %v: the work is done but state says busy %q, message %q", budget, st.Busy, st.Message)
		}
		return s.Share().Hash + " step " + strconv.Itoa(s.State().Step), ticks, busy
	}
	want, ticks, busy := play(0)
	if ticks != 1 || len(busy) != 0 {
		t.Errorf("no budget: %d ticks and busy %q; want everything in one tick", ticks, busy)
	}
	got, ticks, busy := play(time.Nanosecond) // one piece of work per tick
	if got != want {
		t.Errorf("%s spread over ticks: %s; in one tick: %s", lesson, got, want)
	}
	if ticks < 10 || len(busy) < 4 {
		t.Errorf("one piece a tick: %d ticks, busy seen %d times (%q); want the rewinds spread out", ticks, len(busy), busy)
	}
	if len(busy) > 0 && !strings.HasPrefix(busy[0], "replaying step 1 of ") {
		t.Errorf("first busy line %q, want the rewind's first piece", busy[0])
	}
}
