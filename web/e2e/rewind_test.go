//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
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

// firstFrameWatch runs in the page before the page's own scripts: on
// every animation frame it looks for the stage's first frame
// (watchscope.ready) and keeps what state() said on it; then, every
// 100 ms (state() of a large lesson is not free), it looks for the stage
// no longer busy.
const firstFrameWatch = `(() => {
	const landed = () => {
		const s = JSON.parse(window.watchscope.state());
		if (s.busy) { setTimeout(landed, 100); return; }
		window.__landed = {at: performance.now(), step: s.step};
	};
	const frame = () => {
		const ws = window.watchscope;
		if (!ws || ws.ready !== true) { requestAnimationFrame(frame); return; }
		const s = JSON.parse(ws.state());
		window.__firstFrame = {at: ws.readyAt, main: ws.mainAt, opened: ws.openedAt, busy: s.busy || "", step: s.step, message: s.message || ""};
		landed();
	};
	requestAnimationFrame(frame);
})()`

// TestDeepLinkDrawsAtOnce: a deep link to the last step of the lesson
// with the longest replay (too-many-watchers) draws its first frame at
// once, the lesson on its way there and "replaying step k of n" in
// state().busy and on the message line, and then lands on the step. It
// used to replay every step before the first frame, behind the loader.
func TestDeepLinkDrawsAtOnce(t *testing.T) {
	ctx, cons, base := stage(t, 1280, 720, "/?lesson=too-many-watchers")
	steps := getLesson(t, ctx).Steps
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: firstFrameWatch}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/?lesson=too-many-watchers&step=%d", base, steps)))
	waitFor(t, ctx, `!!window.__landed`, 120*time.Second)
	var got struct {
		First struct {
			At, Main, Opened float64
			Busy, Message    string
			Step             int
		}
		Landed struct {
			At   float64
			Step int
		}
	}
	decode(t, run(t, ctx, chromedp.Evaluate[string](`JSON.stringify({first: window.__firstFrame, landed: window.__landed})`)), &got)
	t.Logf("first frame %.0f ms after navigation start (Go's main at %.0f ms, the session built at %.0f ms; step %d, busy %q); landed on step %d at %.0f ms",
		got.First.At, got.First.Main, got.First.Opened, got.First.Step, got.First.Busy, got.Landed.Step, got.Landed.At)
	// The first frame is drawn before the replay's first step (the stage
	// shows the lesson's start); the page may tick once more before this
	// script reads state(), and the replay plays on the lesson's runner.
	if got.First.Busy == "" || got.First.Step >= steps || !strings.HasPrefix(got.First.Message, got.First.Busy) {
		t.Errorf("the first frame showed step %d, busy %q, message %q: want the lesson on its way to step %d, replaying", got.First.Step, got.First.Busy, got.First.Message, steps)
	}
	if st := getLesson(t, ctx); got.Landed.Step != steps || st.Step != steps {
		t.Errorf("landed on step %d (state() says %d); want %d", got.Landed.Step, st.Step, steps)
	}
	if f := cons.failures(); len(f) > 0 {
		t.Errorf("console errors: %v", f)
	}
}
