package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

var testNodes = []string{"a", "b", "c", "d"}

// testApply is a tiny command language for engine tests. Its commands
// set off random chains of network messages, so a run exercises the
// scheduler, the random source, the network and the trace together.
//
//	spawn N            N chains of messages between random nodes
//	advance D          run the clock for D
//	disconnect X D     cut node X off for D
//	partition A,B C D  split {A,B} from {C} for D
//	heal               end every fault
//	script X;Y         run X then Y as nested commands
//	fail               return an error
func testApply(w *World, cmd string) (string, error) {
	f := strings.Fields(cmd)
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	dur := func(i int) time.Duration { d, _ := time.ParseDuration(arg(i)); return d }
	for _, n := range testNodes {
		w.Net.AddNode(n)
	}
	switch arg(0) {
	case "spawn":
		n, _ := strconv.Atoi(arg(1))
		for range n {
			w.After(w.Uniform(0, ms(20)), func() { chain(w, 5) })
		}
	case "advance":
		w.RunFor(dur(1))
	case "disconnect":
		return "", w.Net.Disconnect(arg(1), dur(2))
	case "partition":
		return "", w.Net.Partition(strings.Split(arg(1), ","), strings.Split(arg(2), ","), dur(3))
	case "heal":
		w.Net.Heal()
	case "script":
		for _, c := range strings.Split(strings.TrimPrefix(cmd, "script "), ";") {
			w.Exec(c)
		}
	case "fail":
		return "", errors.New("failed on purpose")
	default:
		return "", fmt.Errorf("unknown command %q", cmd)
	}
	return "ok", nil
}

// chain sends one message between two random nodes; on arrival it may
// send another, up to depth hops.
func chain(w *World, depth int) {
	r := w.Rand()
	from, to := testNodes[r.IntN(len(testNodes))], testNodes[r.IntN(len(testNodes))]
	c, err := w.Net.Dial(from, to)
	if err != nil {
		w.Record(from, kindDialFail, err.Error())
		return
	}
	size := 1 + r.IntN(1000)
	id := w.Record(from, kindSend, fmt.Sprintf("%s size=%d", c, size))
	c.Send(size, id, func() {
		w.Record(to, kindRecv, fmt.Sprintf("%s size=%d", c, size))
		c.Close()
		if depth > 1 && r.IntN(3) > 0 {
			w.After(w.Jitter(ms(50), 1), func() { chain(w, depth-1) })
		}
	})
}

// script is a list of (wait, command) steps derived from its own seed.
func script(seed uint64) []string {
	r := NewRand(seed + 1000)
	var out []string
	for range 30 {
		switch r.IntN(6) {
		case 0:
			out = append(out, fmt.Sprintf("disconnect %s %dms", testNodes[r.IntN(4)], 1+r.IntN(300)))
		case 1:
			out = append(out, "partition a,b c,d 200ms")
		case 2:
			out = append(out, "advance 150ms")
		default:
			out = append(out, fmt.Sprintf("spawn %d", 1+r.IntN(8)))
		}
		out = append(out, "heal") // half of the faults end early
	}
	return out
}

// runScript executes the script, running the clock 100ms after each
// command, and returns a checkpoint after every step.
func runScript(t *testing.T, w *World, cmds []string) []Checkpoint {
	t.Helper()
	var cps []Checkpoint
	for i, c := range cmds {
		w.Exec(c)
		if i%3 != 0 {
			w.RunFor(ms(100))
		}
		cps = append(cps, w.Checkpoint())
	}
	w.RunFor(time.Second)
	return append(cps, w.Checkpoint())
}

func TestDeterminism(t *testing.T) {
	run := func(seed uint64) Checkpoint {
		w := newTestWorld(t, Config{Seed: seed, Apply: testApply})
		cps := runScript(t, w, script(1))
		return cps[len(cps)-1]
	}
	a, b, c := run(1), run(1), run(2)
	if a != b {
		t.Fatalf("same seed and commands: %v vs %v", a, b)
	}
	if a.TraceLen < 200 {
		t.Fatalf("run too small to mean anything: %v", a)
	}
	if a.Hash == c.Hash {
		t.Error("a different seed gave the same trace")
	}
}

// TestRestoreReproducesCheckpoints restores every checkpoint of a run
// from the seed and the command log and checks the exact trace hash.
func TestRestoreReproducesCheckpoints(t *testing.T) {
	cfg := Config{Seed: 5, Apply: testApply, TraceWindow: 50}
	w := newTestWorld(t, cfg)
	cps := runScript(t, w, script(5))
	for i, cp := range cps {
		if i%4 != 0 && i != len(cps)-1 {
			continue // keep the test quick; replay cost grows with time
		}
		r, err := restoreCheckpoint(cfg, false, w.Log(), cp)
		if err != nil {
			t.Fatalf("checkpoint %d: %v", i, err)
		}
		if r.Checkpoint() != cp || r.Now() != cp.At {
			t.Fatalf("checkpoint %d: restored %v, want %v", i, r.Checkpoint(), cp)
		}
	}
	last := cps[len(cps)-1]
	r, err := restore(cfg, false, w.Log(), last.At)
	if err != nil || r.Trace.Hash() != last.Hash {
		t.Errorf("Restore by time: %v, hash %s want %s", err, r.Trace.Hash(), last.Hash)
	}
	bad := w.Log()
	bad[len(bad)/2].Text = "spawn 1"
	if _, err := restoreCheckpoint(cfg, false, bad, last); !errors.Is(err, ErrDiverged) {
		t.Errorf("edited log restored without ErrDiverged: %v", err)
	}
}

