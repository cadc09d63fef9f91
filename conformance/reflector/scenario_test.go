package reflector

import (
	"fmt"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/engine"
)

// scenario is one timeline both reflectors go through.
type scenario struct {
	name      string
	watchList bool   // client-go's WatchListClient gate; ours: !DisableWatchList
	selector  string // the informer's label selector
	server    apiserver.Config
	startAt   time.Duration // when the reflector starts
	steps     []step
	end       time.Duration
}

// step is something done to the world at a virtual time.
type step struct {
	at   time.Duration
	what string
	do   func(w *engine.World) error
}

// run plays sc with one side and returns the calls it made.
func run(t *testing.T, sc scenario, real bool) ([]call, *engine.World) {
	w := newWorld(t, sc)
	var s side = &simSide{w: w, sc: sc, t: t}
	if real {
		s = &realSide{d: newDriver(t, w, clientNode), sc: sc, t: t}
	}
	play(t, sc, w, s)
	return calls(w, clientNode), w
}

// play goes through sc's timeline with one side in world w.
func play(t *testing.T, sc scenario, w *engine.World, s side) {
	started := false
	for _, st := range sc.steps {
		if !started && st.at >= sc.startAt {
			s.runTo(sc.startAt)
			s.start()
			started = true
		}
		s.runTo(st.at)
		if err := st.do(w); err != nil {
			t.Fatalf("%s at %v: %v", st.what, st.at, err)
		}
	}
	if !started {
		s.runTo(sc.startAt)
		s.start()
	}
	s.runTo(sc.end)
	s.stop()
}

// createPods creates n pods named prefix-i with labels, from node "writer".
func createPods(prefix string, n int, labels map[string]string) func(*engine.World) error {
	return createObjs("pods", "Pod", prefix, n, labels)
}

func restart(w *engine.World) error { return w.RestartAPIServer(engine.APIServerNode(0)) }

// createObjs creates n objects of resource (kind) named prefix-i.
func createObjs(resource, kind, prefix string, n int, labels map[string]string) func(*engine.World) error {
	return func(w *engine.World) error {
		for i := range n {
			obj := &am.Object{Kind: kind, ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("%s-%d", prefix, i), Namespace: "default", Labels: labels}}
			w.Do("writer", apiserver.Request{Verb: apiserver.CREATE, Resource: resource, Namespace: "default", Body: obj}, func(apiserver.Response) {})
		}
		return nil
	}
}

func compact(w *engine.World) error { return w.CompactNow() }
