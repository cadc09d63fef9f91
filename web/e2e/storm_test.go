//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/internal/budget"
)

// TestStormFrameBudgetInBrowser measures issue "The stage"'s budget where
// it applies, and reports it beside the budget for `make bench` (8 ms at
// p95; a wall-clock figure, so it never fails): the Go time of each drawn frame (every update since the
// previous frame: input, the tick's simulation and snapshot, the page's
// state; then the layout) in headless Chromium while a 5,000-node
// cluster's API server restarts, with software GL kept off the page's
// core (pinSoftwareGL). WS_STORM=1 turns it on (building the world takes
// minutes in wasm, too long for every `make test`); WS_STORM=N sets the
// node count. It measures from the restart until the world reaches 32 s
// (the storm's heavy part: the caches relist 150,000 pods from etcd at
// ~26.5 s, the controller-manager's watch-list at ~27 s, kubectl's
// 150,000-pod LIST at ~31 s), at most WS_STORM_WINDOW of wall time
// (default 6 min): software GL on one core draws a 1920x1080 frame in a
// few hundred milliseconds, and each frame runs the world for at most
// 4 ms.
func TestStormFrameBudgetInBrowser(t *testing.T) {
	nodes := os.Getenv("WS_STORM")
	if nodes == "" {
		t.Skip("WS_STORM=1 measures the 5,000-node restart storm in the browser")
	}
	if nodes == "1" {
		nodes = "5000"
	}
	start := time.Now()
	ctx, cons, _ := stage(t, 1920, 1080, "/?demo=off&nodes="+nodes)
	t.Logf("%s nodes: first frame after %v", nodes, time.Since(start).Round(time.Second))
	pinSoftwareGL(t, ctx)
	// The cluster settles first (every informer listed and watching): at
	// the page's pace in headless Chromium (software GL, a few frames a
	// second) that would take minutes, so the world jumps there in one go.
	send(t, ctx, "sim advance 20s")
	waitFor(t, ctx, `JSON.parse(window.watchscope.state()).timeMs >= 20000`, 3*time.Minute)
	time.Sleep(2 * time.Second)
	send(t, ctx, "sim restart apiserver-0")
	time.Sleep(time.Second)
	var st struct {
		Frames  int      `json:"frames"`
		P50     float64  `json:"p50Ms"`
		P95     float64  `json:"p95Ms"`
		Max     float64  `json:"maxMs"`
		SimP95  float64  `json:"simP95Ms"`
		DrawP95 float64  `json:"drawP95Ms"`
		Over    []string `json:"over"`
		GC      string   `json:"gc"`
	}
	window := 6 * time.Minute
	if d, err := time.ParseDuration(os.Getenv("WS_STORM_WINDOW")); err == nil && d > 0 {
		window = d
	}
	const until = 32000 // ms of world time
	run(t, ctx, chromedp.Evaluate[string](`window.watchscope.frameStats(true)`))
	measured := time.Now()
	for time.Since(measured) < window && getState(t, ctx).TimeMs < until {
		time.Sleep(2 * time.Second)
	}
	if err := json.Unmarshal([]byte(run(t, ctx, chromedp.Evaluate[string](`window.watchscope.frameStats()`))), &st); err != nil {
		t.Fatal(err)
	}
	window = time.Since(measured).Round(time.Second)
	s := getState(t, ctx)
	t.Logf("restart storm at %s nodes, %d frames drawn in %v: simulation + layout per frame p50 %.2f ms, p95 %.2f ms, max %.1f ms; simulation p95 %.2f ms; whole draw (layout + draw calls, software GL) p95 %.2f ms; world at %d ms",
		nodes, st.Frames, window, st.P50, st.P95, st.Max, st.SimP95, st.DrawP95, s.TimeMs)
	t.Logf("garbage collector in the window: %s", st.GC)
	for _, o := range st.Over {
		t.Logf("  over 8 ms: %s", o)
	}
	if f := cons.failures(); len(f) > 0 {
		t.Errorf("console errors: %v", f)
	}
	if s.TimeMs < until {
		t.Errorf("the window ended with the world at %d ms, before the storm's heavy part was over (%d ms)", s.TimeMs, until)
	}
	budget.Report(t, "storm frame, Go work p95 (browser)", st.P95, 8, "ms")
}

// pinSoftwareGL keeps Chromium's software renderer off the page's thread.
// Headless Chromium here draws WebGL with SwiftShader in its GPU process,
// whose raster threads take every core (this machine has two) and
// preempt the renderer's main thread, the page's only thread, in the
// middle of a frame: the frame's Go time then counts time the thread did
// not run (unpinned, the simulation's p95 was 7.5 ms against its 4 ms
// budget and the frame's 11.0 ms, with 0.17 s of GC assists in the whole
// window). A browser with a GPU renders off the CPU; pinning the GPU
// process to the first core and the renderers to the second gives the
// page's thread a core of its own, as there. Only this test's browser's
// processes are pinned (the machine may be running other browsers).
// WS_STORM_PIN=0 measures unpinned.
func pinSoftwareGL(t *testing.T, ctx context.Context) {
	if os.Getenv("WS_STORM_PIN") == "0" {
		t.Log("unpinned: software GL shares the cores with the page's thread")
		return
	}
	if runtime.NumCPU() < 2 {
		t.Log("one CPU: software GL and the page's thread share it")
		return
	}
	c := chromedp.FromContext(ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		t.Fatal("no browser process to pin")
	}
	ours := descendants(c.Browser.Process().Pid)
	for _, p := range []struct{ flag, cpu string }{{"--type=gpu-process", "0"}, {"--type=renderer", "1"}} {
		var pids []string
		for _, pid := range ours {
			if cmd, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid)); err == nil && strings.Contains(string(cmd), p.flag) {
				pids = append(pids, strconv.Itoa(pid))
			}
		}
		if len(pids) == 0 {
			t.Fatalf("no Chromium process with %s to pin", p.flag)
		}
		for _, pid := range pids {
			if o, err := exec.Command("taskset", "-a", "-cp", p.cpu, pid).CombinedOutput(); err != nil {
				t.Fatalf("taskset %s (%s): %v: %s", pid, p.flag, err, o)
			}
		}
		t.Logf("pinned %d Chromium process(es) with %s to CPU %s", len(pids), p.flag, p.cpu)
	}
}

// descendants is every process below pid (Chromium's renderers hang under
// its zygote, not the browser process).
func descendants(pid int) []int {
	out, err := exec.Command("ps", "-e", "-o", "pid=,ppid=").Output()
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, line := range strings.Split(string(out), "\n") {
		var p, pp int
		if _, err := fmt.Sscan(line, &p, &pp); err == nil {
			children[pp] = append(children[pp], p)
		}
	}
	var all []int
	for todo := children[pid]; len(todo) > 0; {
		p := todo[0]
		todo = append(todo[1:], children[p]...)
		all = append(all, p)
	}
	return all
}
