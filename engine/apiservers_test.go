package engine

import (
	"fmt"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/mvcc"
)

// runAPIScenario builds a world with two replicas, creates pods through
// the API, watches them, restarts a replica and returns the trace hash.
func runAPIScenario(t *testing.T, seed uint64) (string, []string) {
	w, err := NewWorld(Config{Seed: seed, APIServers: APIServersConfig{Replicas: 2}})
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	w.RunFor(3 * time.Second)
	w.Watch("kubelet-1", apiserver.Request{Resource: "pods", Options: am.ListOptions{ResourceVersion: "0", AllowWatchBookmarks: true}},
		func(e am.WatchEvent) { log = append(log, fmt.Sprintf("%s watch %s", FormatTime(w.Now()), e)) },
		func(err error) { log = append(log, fmt.Sprintf("%s end %v", FormatTime(w.Now()), err)) })
	for i := range 5 {
		w.Do(fmt.Sprintf("controller-%d", i), apiserver.Request{Verb: apiserver.CREATE, Resource: "pods", Namespace: "default",
			Body: &am.Object{ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("p%d", i), Namespace: "default"}}},
			func(r apiserver.Response) { log = append(log, fmt.Sprintf("%s create %s", FormatTime(w.Now()), r)) })
	}
	w.RunFor(2 * time.Second)
	w.Do("kubectl", apiserver.Request{Verb: apiserver.LIST, Resource: "pods"},
		func(r apiserver.Response) { log = append(log, fmt.Sprintf("%s list %s", FormatTime(w.Now()), r)) })
	w.RunFor(time.Second)
	for _, s := range w.APIServers {
		s.Restart(w.Now())
	}
	w.RunFor(10 * time.Second)
	return w.Trace.Hash(), log
}

