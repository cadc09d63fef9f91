package watchcache

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

func putPod(t *testing.T, s *mvcc.Server, o *am.Object) int64 {
	t.Helper()
	resp, err := s.Put(mvcc.PutRequest{Key: []byte(pods.Key(o.Namespace, o.Name)), Value: am.Encode(o)})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Header.Revision
}

// runUntil advances etcd and the reflector together in 10ms steps.
func runUntil(s *mvcc.Server, r *Reflector, from, to time.Duration) {
	for now := from; now <= to; now += 10 * time.Millisecond {
		s.Advance(now)
		r.Step(now)
	}
}

func TestReflectorAgainstEtcd(t *testing.T) {
	s, err := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "a", Namespace: "default"}})
	c := New(Config{Resource: pods}, 0)
	r := NewReflector(c, s)
	r.Step(0)
	if c.ReadyState() != Ready || c.ListResourceVersion() != 2 {
		t.Fatalf("state %v listRV %d", c.ReadyState(), c.ListResourceVersion())
	}
	w, _ := c.Watch(0, WatchOptions{ResourceVersion: "2"})
	putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "b", Namespace: "default"}})
	putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "a", Namespace: "default", Labels: map[string]string{"x": "y"}}})
	if _, err := s.DeleteRange(mvcc.DeleteRangeRequest{Key: []byte(pods.Key("default", "b"))}); err != nil {
		t.Fatal(err)
	}
	runUntil(s, r, 0, time.Second)
	got := summary(drain(w))
	want := []string{"ADDED Pod default/b@3", "MODIFIED Pod default/a@4", "DELETED Pod default/b@5"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q want %q", got, want)
	}
	if c.ResourceVersion() != 5 {
		t.Fatalf("rv %d", c.ResourceVersion())
	}
}

func TestReflectorRestartsAfterEtcdCompaction(t *testing.T) {
	s, _ := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "a", Namespace: "default"}})
	c := New(Config{Resource: pods}, 0)
	r := NewReflector(c, s)
	r.Step(0)
	// The cacher stops reading etcd (as if stalled); etcd moves on and
	// compacts past the watch's position.
	stream := r.stream
	stream.Close()
	r.stream = s.NewWatchStream()
	for i := range 5 {
		putPod(t, s, &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "p", Namespace: "default", UID: string(rune('0' + i))}})
	}
	if _, err := s.Compact(6); err != nil {
		t.Fatal(err)
	}
	r.stream.Watch(mvcc.WatchCreateRequest{Key: []byte(pods.KeyPrefix()), RangeEnd: mvcc.PrefixEnd([]byte(pods.KeyPrefix())), StartRevision: 3, PrevKv: true, WatchID: mvcc.AutoWatchID})
	runUntil(s, r, 0, 500*time.Millisecond)
	if c.ReadyState() != Pending || r.LastError == nil || r.LastError.Error() != "The resourceVersion for the provided watch is too old." {
		t.Fatalf("state %v err %v", c.ReadyState(), r.LastError)
	}
	runUntil(s, r, 510*time.Millisecond, 2*time.Second)
	if c.ReadyState() != Ready || c.ListResourceVersion() != 7 || c.Metrics().InitializationsTotal != 2 {
		t.Fatalf("state %v listRV %d", c.ReadyState(), c.ListResourceVersion())
	}
}
