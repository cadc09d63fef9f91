package engine

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/internal/order"
)

// StreamChecker watches every client watch stream for the guarantees an
// informer relies on, and records violations instead of panicking:
//
//  1. ordering: after the initial events of a watch-list, every event's
//     resourceVersion is strictly greater than the previous one (no
//     duplicate), and a bookmark never goes back;
//  2. completeness: every committed write matching the stream's scope with
//     from < RV <= to appears in it, where from is the RV the watch
//     started at (a watch-list's end bookmark) and to the newest RV the
//     stream vouched for (an event or bookmark);
//  3. continuity: a plain re-watch starts exactly where the client's
//     previous stream of that informer left off, unless a relist (a LIST
//     or a watch-list: the 410 recovery) happened in between.
//
// Together: no change is missed unless a relist restored the state, and
// the final convergence check shows that it did.
type StreamChecker struct {
	writes     []writeRecord
	sorted     bool
	lastTo     map[string]uint64 // client/resource -> newest RV vouched for
	relisted   map[string]bool
	Streams    int
	Events     int
	Violations []string
}

type writeRecord struct {
	rv                                 uint64
	resource, namespace, node, objName string
}

// EnableStreamChecks turns the checker on (before clients start) and
// returns it.
func (w *World) EnableStreamChecks() *StreamChecker {
	if w.checker == nil {
		w.checker = &StreamChecker{lastTo: map[string]uint64{}, relisted: map[string]bool{}}
	}
	return w.checker
}

func (sc *StreamChecker) violate(format string, args ...any) {
	if len(sc.Violations) < 50 {
		sc.Violations = append(sc.Violations, fmt.Sprintf(format, args...))
	}
}

// recordWrite logs a committed write (called when the API server answered
// a CREATE, UPDATE or DELETE with success, before the answer travels).
func (sc *StreamChecker) recordWrite(req apiserver.Request, o *am.Object) {
	sc.writes = append(sc.writes, writeRecord{rv: o.RV(), resource: req.Resource, namespace: o.Namespace,
		node: o.Spec.NodeName, objName: o.Name})
	sc.sorted = false
}

func (sc *StreamChecker) relist(clientKey string) { sc.relisted[clientKey] = true }

// streamCheck is one stream's state.
type streamCheck struct {
	sc                       *StreamChecker
	id, key                  string // trace name and client/resource
	resource, namespace      string
	node                     string // spec.nodeName selector value, "" = any
	listMode, started, valid bool
	from, to, last           uint64
	seen                     map[uint64]bool
}

func (sc *StreamChecker) newStream(client string, req apiserver.Request) *streamCheck {
	sc.Streams++
	s := &streamCheck{sc: sc, key: client + "/" + req.Resource, resource: req.Resource,
		namespace: req.Namespace, seen: map[uint64]bool{}}
	s.id = fmt.Sprintf("%s %s rv=%q", client, req.Resource, req.Options.ResourceVersion)
	if f, err := am.ParseFieldSelector(req.Options.FieldSelector); err == nil {
		s.node, _ = f.RequiresExactMatch("spec.nodeName")
	}
	o := req.Options
	s.listMode = o.SendInitialEvents != nil && *o.SendInitialEvents
	if s.listMode {
		sc.relist(s.key)
		return s
	}
	rv, err := strconv.ParseUint(o.ResourceVersion, 10, 64)
	if err != nil || rv == 0 {
		return s // "" or "0": no starting point to check from
	}
	s.from, s.to, s.last, s.valid = rv, rv, rv, true
	if prev, ok := sc.lastTo[s.key]; ok && !sc.relisted[s.key] && prev != rv {
		sc.violate("%s: re-watch from %d but the previous stream reached %d with no relist between", s.id, rv, prev)
	}
	delete(sc.relisted, s.key)
	return s
}

// event checks one delivered event.
func (s *streamCheck) event(e am.WatchEvent) {
	s.sc.Events++
	if e.Type == am.Error || e.Object == nil {
		return
	}
	rv := e.Object.RV()
	if s.listMode {
		if e.IsInitialEventsEnd() {
			s.listMode, s.valid = false, true
			s.from, s.to, s.last = rv, rv, rv
			delete(s.sc.relisted, s.key)
		}
		return
	}
	if !s.valid {
		return
	}
	if e.Type == am.Bookmark {
		if rv < s.last {
			s.sc.violate("%s: bookmark %d after event %d", s.id, rv, s.last)
		}
		s.to = max(s.to, rv)
		return
	}
	if rv <= s.last || s.seen[rv] {
		s.sc.violate("%s: %s at rv %d after rv %d (not strictly increasing)", s.id, e.Type, rv, s.last)
	}
	s.seen[rv] = true
	s.last, s.to = rv, max(s.to, rv)
}

// end checks completeness over (from, to] and remembers where it stopped.
func (s *streamCheck) end() {
	if !s.valid {
		return
	}
	s.valid = false
	s.sc.lastTo[s.key] = s.to
	sc := s.sc
	if !sc.sorted {
		order.SortFunc(sc.writes, func(a, b writeRecord) int { return compareU64(a.rv, b.rv) })
		sc.sorted = true
	}
	i, _ := slices.BinarySearchFunc(sc.writes, s.from+1, func(w writeRecord, rv uint64) int { return compareU64(w.rv, rv) })
	for ; i < len(sc.writes) && sc.writes[i].rv <= s.to; i++ {
		wr := sc.writes[i]
		if wr.resource != s.resource || (s.namespace != "" && wr.namespace != s.namespace) ||
			(s.node != "" && wr.node != s.node) {
			continue
		}
		if !s.seen[wr.rv] {
			sc.violate("%s: missed the write of %s/%s at rv %d (stream covered %d..%d)", s.id, wr.namespace, wr.objName, wr.rv, s.from, s.to)
		}
	}
}

func compareU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Finish ends every stream still open and returns the violations.
func (sc *StreamChecker) Finish(w *World) []string {
	for _, c := range w.clients {
		for _, id := range slices.Sorted(maps.Keys(c.watches)) {
			if cw := c.watches[id]; cw.check != nil {
				cw.check.end()
			}
		}
	}
	return sc.Violations
}

// String summarizes the checker.
func (sc *StreamChecker) String() string {
	return fmt.Sprintf("%d streams, %d events, %d writes, %d violations: %s",
		sc.Streams, sc.Events, len(sc.writes), len(sc.Violations), strings.Join(sc.Violations, "; "))
}
