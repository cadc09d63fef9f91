package apiserver

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// rig is one replica on its own etcd, driven by hand.
type rig struct {
	t    testing.TB
	etcd *mvcc.Server
	s    *Server
	now  time.Duration
	id   uint64
}

func newRig(t testing.TB, cfg Config) *rig {
	t.Helper()
	etcd, err := mvcc.NewServer(mvcc.Config{Rand: rand.New(rand.NewPCG(1, 2))})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Rand = rand.New(rand.NewPCG(5, 5))
	s, err := New(cfg, etcd, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, etcd: etcd, s: s}
	r.runTo(cfg.withDefaults().Memory.StartupDelay + time.Second)
	return r
}

// runTo steps etcd and the replica at every wake-up until t.
func (r *rig) runTo(t time.Duration) {
	for i := 0; i < 1_000_000; i++ {
		next := t
		if at, ok := r.s.NextWake(); ok && at < next {
			next = max(at, r.now)
		}
		if at, ok := r.etcd.NextWake(); ok && at < next {
			next = max(at, r.now)
		}
		r.now = next
		r.etcd.Advance(r.now)
		r.s.Step(r.now)
		r.drainStreams()
		if next == t {
			if at, ok := r.s.NextWake(); !ok || at > t {
				return
			}
		}
	}
	r.t.Fatal("runTo did not settle")
}

func (r *rig) drainStreams() {}

// put writes an object straight into etcd (as another replica would).
func (r *rig) put(res string, o *am.Object) int64 {
	rs, _ := am.LookupResource(res)
	o.Kind = rs.Kind
	resp, err := r.etcd.Put(mvcc.PutRequest{Key: []byte(rs.Key(o.Namespace, o.Name)), Value: am.Encode(o)})
	if err != nil {
		r.t.Fatal(err)
	}
	return resp.Header.Revision
}

func (r *rig) putPods(n int, size int32) {
	for i := range n {
		r.put("pods", &am.Object{ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("p%04d", i), Namespace: "default",
			Labels: map[string]string{"i": fmt.Sprint(i % 2)}}, SizeBytes: size})
	}
}

// submit sends req now and returns a function that collects its answer.
func (r *rig) submit(req Request) uint64 {
	r.id++
	req.ID = r.id
	if req.Client == "" {
		req.Client = "kubectl"
	}
	r.s.Submit(r.now, req)
	return req.ID
}

// do submits req and runs until its answer (at most limit of virtual time).
func (r *rig) do(req Request) (Completion, time.Duration) {
	r.t.Helper()
	start := r.now
	id := r.submit(req)
	var got []Completion
	for step := 0; step < 100000; step++ {
		for _, c := range r.s.TakeCompleted() {
			if c.Response.ID == id {
				return c, r.now - start
			}
			got = append(got, c)
		}
		next := r.now + time.Hour
		if at, ok := r.s.NextWake(); ok {
			next = max(at, r.now)
		}
		if next-start > 10*time.Minute {
			break
		}
		r.now = next
		r.etcd.Advance(r.now)
		r.s.Step(r.now)
	}
	r.t.Fatalf("no answer to %v", req)
	return Completion{}, 0
}

func (r *rig) resp(req Request) Response {
	r.t.Helper()
	c, _ := r.do(req)
	return c.Response
}

func list(rv string, limit int64) Request {
	return Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{ResourceVersion: rv, Limit: limit}}
}

func boolp(b bool) *bool { return &b }