// TestForkCutsAdvance rewinds into the middle of "advance 5s", acts, and
// checks that the fork's own log replays to the fork's exact state.
func TestForkCutsAdvance(t *testing.T) {
	w := newTestWorld(t, Config{Seed: 11, Apply: testApply})
	w.RunUntil(time.Second)
	w.Exec("spawn 6")
	w.Exec("advance 5s")
	w.Exec("spawn 6")
	w.RunFor(time.Second)
	before := w.Checkpoint()

	f, err := w.ForkAt(3 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if f.Now() != 3*time.Second || w.Checkpoint() != before {
		t.Fatalf("fork at %v; original moved: %v -> %v", f.Now(), before, w.Checkpoint())
	}
	// The fork's trace is exactly the original's up to 3s.
	for _, ev := range f.Trace.Recent(f.Trace.Window()) {
		if orig, ok := w.Trace.Get(ev.ID); !ok || orig != ev {
			t.Fatalf("fork event %v differs from original %v", ev, orig)
		}
	}
	if next, ok := w.Trace.Get(f.Trace.Last() + 1); !ok || next.At <= 3*time.Second {
		t.Fatalf("original's next event %v should come after 3s", next)
	}
	f.Exec("spawn 4")
	f.RunFor(2 * time.Second)
	cp := f.Checkpoint()
	if got := len(f.Log()); got != 3 {
		t.Fatalf("fork log has %d commands, want 3", got)
	}
	if _, err := f.Fork(cp); err != nil {
		t.Errorf("fork's own log does not replay: %v", err)
	}
}

func TestExec(t *testing.T) {
	w := newTestWorld(t, Config{Apply: testApply})
	if out, err := w.Exec("script spawn 1;fail;spawn 2"); out != "ok" || err != nil {
		t.Fatalf("script: %q %v", out, err)
	}
	if _, err := w.Exec("fail"); err == nil {
		t.Fatal("fail returned no error")
	}
	log := w.Log()
	if len(log) != 2 || log[0].Text != "script spawn 1;fail;spawn 2" || log[1].Text != "fail" {
		t.Errorf("log %v: nested commands must not be logged, failed ones must", log)
	}
	var cmds []string
	for _, ev := range w.Trace.Recent(10) {
		if ev.Kind == KindCmd {
			cmds = append(cmds, ev.String())
		}
	}
	want := []string{
		"#1 <-ext  0.000s  user  CMD  script spawn 1;fail;spawn 2",
		"#2 <-ext  0.000s  user  CMD  spawn 1", "#3 <-ext  0.000s  user  CMD  fail",
		"#4 <-ext  0.000s  user  CMD  spawn 2", "#5 <-ext  0.000s  user  CMD  fail",
	}
	if fmt.Sprint(cmds) != fmt.Sprint(want) {
		t.Errorf("CMD trace:\n%s\nwant\n%s", strings.Join(cmds, "\n"), strings.Join(want, "\n"))
	}
	w.RunFor(time.Second)
	for _, ev := range w.Trace.Recent(100) {
		if ev.Kind == kindRecv {
			chain := w.Trace.Chain(ev.ID)
			if root := chain[0]; root.Kind != KindCmd || root.Cause != 0 {
				t.Errorf("chain of %v starts at %v, want a command", ev, root)
			}
		}
	}
	if _, err := newTestWorld(t, Config{}).Exec("x"); !errors.Is(err, ErrNoApplier) {
		t.Errorf("Exec without applier: %v", err)
	}
}

// TestExecSettlesInstant: after a budgeted run stops between two events
// of one instant, a command first runs the rest of that instant.
func TestExecSettlesInstant(t *testing.T) {
	w := newTestWorld(t, Config{Apply: func(w *World, cmd string) (string, error) { return "", nil }})
	var got []string
	for _, name := range []string{"x", "y", "z"} {
		w.Schedule(ms(5), 0, func() { got = append(got, name) })
	}
	w.Schedule(ms(6), 0, func() { got = append(got, "later") })
	if n, reached := w.RunUntilBudget(time.Second, 1); n != 1 || reached || w.Now() != ms(5) {
		t.Fatalf("budget run: %d %v at %v", n, reached, w.Now())
	}
	w.Exec("noop")
	if fmt.Sprint(got) != "[x y z]" || w.Log()[0].At != ms(5) {
		t.Errorf("ran %v before the command at %v", got, w.Log()[0].At)
	}
}

func TestConfigValidation(t *testing.T) {
	for _, cfg := range []Config{{TraceWindow: -1}, {Link: LinkConfig{Jitter: -1}}, {SampleInterval: -time.Second}} {
		if _, err := build(cfg, false); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}

func TestSnapshot(t *testing.T) {
	w := newTestWorld(t, Config{Apply: testApply})
	s0 := w.Snapshot(5)
	w.Exec("disconnect a 1s")
	s1 := w.Snapshot(5)
	if s1.Seq == s0.Seq || len(s1.Recent) != 2 || len(s1.Faults) != 1 || s1.Trace.Hash == s0.Trace.Hash {
		t.Errorf("snapshot did not follow the world: %+v", s1)
	}
}

// TestNewWorldEtcd builds the full world with the simulated etcd member.
func TestNewWorldEtcd(t *testing.T) {
	w, err := NewWorld(Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if w.Etcd == nil || w.Etcd.Rev() != 1 {
		t.Fatalf("etcd missing or not at revision 1")
	}
	if nodes := w.Net.Nodes(); len(nodes) != 1 || nodes[0] != EtcdNode {
		t.Errorf("nodes %v", nodes)
	}
	w.RunFor(time.Hour)
	if v, ok := w.Metrics.Value("etcd_debugging_mvcc_current_revision"); !ok || v != 1 {
		t.Errorf("current revision gauge %v %v", v, ok)
	}
}
