// Package mvcc is a simulated etcd 3.6 member: the MVCC store
// (server/storage/mvcc), its watchable store, and the slice of etcdserver
// that clients meet (request validation, limits, quota, txn, compaction,
// auto-compaction, the gRPC watch stream). It follows etcd's rules and
// error strings exactly (conformance/ compares them with the real etcd).
//
// # Revisions
//
// Every write txn gets one main revision; each change inside it gets a sub
// revision 0, 1, 2, ... The store starts at revision 1, so the first write
// is revision 2. A txn that changes nothing (a delete of a missing key, a
// read-only txn) leaves the revision alone.
//
//	put a=1      -> 2.0            a: create 2, mod 2, version 1
//	put b=1      -> 3.0
//	put a=2      -> 4.0            a: create 2, mod 4, version 2
//	delete b     -> 5.0 (t)        b's generation ends with a tombstone
//	put b=x      -> 6.0            b: create 6, mod 6, version 1 (a new generation)
//	delete zz    -> (still 6)      nothing deleted, no revision
//
// # Key index and generations
//
// An in-memory B-tree (degree 32) maps each key to its keyIndex: the list
// of the key's generations, each the life of the key from creation to
// deletion. The values themselves live in the backend, a second tree keyed
// by revision (etcd's bbolt bucket "key").
//
//	"foo": put 1.0, put 2.0, delete 3.0, put 4.0, delete 5.0
//
//	generations  {1.0 2.0 3.0(t)}  {4.0 5.0(t)}  {empty}
//	              first life        second life   current: foo does not exist
//
//	compact(2) -> {2.0 3.0(t)} {4.0 5.0(t)} {empty}   2.0 is foo "as of 2"
//	compact(4) -> {4.0 5.0(t)} {empty}                the first life is gone
//	compact(5) -> {5.0(t)} {empty}                    a tombstone at the compact rev stays
//	compact(6) -> key removed from the index
//
// A read at revision R asks the index for the newest revision <= R of each
// key in range and fetches those rows. Reads fail above the current revision
// ("mvcc: required revision is a future revision") and strictly below the
// compaction revision ("mvcc: required revision has been compacted"):
// reading exactly at the compaction revision works. Server methods return
// these with etcd's "etcdserver: " prefix, as clients see them.
//
// # Compaction
//
// Compact(rev) moves the compaction revision at once (reads and watches
// below it fail immediately) and queues the physical deletion: the index is
// compacted, then backend rows <= rev that are not kept are deleted in
// batches of 1000, 10ms of virtual time apart. History shows the rows
// disappearing batch by batch.
//
// # Memory layout
//
// At 5,000 nodes the store holds ~200,000 keys and up to ~600,000 rows,
// inside a browser tab whose garbage collector marks every live object and
// follows every pointer. So the bulk of it is kept in few objects with few
// pointers, none of which changes what the store answers:
//
//	keySlab    keyIndexes in blocks of 256, found by a 32-bit id (key_slab.go)
//	keyTable   key -> id, open addressing, no pointers (key_table.go)
//	byteArena  keys and values back to back in large chunks (arena.go)
//	backend    rows of numbers only: revision, key id, value place (backend.go)
//
// Compaction moves what it keeps out of old arena chunks, so that they go.
// Key and Value slices handed out point into the arenas: read-only.
//
// # Watches
//
// A WatchStream is one gRPC watch stream with one response queue of 128
// (chanBufLen) shared by its watchers. A watcher is synced (it receives
// every write at once), unsynced (it must replay history; a sync pass every
// 100ms takes up to 512 of them and sends at most 1000 revisions each), or a
// victim (its queue was full; retried every 10ms). A watcher that needs a
// revision below the compaction revision is canceled with CompactRevision.
//
//	Watch(start) ─┬─ start 0 or > current ─► synced ◄─────────────┐
//	              └─ start <= current ────► unsynced ─ 100ms ─────┤
//	                                          │ start < compact   │ queue full
//	                                          ▼                   ▼
//	                               canceled(CompactRevision)    victim ─ 10ms ─┘
//
// A watch from exactly the compaction revision replays; one revision below
// is canceled. kube-apiserver watches from RV+1, so the oldest RV it can
// still watch from etcd is the compaction revision minus one, while the
// oldest RV it can list exactly is the compaction revision itself.
//
// # Time
//
// Nothing here runs on its own: no goroutines, no wall clock. The owner
// calls Advance(now) with virtual time, which runs every due timer (sync
// passes, victim retries, compaction batches, progress-notify tickers,
// auto-compaction) in (time, sequence) order, and NextWake to learn when
// something is due next. Randomness (the progress-notify jitter) comes from
// Config.Rand.
package mvcc
