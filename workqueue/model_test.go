package workqueue

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// refQueue is the reference model: the same rules written the plainest
// way, with slices and linear scans.
type refQueue struct {
	queue, dirty, processing []string
	waiting                  []refWait
	shut                     bool
	seq                      int
}

type refWait struct {
	key   string
	ready time.Duration
	seq   int
}

func (r *refQueue) add(key string) {
	if r.shut || slices.Contains(r.dirty, key) {
		return
	}
	r.dirty = append(r.dirty, key)
	if !slices.Contains(r.processing, key) {
		r.queue = append(r.queue, key)
	}
}

func (r *refQueue) get() (string, bool) {
	if len(r.queue) == 0 {
		return "", false
	}
	k := r.queue[0]
	r.queue = r.queue[1:]
	r.processing = append(r.processing, k)
	r.dirty = slices.DeleteFunc(r.dirty, func(s string) bool { return s == k })
	return k, true
}

func (r *refQueue) done(key string) {
	r.processing = slices.DeleteFunc(r.processing, func(s string) bool { return s == key })
	if slices.Contains(r.dirty, key) {
		r.queue = append(r.queue, key)
	}
}

func (r *refQueue) addAfter(now time.Duration, key string, d time.Duration) {
	if r.shut {
		return
	}
	if d <= 0 {
		r.add(key)
		return
	}
	for i := range r.waiting {
		if r.waiting[i].key == key {
			r.waiting[i].ready = min(r.waiting[i].ready, now+d)
			return
		}
	}
	r.seq++
	r.waiting = append(r.waiting, refWait{key, now + d, r.seq})
}

// step adds every ready key, the earliest (then the first delayed) first.
func (r *refQueue) step(now time.Duration) {
	for !r.shut {
		best := -1
		for i, w := range r.waiting {
			if w.ready <= now && (best < 0 || w.ready < r.waiting[best].ready ||
				w.ready == r.waiting[best].ready && w.seq < r.waiting[best].seq) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		k := r.waiting[best].key
		r.waiting = slices.Delete(r.waiting, best, best+1)
		r.add(k)
	}
}

func TestQueueMatchesModel(t *testing.T) {
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 7))
		m := newFakeMetrics()
		q := New("q", nil, m, 0)
		ref := &refQueue{}
		keys := []string{"a", "b", "c", "d", "e"}
		now := time.Duration(0)
		var log []string
		fail := func(format string, args ...any) {
			t.Fatalf("seed %d after %v: %s", seed, log, fmt.Sprintf(format, args...))
		}
		for range 400 {
			k := keys[rng.IntN(len(keys))]
			switch p := rng.IntN(100); {
			case p < 35:
				q.Add(now, k)
				ref.add(k)
				log = append(log, "add "+k)
			case p < 60:
				got, ok, shut := q.Get(now)
				want, wok := ref.get()
				log = append(log, "get "+got)
				if got != want || ok != wok || shut != (ref.shut && !wok) {
					fail("Get = %q %v %v, model %q %v (shut %v)", got, ok, shut, want, wok, ref.shut)
				}
			case p < 80:
				if len(ref.processing) == 0 {
					continue
				}
				k = ref.processing[rng.IntN(len(ref.processing))]
				q.Done(now, k)
				ref.done(k)
				log = append(log, "done "+k)
			case p < 90:
				d := time.Duration(rng.IntN(40)-5) * ms
				q.AddAfter(now, k, d)
				ref.addAfter(now, k, d)
				log = append(log, fmt.Sprintf("after %s %v", k, d))
			case p < 99:
				now += time.Duration(rng.IntN(30)) * ms
				q.Step(now)
				ref.step(now)
				log = append(log, fmt.Sprint("step ", now))
			default:
				q.ShutDown(now)
				ref.shut, ref.waiting = true, nil
				log = append(log, "shutdown")
			}
			if len(log) > 12 {
				log = log[1:]
			}
			st := q.Stats()
			if st.Depth != len(ref.queue) || st.Processing != len(ref.processing) || st.Waiting != len(ref.waiting) {
				fail("queued/processing/waiting %d/%d/%d, model %d/%d/%d", st.Depth, st.Processing, st.Waiting,
					len(ref.queue), len(ref.processing), len(ref.waiting))
			}
			// depth counts the dirty keys: queued ones and those marked
			// while processing.
			if int(m.get(DepthMetric)) != len(ref.dirty) {
				fail("workqueue_depth %v, model's dirty keys %d", m.get(DepthMetric), len(ref.dirty))
			}
			if w, ok := q.NextWake(); ok && w < now && len(ref.waiting) > 0 {
				fail("NextWake %v is in the past (now %v)", w, now)
			}
		}
	}
}

