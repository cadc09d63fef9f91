//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"watchscope/internal/budget"
	"watchscope/lessons"
	keytable "watchscope/ui/keys"
	"watchscope/ui/live"
	"watchscope/ui/view"
)

// The browser monkey: a seeded, reproducible run of random actions on the
// real page (keys from the key table, clicks and drags anywhere, console
// commands valid and mangled, deep links with garbage, window sizes from
// 320x240 to 3840x2160, theme, motion and presenter toggles, lessons
// stepped back and forth, the sandbox's fault and knob buttons). After
// every action the page must have logged no error, answer state() within
// stateAnswerPaces (about 1 s on a quiet machine) and keep drawing frames; at the end the world's trace hash must be
// the one the same moment's commands give natively (live.Open of the
// moment's link), so the UI cannot have reached the simulation except
// through its logged commands.
//
// make test runs 300 actions from seed 1; make soak runs 2,000 from each
// of seeds 1 to 5 (-monkey.soak). MONKEY_SEED and MONKEY_ACTIONS pick
// another run. A failure prints the seed and the actions that lead to it.
var monkeySoak = flag.Bool("monkey.soak", false, "the long monkey: 2,000 actions from each of 5 seeds")

func TestMonkey(t *testing.T) {
	seeds, n := []uint64{1}, 300
	if *monkeySoak {
		seeds, n = []uint64{1, 2, 3, 4, 5}, 2000
	}
	if s := os.Getenv("MONKEY_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("MONKEY_SEED=%q: %v", s, err)
		}
		seeds = []uint64{v}
	}
	if s := os.Getenv("MONKEY_ACTIONS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("MONKEY_ACTIONS=%q: want a positive number", s)
		}
		n = v
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) { runMonkey(t, seed, n) })
	}
}

// action is one thing the monkey does; its String is how a failure
// report lists it.
type action struct {
	Kind string  // key, click, drag, send, link, resize, lesson, fault
	Text string  // the key's code, the command, the link's query, the lesson
	X, Y float64 // click and drag start, as fractions of the viewport
	U, V float64 // drag end
	W, H int64   // resize
	Step []bool  // lesson: next (true) or back (false), in order
}

func (a action) String() string {
	switch a.Kind {
	case "click":
		return fmt.Sprintf("click %.3f,%.3f", a.X, a.Y)
	case "drag":
		return fmt.Sprintf("drag %.3f,%.3f -> %.3f,%.3f", a.X, a.Y, a.U, a.V)
	case "resize":
		return fmt.Sprintf("resize %dx%d", a.W, a.H)
	case "lesson":
		var s strings.Builder
		for _, n := range a.Step {
			s.WriteString(map[bool]string{true: ">", false: "<"}[n])
		}
		return fmt.Sprintf("lesson %s %s", a.Text, s.String())
	}
	if len(a.Text) > 120 {
		return fmt.Sprintf("%s %q... (%d bytes)", a.Kind, a.Text[:120], len(a.Text))
	}
	return fmt.Sprintf("%s %q", a.Kind, a.Text)
}

// plan draws n actions from seed. Weights favour what a class does most.
func plan(seed uint64, n int) []action {
	r := rand.New(rand.NewPCG(seed, 0x6d6f6e6b6579))
	ids := lessonIDs()
	stage := stageBindings()
	var out []action
	for len(out) < n {
		var a action
		switch p := r.IntN(100); {
		case p < 28:
			a = action{Kind: "key", Text: stage[r.IntN(len(stage))].Code}
		case p < 40:
			a = action{Kind: "click", X: r.Float64(), Y: r.Float64()}
		case p < 45:
			a = action{Kind: "drag", X: r.Float64(), Y: r.Float64(), U: r.Float64(), V: r.Float64()}
		case p < 70:
			a = action{Kind: "send", Text: command(r)}
		case p < 72:
			a = action{Kind: "link", Text: deepLink(r, ids)}
		case p < 78:
			a = action{Kind: "resize", W: 320 + r.Int64N(3840-320+1), H: 240 + r.Int64N(2160-240+1)}
		case p < 85:
			a = action{Kind: "send", Text: []string{"theme toggle", "motion", "present toggle", "blank", "help",
				"picker", "close", "play", "pause", "faster", "slower", "tick", "space", "skip", "why"}[r.IntN(15)]}
		case p < 92:
			a = action{Kind: "lesson", Text: ids[r.IntN(len(ids))]}
			for range 1 + r.IntN(8) {
				a.Step = append(a.Step, r.IntN(3) > 0)
			}
		default:
			b := faultButtons()
			a = action{Kind: "fault", Text: b[r.IntN(len(b))]}
		}
		out = append(out, a)
	}
	return out
}

