package informer

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	am "watchscope/apimachinery"
)

func pod(ns, name string, rv uint64) *am.Object {
	return (&am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Namespace: ns, Name: name}}).WithResourceVersion(rv)
}

func bookmark(rv uint64) am.WatchEvent {
	return am.WatchEvent{Type: am.Bookmark, Object: am.NewBookmarkObject("Pod", rv)}
}

func endBookmark(rv uint64) am.WatchEvent {
	return am.WatchEvent{Type: am.Bookmark, Object: am.AnnotateInitialEventsEnd(am.NewBookmarkObject("Pod", rv))}
}

func expiredEvent(n, m uint64) am.WatchEvent {
	st := am.NewTooOldResourceVersion(n, m).ErrStatus
	return am.WatchEvent{Type: am.Error, Status: &st}
}

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// recStore records what the reflector wrote.
type recStore struct {
	ops []string
}

func (s *recStore) Add(o *am.Object) error { s.ops = append(s.ops, "add "+o.String()); return nil }
func (s *recStore) Update(o *am.Object) error {
	s.ops = append(s.ops, "update "+o.String())
	return nil
}
func (s *recStore) Delete(o *am.Object) error {
	s.ops = append(s.ops, "delete "+o.String())
	return nil
}
func (s *recStore) Replace(objs []*am.Object, rv string) error {
	s.ops = append(s.ops, "replace "+strconv.Itoa(len(objs))+"@"+rv)
	return nil
}
func (s *recStore) Resync() error { s.ops = append(s.ops, "resync"); return nil }

// takeOne asserts exactly one call was emitted and returns it.
func takeOne(t *testing.T, r *Reflector) Call {
	t.Helper()
	cs := r.TakeCalls()
	if len(cs) != 1 {
		t.Fatalf("want 1 call, got %d: %v", len(cs), cs)
	}
	return cs[0]
}

// takeRequest returns the one non-cancel call.
func takeRequest(t *testing.T, r *Reflector) Call {
	t.Helper()
	var out []Call
	for _, c := range r.TakeCalls() {
		if c.Verb != VerbCancel {
			out = append(out, c)
		}
	}
	if len(out) != 1 {
		t.Fatalf("want 1 request, got %d: %v", len(out), out)
	}
	return out[0]
}

func noCalls(t *testing.T, r *Reflector) {
	t.Helper()
	if cs := r.TakeCalls(); len(cs) != 0 {
		t.Fatalf("want no calls, got %v", cs)
	}
}

// wakeAndTake steps the reflector at its next wake and returns the wait.
func wakeAndTake(t *testing.T, r *Reflector, now time.Duration) (Call, time.Duration) {
	t.Helper()
	at, ok := r.NextWake()
	if !ok {
		t.Fatalf("reflector has no wake (phase %s)", r.Phase())
	}
	r.Step(at - time.Nanosecond)
	noCalls(t, r)
	r.Step(at)
	return takeRequest(t, r), at - now
}

func checkWatch(t *testing.T, c Call, rv string, watchList bool) {
	t.Helper()
	o := c.Options
	if c.Verb != VerbWatch || o.ResourceVersion != rv || !o.AllowWatchBookmarks {
		t.Fatalf("want WATCH rv=%q with bookmarks, got %v", rv, c)
	}
	if o.TimeoutSeconds == nil || *o.TimeoutSeconds < 300 || *o.TimeoutSeconds >= 600 {
		t.Fatalf("timeout outside [300,600): %v", c)
	}
	isWL := o.SendInitialEvents != nil && *o.SendInitialEvents
	if isWL != watchList {
		t.Fatalf("sendInitialEvents = %v, want %v: %v", isWL, watchList, c)
	}
	if watchList && o.ResourceVersionMatch != "NotOlderThan" {
		t.Fatalf("watch-list without NotOlderThan: %v", c)
	}
}

func checkList(t *testing.T, c Call, rv string, limit int64) {
	t.Helper()
	if c.Verb != VerbList || c.Options.ResourceVersion != rv || c.Options.Limit != limit {
		t.Fatalf("want LIST rv=%q limit=%d, got %v", rv, limit, c)
	}
}

func between(t *testing.T, what string, d, lo, hi time.Duration) {
	t.Helper()
	if d < lo || d >= hi {
		t.Fatalf("%s = %v, want in [%v, %v)", what, d, lo, hi)
	}
}
