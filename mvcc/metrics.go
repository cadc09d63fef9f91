package mvcc

// Metrics are the etcd metrics worth animating, computed from the member's
// state. Each field names the real metric.
type Metrics struct {
	WatchStreamTotal      int64 // etcd_debugging_mvcc_watch_stream_total: open watch streams
	WatcherTotal          int64 // etcd_debugging_mvcc_watcher_total: watchers on open streams
	SlowWatcherTotal      int64 // etcd_debugging_mvcc_slow_watcher_total: unsynced + victim watchers
	PendingEventsTotal    int64 // etcd_debugging_mvcc_pending_events_total: events sent to channels, not yet received
	CurrentRevision       int64 // etcd_debugging_mvcc_current_revision
	CompactRevision       int64 // etcd_debugging_mvcc_compact_revision (0 before the first compaction)
	DbCompactionKeysTotal int64 // etcd_debugging_mvcc_db_compaction_keys_total: rows deleted by compaction
	DbTotalSizeInBytes    int64 // etcd_mvcc_db_total_size_in_bytes: the data file size (estimate)
	DbTotalSizeInUse      int64 // etcd_mvcc_db_total_size_in_use_in_bytes: the bytes of that file in use
	QuotaBackendBytes     int64 // etcd_server_quota_backend_bytes: --quota-backend-bytes
	PutTotal              int64 // etcd_mvcc_put_total
	DeleteTotal           int64 // etcd_mvcc_delete_total: DeleteRange ops, not keys
	RangeTotal            int64 // etcd_mvcc_range_total: ranges, including compares and prev_kv reads
	TxnTotal              int64 // etcd_mvcc_txn_total: MVCC txns of more than one op
}

// Metrics returns the current metric values.
func (s *Server) Metrics() Metrics {
	m := Metrics{
		WatchStreamTotal:      int64(len(s.streams)),
		SlowWatcherTotal:      int64(s.kv.unsynced.size() + s.kv.victimCount()),
		CurrentRevision:       s.kv.currentRev,
		CompactRevision:       max(s.kv.compactMainRev, 0),
		DbCompactionKeysTotal: s.kv.backend.compacted,
		DbTotalSizeInBytes:    s.kv.backend.size,
		DbTotalSizeInUse:      s.kv.backend.inUse,
		QuotaBackendBytes:     s.cfg.QuotaBackendBytes,
		PutTotal:              s.kv.counters.puts,
		DeleteTotal:           s.kv.counters.deletes,
		RangeTotal:            s.kv.counters.ranges,
		TxnTotal:              s.kv.counters.txns,
	}
	for _, ws := range s.streams {
		m.WatcherTotal += int64(len(ws.watchers))
		m.PendingEventsTotal += int64(ws.pendingEvents())
	}
	return m
}
