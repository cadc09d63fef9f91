// Package apiserver is one kube-apiserver 1.36 replica's request layer in
// front of the watch caches and etcd, as a deterministic state machine
// (no goroutines, no clocks: time is the `now` argument).
//
//	client ─Request─► Submit ─► parse/validate ─► APF (or max-in-flight)
//	                                                │ queue ≤15s, 429 + Retry-After
//	                                                ▼
//	                            execute: writes ─► etcd Txn (RV = mod revision)
//	                                     reads  ─► delegator (C10) ─► Cacher | etcd3 store
//	                                     WATCH  ─► cacheWatcher | etcd3 watcher ─► Stream
//	                                                │ service time (CostModel), seats, memory
//	                                                ▼
//	                            TakeCompleted: Response / Stream      TakeLog: COMPACT, KILLED...
//
// One Cacher and its reflector per cached resource (pods, nodes, secrets,
// configmaps, leases, namespaces; events are cached only if
// --watch-cache-sizes does not disable them, which the default does).
// The rest of kube-apiserver that matters here:
//
//   - routing by resourceVersion semantics (route.go: the 1.36 table),
//     consistent reads from cache with etcd fallback after 3s;
//   - the etcd3 storage layer (etcdstore.go: paging with doubling pages,
//     continue tokens, the 410 and 504 texts; etcdwatch.go: watches
//     straight from etcd for uncached resources);
//   - API Priority and Fairness (apf.go, flowschemas.go, retryafter.go)
//     or the max-in-flight filter (maxinflight.go);
//   - the 5-minute compactor (compactor.go) with its compact_rev_key CAS;
//   - a memory model (memory.go) whose limit OOM-kills the process, and
//     the kubelet's restart with crash-loop back-off (lifecycle.go);
//   - a cost model (cost.go) so big LISTs take realistic virtual time.
//
// The owner (the engine) calls Submit for each request arriving over the
// network, Advance/Step at NextWake, drains TakeCompleted, reads the
// streams TakeReadyStreams hands out (only those with output or an end,
// in open order) with Next, and collects TakeEndedStreams when the
// process died or a watch timed out.
// Reading streams can unblock the cacher's dispatcher and release a
// watch's APF seats, so the owner steps the server again while it
// reports work due now.
//
// Simplifications, each noted where it lives: validation errors (404,
// 400, 422) are answered before APF; APF levels do not borrow seats and
// fair queuing is round-robin over queues; service times do not contend
// for CPU; etcd is reached without network latency; etcd write errors
// other than the ones kube-apiserver interprets become 500s with etcd's
// text.
package apiserver