func lessonIDs() []string {
	all, err := lessons.All()
	if err != nil {
		panic(err)
	}
	var ids []string
	for _, l := range all {
		ids = append(ids, l.ID)
	}
	return ids
}

// stageBindings are the key table's bindings on the stage that a real key
// press can reach (the browser's own Tab included).
func stageBindings() []keytable.Binding {
	var out []keytable.Binding
	for _, b := range keytable.Table {
		if b.Scope&keytable.Stage != 0 {
			out = append(out, b)
		}
	}
	return out
}

// faultButtons are the sandbox's fault and knob buttons' commands.
func faultButtons() []string {
	var out []string
	for _, b := range view.SandboxButtons(view.Snapshot{}) {
		out = append(out, b.Cmd)
	}
	return out
}

// grammar is the console's language, a template per verb; N is a number,
// D a duration, K a key, P a pod's name.
var grammar = []string{
	"etcdctl put K V", "etcdctl put K 'a value with spaces' --prev-kv", "etcdctl get K --prefix", "etcdctl get K --rev N",
	"etcdctl get K -w json", "etcdctl del K --prefix", "etcdctl watch K --prefix", "etcdctl compaction N",
	"etcdctl endpoint status -w fields", "put K V", "get K --keys-only --limit N",
	"kubectl get pods -A", "kubectl get pods -o wide", "kubectl get pods -w", "kubectl get nodes",
	"kubectl get --raw '/api/v1/pods?watch=1&resourceVersion=N'", "kubectl run P --size 2Ki", "kubectl delete pod P",
	"kubectl create namespace P", "kubectl create configmap P --size 1Ki", "kubectl annotate pods P k=v --overwrite",
	"sim advance D", "sim time", "sim informer P pods", "sim informers", "sim inspect P", "sim load pods N D",
	"sim restart apiserver-0", "sim kill apiserver-0 D", "sim disconnect node-1 D", "sim partition node-1 node-2 D",
	"sim heal", "sim set watch-list false", "sim cache pods", "sim compact-now", "sim histogram", "sim list pods",
	"sim slow-consumer P D", "help", "sim",
}

// command draws a console line from the grammar and, half the time,
// mangles it: a wrong flag, a huge number, unicode, a 10 KB line, a cut.
func command(r *rand.Rand) string {
	fill := strings.NewReplacer("K", "/k"+strconv.Itoa(r.IntN(9)), "V", "v"+strconv.Itoa(r.IntN(99)),
		"N", strconv.Itoa(1+r.IntN(40)), "D", strconv.Itoa(1+r.IntN(20))+"s", "P", "p"+strconv.Itoa(r.IntN(5)))
	c := fill.Replace(grammar[r.IntN(len(grammar))])
	if r.IntN(2) == 0 {
		return c
	}
	words := strings.Fields(c)
	i := r.IntN(len(words))
	switch r.IntN(9) {
	case 0:
		words = append(words, []string{"--bogus", "-Z", "--rev", "--prefix=maybe", "--", "-w", "yaml"}[r.IntN(7)])
	case 1:
		words[i] = []string{"99999999999999999999999", "-1", "1e308", "NaN", "0x7fffffffffffffff", "9999h", "-5s"}[r.IntN(7)]
	case 2:
		words[i] += []string{"日本語", "🙂", "\u202eevil", "e\u0301", "\x00", "\t"}[r.IntN(6)]
	case 3:
		words = append(words, strings.Repeat("x", 10240))
	case 4:
		return c[:r.IntN(len(c)+1)]
	case 5:
		words[i] = `"` + words[i]
	case 6:
		words[i] = `C:\temp\new` + `"\$x'`
	case 7:
		return strings.Repeat(c+" ", 1+r.IntN(40))
	default:
		words[i] = strings.ToUpper(words[i])
	}
	return strings.Join(words, " ")
}

// deepLink draws a query of real and garbled parameters.
func deepLink(r *rand.Rand, ids []string) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	q := url.Values{}
	params := map[string]func() string{
		"lesson": func() string { return pick(ids[r.IntN(len(ids))], "nope", "", "../../etc", strings.Repeat("a", 500)) },
		"step":   func() string { return pick("0", "1", "3", "99", "-1", "x", "1e9") },
		"seed":   func() string { return pick("1", "42", "18446744073709551615", "-3", "seed") },
		"speed":  func() string { return pick("0.1", "2", "100", "1e9", "-1", "NaN") },
		"theme":  func() string { return pick("projector", "dark", "neon") },
		"motion": func() string { return pick("reduced", "full", "") },
		"nodes":  func() string { return pick("0", "3", "20", "-1", "999999999", "abc") },
		"demo":   func() string { return pick("off", "on", "") },
		"t":      func() string { return pick("1.5", "99999", "-1", "x") },
		"cmds":   func() string { return pick("garbage", "HMvBCcMw", "%%%", strings.Repeat("A", 3000)) },
		"h":      func() string { return pick("0123456789", "zz") },
		"ask":    func() string { return "1" },
		"pick":   func() string { return pick("1", "9", "x") },
	}
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if r.IntN(3) == 0 {
			q.Set(k, params[k]())
		}
	}
	return q.Encode()
}

