package watchcache

import "time"

// A stalled etcd watch. The cacher's reflector reads its etcd watch only
// as fast as the API server process gets to it. A starved process (CPU
// throttled, a long GC, a stuck goroutine) stops reading altogether;
// gRPC flow control then stops etcd's sends, etcd's stream queue fills
// (128 responses) and etcd holds the watcher back as slow, to be caught
// up from history later:
//
//	etcd      rev ────────────────────────────────────────────────► R
//	queue     [128 responses] full: the watcher is a victim, then unsynced
//	cache RV  X ──────────── X ─────────── X   (reads nothing)
//	compactor                      compacts to C > X + the 128 queued
//	stall ends: the cache reads the 128, then etcd cancels the watch with
//	CompactRevision C: "The resourceVersion for the provided watch is too
//	old." The cache goes Pending and starts over 1 s later (C11, F3).
//
// While stalled the reflector neither reads the stream nor sends
// progress requests; responses already read and in flight (SetLatency)
// are not delivered either, since delivering is reading.

// Stall stops the reflector from reading its etcd watch until until (a
// time at or before now ends a stall at once).
func (r *Reflector) Stall(until time.Duration) { r.stallUntil = until }

// Stalled reports whether the reflector is not reading its etcd watch at
// now.
func (r *Reflector) stalled(now time.Duration) bool { return now < r.stallUntil }

// StalledUntil is when the current stall ends (0 or a past time: none).
func (r *Reflector) StalledUntil() time.Duration { return r.stallUntil }
