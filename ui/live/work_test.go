package live

import (
	"fmt"
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
		s.work.Spread(budget)
		for _, c := range cmds {
			s.Send(c)
		}
		for ; ticks < 500 && (!idle(&s.work)); ticks++ {
			s.Tick(frame)
			if st := s.State(); st.Busy != "" {
				busy = append(busy, st.Busy)
				if !strings.HasPrefix(st.Message, st.Busy) {
					t.Errorf("busy %q but the message line says %q", st.Busy, st.Message)
				}
			}
		}
		if !idle(&s.work) {
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

// TestBacksInARowAreOneRewind: backs queued together rewind once, to
// where the same backs sent one a tick land, question beats included.
func TestBacksInARowAreOneRewind(t *testing.T) {
	for _, c := range []struct {
		lesson string
		nexts  int
		backs  int
	}{{"gone-410", 7, 3}, {"gone-410", 7, 1}, {"gone-410", 6, 20}, {"bookmarks", 5, 2}} {
		end := func(together bool) (string, int) {
			s, err := Open(Link{Lesson: c.lesson})
			if err != nil {
				t.Fatal(err)
			}
			s.work.Spread(time.Nanosecond)
			for range c.nexts {
				s.Send("next")
			}
			s.Tick(frame)
			for !idle(&s.work) {
				s.Tick(frame)
			}
			ticks := 0
			for i := range c.backs {
				s.Send("back")
				if !together || i == c.backs-1 {
					for s.Tick(frame); !idle(&s.work); s.Tick(frame) {
						ticks++
					}
				}
			}
			st := s.State()
			return fmt.Sprintf("step %d pending %v trace %.16s", st.Step, st.Pending, s.Share().Hash), ticks
		}
		seq, seqTicks := end(false)
		one, oneTicks := end(true)
		if one != seq {
			t.Errorf("%s, %d nexts then %d backs: together %s; one a tick %s", c.lesson, c.nexts, c.backs, one, seq)
		}
		if c.backs > 1 && oneTicks >= seqTicks {
			t.Errorf("%s: %d backs together took %d ticks of replay, one a tick %d: want one rewind", c.lesson, c.backs, oneTicks, seqTicks)
		}
	}
}

// idle reports whether nothing is queued and no long work is under way.
func idle(q *Work) bool { return q.busy == nil && len(q.queue) == 0 }
