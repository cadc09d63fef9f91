package mvcc

// WatchInfo describes one open watcher for a viewer (the stage's scene):
// which stream it is on, what it watches, how far it has got, and who
// opened the stream. Reading it changes nothing.
type WatchInfo struct {
	Stream int    // the stream's place among the open streams, oldest first
	Owner  string // who opened the stream (WatchStream.SetOwner), "" if nobody said
	ID     int64  // the watch id on its stream
	Key    string // the key, or the first key of the range
	Prefix bool   // a range rather than one key
	MinRev int64  // the next revision the watcher still needs
	Synced bool   // caught up: it gets new writes as they happen
	Victim bool   // its stream's queue was full: it waits to be retried
	Queued int    // responses waiting on its stream
}

// SetOwner names who opened the stream, for viewers (Watches). The name
// is not part of etcd's behaviour: it never reaches a response or the
// trace.
func (ws *WatchStream) SetOwner(owner string) { ws.owner = owner }

// Watches lists every open watcher, stream by stream in the order the
// streams opened, and by watch id within a stream.
func (s *Server) Watches() []WatchInfo {
	n := 0
	for _, ws := range s.streams {
		n += len(ws.watchers)
	}
	out := make([]WatchInfo, 0, n)
	for i, ws := range s.streams {
		for _, w := range ws.sortedWatchers() {
			out = append(out, WatchInfo{Stream: i, Owner: ws.owner, ID: w.id, Key: string(w.key),
				Prefix: w.end != nil, MinRev: w.minRev, Synced: w.group == s.kv.synced,
				Victim: w.victim, Queued: ws.Len()})
		}
	}
	return out
}
