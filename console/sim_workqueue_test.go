package console

import (
	"strconv"
	"strings"
	"testing"

	"watchscope/engine"
)

// An informer with --workqueue: a slow worker reconciles many updates of
// one key once, the queue's depth and adds are its metrics, and every
// reconcile read the informer's cache.
func TestSimWorkqueueDedups(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "sim load configmaps 10 1s --objects 10", "sim advance 2s",
		"sim informer app configmaps --workqueue --work-cost 100ms", "sim advance 2s")
	out := run(t, sh, "sim workqueue app")
	if field(t, out, "Reconciles") != "10" || field(t, out, "Depth") != "0" || field(t, out, "Adds") != "10" {
		t.Fatalf("after the initial list:\n%s", out)
	}
	// 100 updates of one configmap in a second; the worker needs 100 ms a
	// key, so most updates find the key already queued.
	run(t, sh, "sim load configmaps 100 1s --objects 1", "sim advance 3s")
	out = run(t, sh, "sim workqueue app")
	rec, _ := strconv.Atoi(field(t, out, "Reconciles"))
	if rec <= 10 || rec > 10+12 {
		t.Errorf("100 updates of one key reconciled %d times in all; want about 10 more than the 10 adds (one per 100 ms)\n%s", rec, out)
	}
	in := run(t, sh, "sim inspect app")
	if field(t, in, "Delivered") != "110" {
		t.Errorf("the handler was told of %s changes, want 110", field(t, in, "Delivered"))
	}
	m, _ := sh.w.Metrics.Value(`workqueue_adds_total{name="app"}`)
	if int(m) != rec {
		t.Errorf("workqueue_adds_total %v, want the %d reconciles (each add was taken once)", m, rec)
	}
	if d, ok := sh.w.Metrics.Value(`workqueue_depth{name="app"}`); !ok || d != 0 {
		t.Errorf("workqueue_depth %v %v, want 0 once drained", d, ok)
	}
	n := 0
	for _, e := range sh.w.Trace.Since(0) {
		if e.Kind == engine.KindReconcile && e.Node == "app" {
			n++
			if !strings.Contains(e.Detail, "(rv ") {
				t.Errorf("a reconcile that did not find its object in the cache: %s", e.Detail)
			}
		}
	}
	if n != rec {
		t.Errorf("%d RECONCILE events, want %d", n, rec)
	}
	if _, err := sh.Exec("sim workqueue nobody"); err == nil {
		t.Error("sim workqueue of an unknown client did not fail")
	}
	if _, err := sh.Exec("sim informer x pods --work-cost 1s"); err == nil || !strings.Contains(err.Error(), "--workqueue") {
		t.Errorf("--work-cost without --workqueue: %v", err)
	}
}

// --changes-only: the initial list and a resync's replay of unchanged
// objects are not queued; a real change is. Without it, both are.
func TestSimWorkqueueChangesOnly(t *testing.T) {
	for _, tc := range []struct {
		flag                    string
		initial, resync, change int
	}{{" --changes-only", 0, 0, 1}, {"", 10, 20, 21}} {
		sh := kubeShell(t)
		run(t, sh, "sim load configmaps 10 1s --objects 10", "sim advance 2s",
			"sim informer app configmaps --resync 1s --workqueue"+tc.flag, "sim advance 500ms")
		reconciles := func() int {
			n, _ := strconv.Atoi(field(t, run(t, sh, "sim workqueue app"), "Reconciles"))
			return n
		}
		if got := reconciles(); got != tc.initial {
			t.Errorf("%q: the initial list was reconciled %d times, want %d", tc.flag, got, tc.initial)
		}
		run(t, sh, "sim advance 1s")
		if got := reconciles(); got != tc.resync {
			t.Errorf("%q: after one resync %d reconciles, want %d", tc.flag, got, tc.resync)
		}
		run(t, sh, "sim load configmaps 1 1s --objects 1", "sim advance 400ms")
		if got := reconciles(); got != tc.change {
			t.Errorf("%q: after one change %d reconciles, want %d", tc.flag, got, tc.change)
		}
	}
}

// --requires, --requeue and --forget: bad values are one line each, and a
// controller that needs a missing ConfigMap fails, backs off and recovers
// when it appears.
func TestSimWorkqueueRequires(t *testing.T) {
	sh := kubeShell(t)
	for _, c := range []struct{ line, want string }{
		{"sim informer a pods --requires configmap/x", "--workers, --work-cost, --changes-only, --requires, --requeue and --forget need --workqueue\n"},
		{"sim informer a pods --workqueue --requires x", "invalid --requires \"x\": KIND/NAME, e.g. configmap/web-config\n"},
		{"sim informer a pods --workqueue --requeue never", "invalid --requeue \"never\": rate-limited (AddRateLimited) or immediate (Add)\n"},
		{"sim informer a pods --workqueue --requeue immediate", "--requeue immediate needs a --work-cost (a worker that takes no time would spin forever at one instant)\n"},
	} {
		if got := run(t, sh, c.line); !strings.HasSuffix(got, c.want) || strings.Count(got, "\n") != 1 {
			t.Errorf("%s: %q, want %q", c.line, got, c.want)
		}
	}
	run(t, sh, "kubectl run web", "sim informer app pods -l run=web --workqueue --requires configmap/cfg", "sim advance 10s")
	out := run(t, sh, "sim workqueue app")
	// 5 ms doubling: attempts at 0, 5 ms, 15 ms ... 5.115 s; the 12th is
	// due at 10.235 s, after the 10 s: 11 attempts, 11 retries, one waiting.
	if field(t, out, "Reconciles") != "11" || field(t, out, "Retries") != "11" || field(t, out, "Waiting") != "1" {
		t.Fatalf("10 s of a missing ConfigMap:\n%s", out)
	}
	run(t, sh, "kubectl create configmap cfg", "sim advance 5s")
	out = run(t, sh, "sim workqueue app")
	if field(t, out, "Reconciles") != "12" || field(t, out, "Retries") != "11" || field(t, out, "Waiting") != "0" {
		t.Fatalf("once the ConfigMap exists, the waiting retry succeeds:\n%s", out)
	}
	if ctrl, _ := sh.controller([]string{"app"}, ""); ctrl.Queue.NumRequeues("default/web") != 0 || ctrl.Failures != 11 {
		t.Errorf("after the success: %d requeues (Forget resets them), %d failures", ctrl.Queue.NumRequeues("default/web"), ctrl.Failures)
	}
}

// TestSimWorkqueueRequiresWhatTheFirstInformerFilters: the needed object
// is read from an informer of every object of its resource, not from the
// controller's own selector-filtered one of the same resource, and a
// cluster-scoped one (a Node) by its name alone; and the workers wait
// for the needed lister's first sync (WaitForCacheSync), so no reconcile
// fails at the start (a wrong lister fails on every retry, 13 in 35 s).
func TestSimWorkqueueRequiresWhatTheFirstInformerFilters(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl create configmap web", "kubectl label configmap web app=a", "kubectl create configmap cfg",
		"sim informer a configmaps -l app=a --workqueue --requires configmap/cfg",
		"kubectl run p", "kubectl apply -f - <<EOF\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-1\nEOF",
		"sim informer b pods --workqueue --requires node/node-1", "sim advance 35s")
	for _, q := range []string{"a", "b"} {
		if out := run(t, sh, "sim workqueue "+q); field(t, out, "Waiting") != "0" || field(t, out, "Retries") != "0" {
			t.Errorf("controller %s, whose needed object exists:\n%s", q, out)
		}
	}
}
