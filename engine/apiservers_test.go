package engine

import (
	"fmt"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
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
