//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// rewindWatch is run in the page: it steps the lesson back and, on every
// animation frame until the stage has landed on the step before, reads
// state(), so that it sees what a viewer sees while the steps replay.
const rewindWatch = `new Promise(done => {
	const t0 = performance.now(), seen = [];
	let last = t0, longest = 0;
	window.watchscope.send("back");
	const frame = now => {
		longest = Math.max(longest, now - last); last = now;
		const s = JSON.parse(window.watchscope.state());
		const drawn = ((s.scene && s.scene.texts) || []).some(b => b.text.startsWith("replaying step"));
		seen.push({tick: s.tick, step: s.step, busy: s.busy || "", message: s.message || "", drawn});
		if ((s.step === %d && !s.busy) || now - t0 > 60000) {
			done(JSON.stringify({seen, longest}));
			return;
		}
		requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
})`

// TestBackKeepsTheStageAnswering: stepping back through the longest
// lesson to replay (too-many-watchers: 100 ms of world building and
// steps of up to 180 ms natively) is taken a step per frame, so the page
// keeps drawing and answering while it replays, says so on the message
// line, and lands on the step before with the line cleared. Before it, the
// whole replay ran inside one tick: state() was never seen busy.
func TestBackKeepsTheStageAnswering(t *testing.T) {
	ctx, cons, base := stage(t, 1280, 720, "/?lesson=too-many-watchers")
	steps := getLesson(t, ctx).Steps
	open(t, ctx, base+"/?lesson=too-many-watchers&step="+strconv.Itoa(steps))
	if st := getLesson(t, ctx); st.Step != steps {
		t.Fatalf("opened at step %d, want %d", st.Step, steps)
	}
	start := time.Now()
	raw := run(t, ctx, chromedp.Evaluate[string](fmt.Sprintf(rewindWatch, steps-1), chromedp.EvalAwaitPromise))
	var got struct {
		Seen []struct {
			Tick          int64
			Step          int
			Busy, Message string
			Drawn         bool // the stage's last layout had the busy line
		}
		Longest float64
	}
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
	busyTicks, drawn := map[int64]string{}, 0
	for _, s := range got.Seen {
		if s.Drawn {
			drawn++
		}
		if s.Busy != "" {
			busyTicks[s.Tick] = s.Busy
			if s.Step != steps {
				t.Errorf("tick %d: busy %q but the step already reads %d (the old runner must stay until the replay ends)", s.Tick, s.Busy, s.Step)
			}
			if len(s.Message) < len(s.Busy) || s.Message[:len(s.Busy)] != s.Busy {
				t.Errorf("tick %d: busy %q, message line %q", s.Tick, s.Busy, s.Message)
			}
		}
	}
	end := got.Seen[len(got.Seen)-1]
	screenshot(t, ctx, shotsDir(t), "rewind-landed.png")
	if end.Step != steps-1 || end.Busy != "" || end.Message != "" {
		t.Fatalf("after back: step %d busy %q message %q; want step %d, idle, no message", end.Step, end.Busy, end.Message, steps-1)
	}
	if len(busyTicks) < 2 { // Ebiten may tick more than once between two animation frames
		t.Errorf("the replay of %d steps was seen busy on %d ticks (%v); want it spread over frames", steps-1, len(busyTicks), busyTicks)
	}
	if drawn == 0 {
		t.Errorf("the stage never drew the line that says what it replays")
	}
	t.Logf("back from step %d: replayed over %d busy ticks in %v; %d frames seen, longest frame %.0f ms",
		steps, len(busyTicks), time.Since(start).Round(time.Millisecond), len(got.Seen), got.Longest)
	if f := cons.failures(); len(f) > 0 {
		t.Errorf("console errors: %v", f)
	}
}