// Same seed, same trace; the watch saw the creates and then the reset.
func TestAPIServersDeterministic(t *testing.T) {
	h1, log1 := runAPIScenario(t, 7)
	h2, log2 := runAPIScenario(t, 7)
	if h1 != h2 || fmt.Sprint(log1) != fmt.Sprint(log2) {
		t.Fatalf("runs differ:\n%v\n%v", log1, log2)
	}
	text := fmt.Sprint(log1)
	for _, want := range []string{"create 201", "list 200 5 items", "watch ADDED Pod default/p4", "end read: connection reset by peer"} {
		if !contains(text, want) {
			t.Fatalf("missing %q in %v", want, log1)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestDrainInSlices: a watch whose initial events outnumber drainSlice
// gets them over several steps, at most drainSlice put on the wire per
// step, every one exactly once and in key order, then the live events.
func TestDrainInSlices(t *testing.T) {
	w, err := NewWorld(Config{Seed: 3, APIServers: APIServersConfig{Replicas: 1}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 2*drainSlice + 500
	for i := range n { // straight into etcd, as the cluster's bulk load does
		o := &am.Object{Kind: "ConfigMap", ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("cm-%05d", i), Namespace: "default"}}
		if _, err := w.Etcd.Put(mvcc.PutRequest{Key: []byte("/registry/configmaps/default/" + o.Name), Value: am.Encode(o)}); err != nil {
			t.Fatal(err)
		}
	}
	w.RunFor(5 * time.Second)
	var got []string
	h := w.Watch("reader", apiserver.Request{Resource: "configmaps", Options: am.ListOptions{ResourceVersion: "0"}},
		func(e am.WatchEvent) { got = append(got, string(e.Type)+" "+e.Object.Name) },
		func(err error) { t.Errorf("watch ended: %v", err) })
	most, sent := 0, 0
	for w.Now() < 8*time.Second && w.Step() {
		if added := h.inFlight.len() + len(got) - sent; added > 0 {
			most, sent = max(most, added), sent+added
		}
	}
	if most != drainSlice {
		t.Errorf("the most events one step put on the wire: %d, want drainSlice (%d)", most, drainSlice)
	}
	if len(got) != n {
		t.Fatalf("%d events arrived, want %d", len(got), n)
	}
	for i, e := range got {
		if want := fmt.Sprintf("ADDED cm-%05d", i); e != want {
			t.Fatalf("event %d is %q, want %q", i, e, want)
		}
	}
	w.Do("loader", apiserver.Request{Verb: apiserver.CREATE, Resource: "configmaps", Namespace: "default",
		Body: &am.Object{ObjectMeta: am.ObjectMeta{Name: "late", Namespace: "default"}}},
		func(r apiserver.Response) {
			if r.Code != 201 {
				t.Errorf("create: %v", r)
			}
		})
	w.RunFor(time.Second)
	if last := got[len(got)-1]; last != "ADDED late" {
		t.Fatalf("after the initial events the watch got %q, want the live ADDED late", last)
	}
}

// TestAnswerLostToAResetFailsTheCall: a connection that breaks while the
// answer is on the wire fails the call with the reset, as a client reading
// its response sees; the client must not wait forever for an answer the
// network dropped (chaos seed 3622: kubectl's LIST answered as it was
// disconnected, and it never listed again).
func TestAnswerLostToAResetFailsTheCall(t *testing.T) {
	w, err := NewWorld(Config{Seed: 1, APIServers: APIServersConfig{Replicas: 1}})
	if err != nil {
		t.Fatal(err)
	}
	w.RunFor(3 * time.Second)
	var got []apiserver.Response
	from := w.Trace.Last()
	w.Do("kubectl", apiserver.Request{Verb: apiserver.LIST, Resource: "pods"},
		func(r apiserver.Response) { got = append(got, r) })
	answered := func() bool {
		for _, e := range w.Trace.Since(from) {
			if e.Kind == KindResp {
				return true
			}
		}
		return false
	}
	for i := 0; !answered(); i++ {
		if i == 1000 {
			t.Fatal("the LIST was never answered")
		}
		w.Step()
	}
	if len(got) != 0 {
		t.Fatal("the answer arrived in the same step it was sent: nothing on the wire to lose")
	}
	if err := w.Disconnect("kubectl", 0); err != nil {
		t.Fatal(err)
	}
	w.RunFor(time.Second)
	if len(got) != 1 || got[0].ConnErr == nil {
		t.Fatalf("after the reset the call ended %d times (%v), want once with a connection error", len(got), got)
	}
}

// A restarted replica's counters begin again at zero in the world's
// registry (a Prometheus counter lives as long as its process); the
// kubelet's restart count carries on.
func TestReplicaCountersStartAtZeroAfterRestart(t *testing.T) {
	w, err := NewWorld(Config{Seed: 1, APIServers: APIServersConfig{Replicas: 1}})
	if err != nil {
		t.Fatal(err)
	}
	w.RunFor(3 * time.Second)
	for range 3 {
		w.Do("kubectl", apiserver.Request{Verb: apiserver.LIST, Resource: "pods"}, func(apiserver.Response) {})
	}
	w.RunFor(time.Second)
	series := SeriesName("apiserver_request_total", "instance", "apiserver-0", "verb", "LIST", "group", "", "version", "v1", "resource", "pods", "code", "200")
	if v, _ := w.Metrics.Value(series); v != 3 {
		t.Fatalf("%s = %v before the restart, want 3", series, v)
	}
	if err := w.RestartAPIServer("apiserver-0"); err != nil {
		t.Fatal(err)
	}
	w.RunFor(5 * time.Second)
	w.Do("kubectl", apiserver.Request{Verb: apiserver.LIST, Resource: "pods"}, func(apiserver.Response) {})
	w.RunFor(time.Second)
	if v, _ := w.Metrics.Value(series); v != 1 {
		t.Fatalf("%s = %v after the restart and one LIST, want 1", series, v)
	}
	restarts := SeriesName("kube_pod_container_status_restarts_total", "instance", "apiserver-0", "container", "kube-apiserver", "pod", "apiserver-0")
	if v, _ := w.Metrics.Value(restarts); v != 1 {
		t.Fatalf("%s = %v", restarts, v)
	}
}
