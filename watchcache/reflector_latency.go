package watchcache

import (
	"time"

	"watchscope/mvcc"
)

// A slow etcd watch. In a real control plane the cache learns about a
// write only when etcd's watch response has crossed the network, been
// decoded and been handed to the cacher by its reflector. That usually
// takes a millisecond; on a loaded etcd, a congested link or a starved
// API server it takes longer, and for that long the cache is behind etcd:
//
//	etcd        rev 41 ── rev 42 (write) ─────────────── rev 42
//	                          │ watch response in flight
//	cache (RV)  41 ─────────── 41 ── 41 ── 41 ────────► 42
//	                          ◄──────── latency ────────►
//	RV "0" read:         served at 41 (stale)
//	RV "" read:          waits until 42, then served
//
// SetLatency makes every etcd watch response (events and progress
// notifications alike) reach the cacher latency after etcd queued it.
// Order is kept, as on one gRPC stream. The cacher's own LIST (at a
// restart) reads etcd directly and is not delayed.

// inFlightResponse is an etcd watch response on its way to the cacher.
type inFlightResponse struct {
	at   time.Duration // when the cacher gets it
	resp mvcc.WatchResponse
}

// SetLatency sets how long etcd watch responses take to reach the cacher
// from now on (0: at once). Responses already on their way keep their
// arrival time, and none overtakes an earlier one.
func (r *Reflector) SetLatency(d time.Duration) { r.latency = max(d, 0) }

// Latency is the current delivery latency of the etcd watch.
func (r *Reflector) Latency() time.Duration { return r.latency }

// InFlight is the number of etcd watch responses not yet delivered.
func (r *Reflector) InFlight() int { return len(r.inFlight) }

// receive puts one response on its way: it arrives latency from now, but
// never before the response ahead of it.
func (r *Reflector) receive(now time.Duration, resp mvcc.WatchResponse) {
	at := now + r.latency
	if n := len(r.inFlight); n > 0 && r.inFlight[n-1].at > at {
		at = r.inFlight[n-1].at
	}
	r.inFlight = append(r.inFlight, inFlightResponse{at: at, resp: resp})
}

// popInFlight drops the oldest response. The last one leaves the array
// in place for the next: without latency every response is received and
// delivered in the same step, and a slice resliced past its end was one
// new array per etcd watch response.
func (r *Reflector) popInFlight() {
	r.inFlight[0] = inFlightResponse{}
	if len(r.inFlight) == 1 {
		r.inFlight = r.inFlight[:0]
		return
	}
	r.inFlight = r.inFlight[1:]
}
