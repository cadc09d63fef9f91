package live

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"watchscope/engine"
)

// sandbox opens a sandbox of nodes kubelets (1 API server) and runs cmds.
func sandbox(t *testing.T, nodes int, cmds ...string) *Session {
	t.Helper()
	s, err := Open(Link{Nodes: nodes, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return sendAll(s, cmds...)
}

// sendAll sends each command and lets a frame pass.
func sendAll(s *Session, cmds ...string) *Session {
	for _, c := range cmds {
		s.Send(c)
		s.Tick(time.Second / 60)
	}
	return s
}

// newest410 is the newest trace event of kind k with code 410.
func newest410(t *testing.T, s *Session, k engine.Kind) engine.TraceEvent {
	t.Helper()
	w := s.sim.World()
	evs := w.Trace.Recent(w.Trace.Window())
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Kind == k && evs[i].Code == 410 {
			return evs[i]
		}
	}
	t.Fatalf("no %s 410 in the trace", k)
	return engine.TraceEvent{}
}

// wantWhy checks that why? of e reads 2-4 lines holding want in order and
// none of not.
func wantWhy(t *testing.T, s *Session, e engine.TraceEvent, want, not []string) {
	t.Helper()
	if !whyOf(s).plainWhy(s.sim.World(), e.ID) {
		t.Fatalf("no why? for %s", e)
	}
	lines := s.chrome.Why
	all := strings.Join(lines, "\n")
	if len(lines) < 2 || len(lines) > 4 {
		t.Fatalf("why? of %s is not 2-4 lines:\n%s", e, all)
	}
	rest := all
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("why? of %s lacks %q (after the links before it):\n%s", e, w, all)
		}
		rest = rest[i+len(w):]
	}
	for _, n := range not {
		if strings.Contains(all, n) {
			t.Errorf("why? of %s names %q:\n%s", e, n, all)
		}
	}
}

// TestWhyOfAReflectors410NamesTheRequest: after an API server restart the
// kubelets' reflectors resume from an RV below where the new cache starts
// and get 410. why? of the reflector's own 410 events (the ERROR it read,
// the watch closing, its back-off) tells the request that was too old (its
// RV), where the cache started over, and the answer, not the replica's
// cache initialization as if it had caused the reaction.
func TestWhyOfAReflectors410NamesTheRequest(t *testing.T) {
	s := sandbox(t, 3, "kubectl create configmap a", "sim advance 5s", "sim restart apiserver-0", "kubectl create configmap b",
		"sim advance 10s", "kubectl create configmap c", "sim advance 10s", "sim restart apiserver-0", "sim advance 20s")
	gone := newest410(t, s, engine.KindReflector)
	ans := newest410(t, s, engine.KindWatchError)
	want := []string{"sent WATCH", "from resourceVersion " + fmt.Sprint(ans.RV), "cache started over at RV " + fmt.Sprint(ans.OldestRV),
		"410 Expired: too old resource version", "REFLECTOR on " + gone.Node}
	wantWhy(t, s, gone, want, []string{"cache is ready", "initialized", "left its ring", "the  cache"})
}

// TestWhyOfAnEtcd410NamesTheCompaction: an Exact LIST below etcd's
// compaction, served from etcd, gets 410; why? names the request (its
// RV) and the revision etcd had compacted to, also when the compaction
// was etcdctl's (the replica's compactor logged none).
func TestWhyOfAnEtcd410NamesTheCompaction(t *testing.T) {
	s := sandbox(t, 1, "kubectl create configmap a", "kubectl create configmap b", "kubectl create configmap c")
	rev := s.sim.World().Etcd.Rev()
	sendAll(s, fmt.Sprintf("etcdctl compaction %d", rev),
		"kubectl get --raw '/api/v1/namespaces/default/configmaps?limit=1&resourceVersion=2&resourceVersionMatch=Exact'")
	ans := newest410(t, s, engine.KindResp)
	if ans.Route != "etcd" {
		t.Fatalf("the 410 came from %q, not etcd: %s", ans.Route, ans)
	}
	wantWhy(t, s, ans, []string{"kubectl sent LIST configmaps from resourceVersion 2",
		fmt.Sprintf("etcd had compacted its history at revision %d", rev), "410 Expired"}, nil)
}