// codeRunes maps a DOM key code to a rune chromedp's kb can type.
func codeRunes() map[string]rune {
	m := map[string]rune{}
	for r, k := range kb.Keys {
		if old, ok := m[k.Code]; !ok || (!k.Shift && (kb.Keys[old].Shift || r < old)) {
			m[k.Code] = r
		}
	}
	return m
}

type monkey struct {
	t      *testing.T
	ctx    context.Context
	cons   *consoleLog
	base   string
	w, h   int64
	runes  map[string]rune
	seen   int           // console failures already reported
	frames int64         // the game's tick at the last check
	late   int           // state() calls that took over stateAnswerPaces
	run    int           // the longest run of them in a row
	slow   []string      // the actions after which state() was late twice or more in a row
	frozen int           // that many in a row fail (MONKEY_FROZEN, default 5)
	pace   time.Duration // budget.Pace at the last check
}

func runMonkey(t *testing.T, seed uint64, n int) {
	actions := plan(seed, n)
	ctx, cons, base := stage(t, 1280, 720, "/?demo=off&nodes=3")
	m := &monkey{t: t, ctx: ctx, cons: cons, base: base, w: 1280, h: 720, runes: codeRunes(), frozen: 5}
	if v, err := strconv.Atoi(os.Getenv("MONKEY_FROZEN")); err == nil && v > 0 {
		m.frozen = v
	}
	report := func(i int, err error) {
		var list strings.Builder
		for j, a := range actions[:i+1] {
			fmt.Fprintf(&list, "  %3d %s\n", j, a)
		}
		t.Fatalf("monkey seed %d, action %d (%s): %v\nreproduce: MONKEY_SEED=%d MONKEY_ACTIONS=%d go test -tags e2e -run TestMonkey ./web/e2e/\nactions:\n%s",
			seed, i, actions[i], err, seed, i+1, list.String())
	}
	start := time.Now()
	for i, a := range actions {
		if err := m.do(a); err != nil {
			report(i, err)
		}
		before := m.late
		if err := m.check(); err != nil {
			report(i, err)
		}
		if m.late-before >= 2 {
			m.slow = append(m.slow, fmt.Sprintf("%d late after %d %.80s", m.late-before, i, a))
		}
	}
	if err := m.deterministic(); err != nil {
		report(len(actions)-1, err)
	}
	t.Logf("monkey seed %d: %d actions in %v; state() answered late (over %d paces of this machine, then within them) %d times, at most %d in a row (MONKEY_FROZEN %d fails); a pace was %v at the last check",
		seed, n, time.Since(start).Round(time.Millisecond), stateAnswerPaces, m.late, m.run, m.frozen, m.pace.Round(time.Microsecond))
	if len(m.slow) > 0 {
		t.Logf("late twice or more in a row after these actions:\n  %s", strings.Join(m.slow, "\n  "))
	}
}

func (m *monkey) do(a action) error {
	ctx, cancel := context.WithTimeout(m.ctx, 90*time.Second)
	defer cancel()
	switch a.Kind {
	case "key":
		return chromedp.Do(ctx, chromedp.KeyEvent(string(m.runes[a.Text])))
	case "click":
		return chromedp.Do(ctx, chromedp.MouseClickXY(a.X*float64(m.w), a.Y*float64(m.h)))
	case "drag":
		x, y, u, v := a.X*float64(m.w), a.Y*float64(m.h), a.U*float64(m.w), a.V*float64(m.h)
		steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x, y,
			chromedp.ButtonType(input.MouseButtonLeft), chromedp.ClickCount(1))}
		for k := 1; k <= 5; k++ {
			f := float64(k) / 5
			steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x+(u-x)*f, y+(v-y)*f, chromedp.ButtonType(input.MouseButtonLeft)))
		}
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, u, v, chromedp.ButtonType(input.MouseButtonLeft), chromedp.ClickCount(1)))
		return chromedp.Do(ctx, steps...)
	case "send", "fault":
		if a.Kind == "fault" {
			if err := m.send(ctx, "sandbox"); err != nil {
				return err
			}
		}
		return m.send(ctx, a.Text)
	case "lesson":
		if err := m.send(ctx, "lesson "+a.Text); err != nil {
			return err
		}
		for _, next := range a.Step {
			if err := m.send(ctx, map[bool]string{true: "next", false: "back"}[next]); err != nil {
				return err
			}
		}
		return nil
	case "resize":
		m.w, m.h = a.W, a.H
		return chromedp.Do(ctx, chromedp.EmulateViewport(a.W, a.H))
	case "link":
		m.frames = 0
		if err := chromedp.Do(ctx, chromedp.Navigate(m.base+"/?"+a.Text)); err != nil {
			return err
		}
		return chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`window.watchscope && window.watchscope.ready === true`,
			chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second)))
	}
	return fmt.Errorf("unknown action kind %q", a.Kind)
}

