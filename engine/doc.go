// Package engine is the deterministic core that every other layer runs
// on: a virtual clock, an event queue, one seeded random source, a
// simulated network, the trace, metrics and the command log. It holds
// the simulated etcd member (World.Etcd) and, as later layers land, the
// API servers and clients.
//
// # No wall clock, no goroutines
//
// Time is a time.Duration since the world started and moves only when
// the caller runs events. Randomness comes only from World.Rand (PCG,
// seeded by Config.Seed). Nothing iterates a map where the order could
// be seen. So the same seed and the same commands give a byte-identical
// trace, natively and in WebAssembly, and that single property is what
// rewind, deep links and checked lessons are built on.
//
// # The loop
//
// A learner types a command; the UI, the console and the lesson runner
// all hand it to World.Exec as text:
//
//	w.Exec("etcdctl put /registry/pods/default/a x")
//	   |
//	   |  1. settle: run events still due at Now
//	   |  2. log {At: Now, Text} and trace   #41 <-ext  2.000s  user  CMD  etcdctl put ...
//	   |  3. Applier (package console) parses it and acts on the world,
//	   |     with w.Cause() = #41
//	   v
//	scheduled events, e.g. conn.Send(size, w.Cause(), deliver)
//	   |  the network draws a delay (latency +- jitter, FIFO per connection)
//	   |  and queues the delivery at (time, seq)
//	   v
//	w.RunUntil(t) / w.Step()
//	   |  pop the earliest (time, seq) event, move the clock, sample metrics
//	   |  advance tickers (etcd's timers), run the event with Cause() = its cause
//	   |  components record what they did:
//	   |                                     #42 <-#41  2.001s  etcd-0  PUT  key=... rev=7
//	   v
//	trace: a bounded window of events with causes, and a running SHA-256
//	   |
//	   v
//	w.Snapshot(n): plain values the UI draws from; w.Trace.Chain(id)
//	answers "why?" by following causes back to the command.
//
// # Rewind
//
// A Checkpoint is (time, command count, trace length, trace hash). Restore
// and World.ForkAt rebuild a world at an earlier time by replaying the
// command log from the seed (event sourcing); because the world is
// deterministic the replay is exact, and RestoreCheckpoint verifies it
// against the hash. Executing commands on the restored world forks a new
// future; the original world is untouched.
//
// # Tickers
//
// Components with their own timers implement Ticker (Advance, NextWake).
// The engine advances them before every event and command and keeps a
// wake-up event queued at each NextWake, so a timer fires exactly on time
// however the caller slices the run into RunUntil calls.
//
// # Clients, the cluster, faults and scenarios
//
// Client (clients.go) runs a client-go SharedInformerFactory on its own
// node: its reflectors' calls travel over w.Do / w.Watch, answers come
// back as OnListResult / OnWatchStarted / OnWatchEvent / OnWatchEnded, and
// each client keeps exactly one scheduled wake-up at its NextWake (no
// ticker, so 5,000 kubelets cost nothing between their events). Reflector
// decisions become REFLECTOR trace events whose causes chain a relist
// back to the 410 and the compaction or restart behind it.
//
// Config.Cluster (cluster.go) generates N nodes (kubelets watching their
// pods by spec.nodeName, lease renewals), a controller manager, kubectl
// users, pollers and the seeds' unpaginated-LIST controller, with the
// initial objects bulk-loaded into etcd at time zero. Faults
// (faults_world.go): Disconnect, Partition, Heal, RestartAPIServer,
// KillAPIServer, CompactNow, SlowConsumer, SlowHandler, ClearFaults.
// RunScenario (scenario*.go) runs steady, restart-storm, the-incident or
// chaos and reports metric sums under their real names plus
// CheckConvergence: every informer's store against etcd. StreamChecker
// (streamcheck.go) asserts ordering, completeness and continuity of every
// client watch; the chaos test runs it over hundreds of seeds.
package engine
