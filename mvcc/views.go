package mvcc

// HistoryRecord is one stored backend row: a revision of a key, or its
// tombstone (then Kv holds only the key).
type HistoryRecord struct {
	Rev       Revision
	Kv        KeyValue
	Tombstone bool
}

// History returns the stored (not yet physically compacted) rows with main
// revision >= fromMain, in revision order, at most max of them. Rows below
// the compaction revision disappear as the compaction batches run; until
// then their generation may be gone from the key index, and with it their
// create revision (0 there; mod revision and version are the row's own).
func (s *Server) History(fromMain int64, max int) []HistoryRecord {
	var out []HistoryRecord
	if max <= 0 {
		return nil
	}
	s.kv.backend.ascend(Revision{Main: fromMain}, Revision{Main: 1<<63 - 1}, func(r backendRecord) bool {
		out = append(out, HistoryRecord{Rev: r.revision(), Kv: s.kv.rowKV(&r), Tombstone: r.tombstone()})
		return len(out) < max
	})
	return out
}

// KeyIndexes returns copies of the keyIndexes whose key starts with
// prefix, in key order, at most max of them.
func (s *Server) KeyIndexes(prefix []byte, max int) []KeyIndexView {
	var out []KeyIndexView
	if max <= 0 {
		return nil
	}
	var emptied []*keyIndex
	s.kv.index.tree.AscendGreaterOrEqual(&keyIndex{key: prefix}, func(ki *keyIndex) bool {
		if len(ki.key) < len(prefix) || string(ki.key[:len(prefix)]) != string(prefix) {
			return false
		}
		if job := s.kv.compaction.running; job != nil { // the batches may not have got to it yet
			if ki.compact(job.rev, nil); ki.isEmpty() {
				emptied = append(emptied, ki)
				return true
			}
		}
		out = append(out, ki.view())
		return len(out) < max
	})
	for _, ki := range emptied { // out of the tree as compactKey would
		s.kv.index.tree.Delete(ki)
		s.kv.index.byKey.delete(ki.key, ki.id)
	}
	return out
}