// send queues a command; a full queue (64) is waited out, as a page
// script would.
func (m *monkey) send(ctx context.Context, cmd string) error {
	js, _ := json.Marshal(cmd)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.watchscope.send(`+string(js)+`)`))
		if err != nil || ok {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// check is what must hold after every action: no error logged, state()
// answered within stateAnswerPaces of this machine's pace, timed just
// before (budget.Pace: about 1 s on a quiet two-core machine, longer in
// proportion on a busy one; a late answer, a long frame, is asked again
// and counted; MONKEY_FROZEN in a row, default 5, fail: a stage frozen
// for about 5 s), and the game loop still ticking within tickPaces
// (state's tick grows: the stage skips drawing frames that would not
// change, so frames drawn cannot tell). Chromium here draws with
// SwiftShader on the CPU; the stage draws at most 1920x1080 pixels
// (ui.MaxBackingPixels), and a lesson stepped back replays its steps one
// a frame (live/work.go), so the longest frame is the longest single
// step of a lesson in wasm: about 1 s on a loaded two-core machine
// (TestBackKeepsTheStageAnswering logs it). Before that, a rewind ran
// whole inside one frame and the default had to be 15.
func (m *monkey) check() error {
	if f := m.cons.failures(); len(f) > m.seen {
		m.seen = len(f)
		return fmt.Errorf("the page logged an error: %s", f[len(f)-1])
	}
	m.pace = budget.Pace()
	answer := stateAnswerPaces * m.pace
	deadline := time.Now().Add(tickPaces * m.pace)
	for late := 0; ; {
		ctx, cancel := context.WithTimeout(m.ctx, answer)
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.watchscope.state()`))
		cancel()
		if err != nil {
			if late++; late == m.frozen {
				return fmt.Errorf("state() did not answer within %d paces (%v) %d times in a row: %v", stateAnswerPaces, answer.Round(time.Millisecond), late, err)
			}
			m.late++
			continue
		}
		m.run = max(m.run, late)
		var st struct {
			Tick int64 `json:"tick"`
		}
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			return fmt.Errorf("state() is not JSON (%v): %.200s", err, raw)
		}
		if st.Tick > m.frames {
			m.frames = st.Tick
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the game loop stopped: no tick for %d paces (%v; still %d)", tickPaces, (tickPaces * m.pace).Round(time.Second), st.Tick)
		}
		time.Sleep(16 * time.Millisecond)
	}
}

// deterministic pauses the page and replays its moment natively.
func (m *monkey) deterministic() error {
	ctx, cancel := context.WithTimeout(m.ctx, 60*time.Second)
	defer cancel()
	if err := m.send(ctx, "pause"); err != nil {
		return err
	}
	var share struct {
		Query, Hash, Note string
	}
	for {
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const s = JSON.parse(window.watchscope.state());
			return s.paused && s.share ? JSON.stringify({Query: s.share.query, Hash: s.share.hash, Note: s.share.note || ""}) : ""; })()`))
		if err != nil {
			return err
		}
		if raw != "" {
			if err := json.Unmarshal([]byte(raw), &share); err != nil {
				return err
			}
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if share.Note != "" {
		// The page says its link cannot reproduce this moment (commands
		// typed during a lesson: a lesson link replays its steps only;
		// live.noteTyped), so there is no replay to compare with.
		m.t.Logf("determinism: not compared, the link says %q (%.120s)", share.Note, share.Query)
		return nil
	}
	q, err := url.ParseQuery(strings.TrimPrefix(share.Query, "?"))
	if err != nil {
		return fmt.Errorf("the moment's link %q: %v", share.Query, err)
	}
	sess, err := live.Open(live.ParseLink(q))
	if err != nil {
		return fmt.Errorf("replaying %q natively: %v", share.Query, err)
	}
	if got := sess.Share().Hash; got != share.Hash {
		return fmt.Errorf("the page's trace hash %s; its moment's commands replayed natively give %s (link %.300s)", share.Hash, got, share.Query)
	}
	m.t.Logf("determinism: trace %.16s, replayed natively from %.120s", share.Hash, share.Query)
	return nil
}
