package cacher

import (
	"fmt"
	"testing"
	"time"
)

// TestReflectorCompactedReinitializes: the cacher's own etcd watch falls
// behind, etcd compacts past its position, the watch ends with etcd's 410
// and the cacher re-initializes (C11): every client watch is closed
// (without an ERROR event), the cache relists at the current revision L,
// and a re-watch from an older RV gets `too old resource version: N (L)`.
//
// How each side's etcd watch falls behind differs (a fact of how they
// are driven, not of the cacher): the real cacher's client watch is cut
// as by a lost connection and resumed from its last revision after the
// compaction, as clientv3 resumes after a reconnect; the simulated
// reflector is simply not stepped while 134 writes arrive, so its etcd
// watcher overflows the 128-response stream (a victim, then unsynced) and
// the compaction cancels it. Both then see the same 410 from etcd.
func TestReflectorCompactedReinitializes(t *testing.T) {
	p := newPair(t, create("default", "a", nil))
	before := p.watch(watchReq{RV: "2"})
	p.real.breaker.Break()
	const n = 134
	for i := range n {
		op := create("default", fmt.Sprintf("p-%03d", i), nil)
		if rr, sr := p.real.apply(op), p.sim.apply(op); rr != sr {
			t.Fatalf("%s: real etcd at %d, sim at %d", op, rr, sr)
		}
	}
	p.rev = int64(2 + n)
	p.compact(p.rev)
	p.real.breaker.Heal()
	p.tick(3 * time.Second)
	if !before.real.waitClosed() {
		t.Fatal("real cacher did not close its watchers within 5s of the 410")
	}
	p.real.waitReady()
	p.real.waitFresh(p.rev)

	if err := p.sim.r.LastError; err == nil || err.Error() != "The resourceVersion for the provided watch is too old." {
		t.Errorf("sim reflector's last error = %v, want etcd's watch 410", err)
	}
	real, _ := before.real.snapshot()
	p.check("old_watch_closed_without_error", []string{"closed, no ERROR"},
		[]string{closedText(true, hasError(real))}, []string{closedText(before.sim.closed(), hasError(before.sim.got))})
	p.expectEvents("rewatch_old_rv", p.watch(watchReq{RV: "2"}),
		[]string{fmt.Sprintf("ERROR 410 Expired: too old resource version: 2 (%d)", p.rev)})
	p.expectEvents("rewatch_one_below_relist", p.watch(watchReq{RV: fmt.Sprint(p.rev - 1)}),
		[]string{fmt.Sprintf("ERROR 410 Expired: too old resource version: %d (%d)", p.rev-1, p.rev)})
	p.expectList("exact_list_before_relist", listReq{RV: "100", Match: "Exact"},
		listPage{Err: "410 Expired: too old resource version: 100"})
	fresh := p.watch(watchReq{RV: fmt.Sprint(p.rev)})
	p.write(del("default", "a"))
	p.expectEvents("rewatch_at_relist_rv", fresh, []string{fmt.Sprintf("DELETED default/a rv=%d {}", p.rev)})
}

func hasError(es []evt) bool {
	for _, e := range es {
		if e.Type == "ERROR" {
			return true
		}
	}
	return false
}

func closedText(closed, withError bool) string {
	s := "open"
	if closed {
		s = "closed"
	}
	if withError {
		return s + ", with ERROR"
	}
	return s + ", no ERROR"
}
