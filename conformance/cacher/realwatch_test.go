package cacher

import (
	"context"
	"strconv"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/apis/example"
	"k8s.io/apiserver/pkg/storage"
)

// stepAfter is how long a Watch or GetList may take before it is taken
// to be blocked in the cache's freshness wait, whose 3s then pass on the
// fake clock in 1s steps. Long enough that a merely slow call on a busy
// machine does not move the clock.
const stepAfter = 200 * time.Millisecond

// realWatch collects a real Cacher watch in the background.
type realWatch struct {
	w      watch.Interface
	cancel context.CancelFunc
	mu     sync.Mutex
	got    []evt
	done   bool
}

func (r *realSide) predicate(label string, bookmarks bool) storage.SelectionPredicate {
	r.t.Helper()
	sel, err := labels.Parse(label)
	if err != nil {
		r.t.Fatal(err)
	}
	return storage.SelectionPredicate{Label: sel, Field: fields.Everything(), GetAttrs: podAttrs,
		AllowWatchBookmarks: bookmarks}
}

func prefixKey(ns string) string {
	if ns == "" {
		return "/pods/"
	}
	return "/pods/" + ns
}

// watch opens a watch. Cacher.Watch blocks in its freshness wait for a
// sendInitialEvents watch ahead of the cache; that wait runs on the fake
// clock, which is stepped by 1s every 20ms until Watch returns.
func (r *realSide) watch(req watchReq) *realWatch {
	r.t.Helper()
	ctx, cancel := r.watchContext(req.Timeout)
	opts := storage.ListOptions{ResourceVersion: req.RV, Recursive: true, SendInitialEvents: req.SendInitialEvents,
		Predicate: r.predicate(req.Label, req.Bookmarks)}
	if req.SendInitialEvents != nil {
		opts.ResourceVersionMatch = metav1.ResourceVersionMatchNotOlderThan
	}
	type result struct {
		w   watch.Interface
		err error
	}
	ch := make(chan result, 1)
	go func() {
		w, err := r.cacher.Watch(ctx, prefixKey(req.NS), opts)
		ch <- result{w, err}
	}()
	var res result
	for waiting := true; waiting; {
		select {
		case res = <-ch:
			waiting = false
		case <-time.After(stepAfter):
			r.clock.Step(time.Second)
		}
	}
	if res.err != nil {
		cancel()
		r.t.Fatalf("real watch %+v: %v", req, res.err)
	}
	rw := &realWatch{w: res.w, cancel: cancel}
	r.t.Cleanup(rw.stop)
	go rw.collect()
	return rw
}

// watchContext is the request context of a watch. With a timeout its
// deadline is on the cacher's fake clock (the cacher schedules the
// watcher's last bookmark from ctx.Deadline() against that clock), and it
// is cancelled when the fake clock passes the deadline, as the request
// handler's timeout would end the real watch.
func (r *realSide) watchContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	if timeout == 0 {
		return ctx, cancel
	}
	// The real request handler fixes the deadline before the Cacher
	// buckets the watcher, and a running clock has moved on in between;
	// the fake clock stands still, so the deadline is set a nanosecond
	// earlier to keep that order (see CacheWatcher.nextBookmarkTime).
	deadline := r.clock.Now().Add(timeout - time.Nanosecond)
	r.clock.AfterFunc(timeout, cancel)
	return fakeDeadlineCtx{ctx, deadline}, cancel
}

// fakeDeadlineCtx reports a deadline on the fake clock; Done is the
// parent's, cancelled by the fake clock's timer.
type fakeDeadlineCtx struct {
	context.Context
	deadline time.Time
}

func (c fakeDeadlineCtx) Deadline() (time.Time, bool) { return c.deadline, true }

func (rw *realWatch) collect() {
	for e := range rw.w.ResultChan() {
		rw.mu.Lock()
		rw.got = append(rw.got, realEvt(e))
		rw.mu.Unlock()
	}
	rw.mu.Lock()
	rw.done = true
	rw.mu.Unlock()
}

func (rw *realWatch) stop() { rw.w.Stop(); rw.cancel() }

// snapshot returns what arrived so far and whether the stream ended.
func (rw *realWatch) snapshot() ([]evt, bool) {
	rw.mu.Lock()
	defer rw.mu.Unlock()
	return append([]evt(nil), rw.got...), rw.done
}

// waitFor waits until n events arrived (or the stream ended), at most 5s.
func (rw *realWatch) waitFor(n int) []evt {
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, done := rw.snapshot()
		if len(got) >= n || done || time.Now().After(deadline) {
			return got
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitClosed waits until the stream ended, at most 5s.
func (rw *realWatch) waitClosed() bool {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if _, done := rw.snapshot(); done {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

func realEvt(e watch.Event) evt {
	if e.Type == watch.Error {
		st, ok := e.Object.(*metav1.Status)
		if !ok {
			return evt{Type: "ERROR", Message: "non-Status error object"}
		}
		return evt{Type: "ERROR", Code: st.Code, Reason: string(st.Reason), Message: st.Message}
	}
	acc, err := meta.Accessor(e.Object)
	if err != nil {
		return evt{Type: string(e.Type), Message: err.Error()}
	}
	return evt{Type: string(e.Type), NS: acc.GetNamespace(), Name: acc.GetName(), RV: acc.GetResourceVersion(),
		Labels: labelText(acc.GetLabels()), InitialEventsEnd: acc.GetAnnotations()[metav1.InitialEventsAnnotationKey] == "true"}
}

// list runs one GetList on the cacher, stepping the fake clock while it
// waits for freshness.
func (r *realSide) list(req listReq) listPage {
	r.t.Helper()
	pred := r.predicate(req.Label, false)
	pred.Limit, pred.Continue = req.Limit, req.Continue
	opts := storage.ListOptions{ResourceVersion: req.RV, ResourceVersionMatch: metav1.ResourceVersionMatch(req.Match),
		Recursive: true, Predicate: pred}
	out := &example.PodList{}
	ch := make(chan error, 1)
	go func() { ch <- r.cacher.GetList(context.Background(), "/pods", opts, out) }()
	var err error
	for waiting := true; waiting; {
		select {
		case err = <-ch:
			waiting = false
		case <-time.After(stepAfter):
			r.clock.Step(time.Second)
		}
	}
	if err != nil {
		if st, ok := err.(interface{ Status() metav1.Status }); ok {
			s := st.Status()
			return listPage{Err: statusText(s.Code, string(s.Reason), s.Message)}
		}
		return listPage{Err: "non-status: " + err.Error()}
	}
	p := listPage{RV: out.ResourceVersion, Continue: decodeToken(req.Continue, out.Continue), Remaining: "nil", raw: out.Continue}
	for _, o := range out.Items {
		p.Items = append(p.Items, itemText(o.Namespace, o.Name, o.ResourceVersion, o.Labels))
	}
	if out.RemainingItemCount != nil {
		p.Remaining = strconv.FormatInt(*out.RemainingItemCount, 10)
	}
	return p
}