// TestControllerDedupsAndRetries: the worker loop, on the rules above.
func TestControllerDedupsAndRetries(t *testing.T) {
	var seen []string
	failing := map[string]int{"bad": 3} // bad fails three times, then works
	q := New("q", nil, nil, 0)
	c := NewController(q, 1, 100*ms, func(now time.Duration, key string) error {
		seen = append(seen, fmt.Sprintf("%s@%v", key, now))
		if failing[key] > 0 {
			failing[key]--
			return fmt.Errorf("boom")
		}
		return nil
	})
	// Ten updates of one key and one of another, all before the worker
	// starts: two reconciles.
	for range 10 {
		q.Add(0, "a")
	}
	q.Add(0, "bad")
	stepUntil(c, 10*time.Second)
	want := []string{"a@0s", "bad@100ms", "bad@205ms", "bad@315ms", "bad@435ms"}
	if !slices.Equal(seen, want) {
		t.Errorf("reconciles %v\nwant       %v (bad retried after 5, 10, 20 ms)", seen, want)
	}
	if c.Reconciles != 5 || c.Failures != 3 || q.NumRequeues("bad") != 0 {
		t.Errorf("reconciles %d failures %d requeues %d, want 5 3 0 (forgotten on success)",
			c.Reconciles, c.Failures, q.NumRequeues("bad"))
	}
	// A key updated while it is reconciled is reconciled once more.
	seen = nil
	q.Add(20*time.Second, "a")
	c.Step(20 * time.Second)
	q.Add(20*time.Second+50*ms, "a")
	q.Add(20*time.Second+60*ms, "a")
	stepUntil(c, 30*time.Second)
	if want := []string{"a@20s", "a@20.1s"}; !slices.Equal(seen, want) {
		t.Errorf("reconciles %v, want %v", seen, want)
	}
}

// stepUntil steps c at each of its wakes up to end, as the engine does.
func stepUntil(c *Controller, end time.Duration) {
	now := time.Duration(0)
	for {
		c.Step(now)
		at, ok := c.NextWake(now)
		if !ok || at > end {
			return
		}
		now = max(now, at)
	}
}

// TestControllerPolicy: Immediate requeues a failure with Add (back to
// back, one cost apart, no retry counted); NoForget keeps the failure
// count after a success, so the next failure waits where the last
// back-off left off.
func TestControllerPolicy(t *testing.T) {
	fails := 3
	var seen []time.Duration
	m := newFakeMetrics()
	q := New("q", nil, m, 0)
	c := NewController(q, 1, 10*ms, func(now time.Duration, key string) error {
		seen = append(seen, now)
		if fails > 0 {
			fails--
			return fmt.Errorf("boom")
		}
		return nil
	})
	c.SetPolicy(Policy{Immediate: true})
	q.Add(0, "k")
	stepUntil(c, time.Second)
	if want := []time.Duration{0, 10 * ms, 20 * ms, 30 * ms}; !slices.Equal(seen, want) {
		t.Errorf("immediate: reconciles at %v, want %v", seen, want)
	}
	if r := m.values[RetriesMetric+`{name="q"}`]; r != 0 || q.NumRequeues("k") != 0 {
		t.Errorf("immediate: %v retries counted, %d requeues; want none (Add, not AddRateLimited)", r, q.NumRequeues("k"))
	}

	c.SetPolicy(Policy{NoForget: true})
	fails, seen = 3, nil
	q.Add(2*time.Second, "k")
	c.Step(2 * time.Second)
	stepUntil(c, 10*time.Second)
	if q.NumRequeues("k") != 3 {
		t.Fatalf("no forget: %d requeues after the success, want the 3 failures", q.NumRequeues("k"))
	}
	fails, seen = 1, nil
	q.Add(20*time.Second, "k")
	c.Step(20 * time.Second)
	stepUntil(c, 30*time.Second)
	// The failure at 20 s is the 4th: it waits 5 ms × 2^3 = 40 ms after its
	// worker's 10 ms.
	if want := []time.Duration{20 * time.Second, 20*time.Second + 50*ms}; !slices.Equal(seen, want) {
		t.Errorf("no forget: reconciles at %v, want %v", seen, want)
	}
}

// TestWorkersWaitForCacheSync: keys wait in the queue until a poll of
// WaitForCacheSync (at once, then every 100 ms from the call) finds every
// cache synced; the first reconcile is at that poll, not at the sync.
func TestWorkersWaitForCacheSync(t *testing.T) {
	var seen []string
	q := New("q", nil, nil, 0)
	c := NewController(q, 1, 10*ms, func(now time.Duration, key string) error {
		seen = append(seen, fmt.Sprintf("%s@%v", key, now))
		return nil
	})
	pods, lister := false, false
	c.WaitForCacheSync(30*ms, func() bool { return pods }, func() bool { return lister })
	q.Add(40*ms, "a")
	for _, w := range []struct{ at, poll time.Duration }{{30 * ms, 130 * ms}, {40 * ms, 130 * ms}, {130 * ms, 230 * ms}} {
		c.Step(w.at)
		if next, ok := c.NextWake(w.at); !ok || next != w.poll {
			t.Errorf("after a step at %v the next wake is %v (%v); want the next poll, %v", w.at, next, ok, w.poll)
		}
	}
	pods = true
	c.Step(180 * ms) // between polls: still waiting
	lister = true
	c.Step(200 * ms)
	if len(seen) != 0 || q.Len() != 1 {
		t.Fatalf("before the poll that finds both synced: reconciled %v, %d queued", seen, q.Len())
	}
	stepUntil(c, time.Second)
	if want := []string{"a@230ms"}; !slices.Equal(seen, want) {
		t.Errorf("reconciles %v, want %v (the poll at 230 ms)", seen, want)
	}
}
