package mvcc

// Freezing the backend's values (see arena_freeze.go). Most writes of a
// large world supersede a value within seconds (a node lease renews every
// 10 s), yet etcd keeps every superseded value until the next compaction:
// at 5,000 nodes, some 600,000 values before the first one. Once a chunk
// of the value arena has been sealed for freezeLag chunks, its values that
// are still their key's current one move to the active chunk, and the
// chunk, now holding only history, is deflated:
//
//	puts 2.0 … 9000.0 ─► chunk 7 (sealed) ─► current ones: rows 8123.0, 8990.0
//	                        │                   └─► moved to the active chunk (chunk 9.extra)
//	                        └─► frozen: deflated segments; rows keep their refs
//
// A chunk that is still mostly current (the first objects of a world) is
// left as it is, and so is one compaction moved kept values into.
const freezeLag = 2

// noteValue records in the value's chunk that the put at main wrote it.
func (s *store) noteValue(ref arenaRef, main int64) {
	if !ref.stored() {
		return
	}
	c := s.backend.values.chunk(ref.chunk)
	if c.from == 0 {
		c.from = main
	}
	c.to = main
}

// freezeValues does one step of freezing: the next segment of the chunk
// being frozen, or else starts on the chunk sealed freezeLag chunks ago,
// or else, once per seal, retries a chunk that was mostly current.
func (s *store) freezeValues() {
	v := &s.backend.values
	if v.freezeStep() {
		return
	}
	for len(v.sealed) > freezeLag && v.freezer.id == 0 {
		id := v.sealed[0]
		v.sealed = v.sealed[1:]
		s.freezeChunk(id)
	}
	if v.freezer.id == 0 && len(s.freezeRetry) > 0 && v.seals >= s.nextRetry {
		id := s.freezeRetry[0]
		s.freezeRetry = s.freezeRetry[1:]
		s.nextRetry = v.seals + 1
		s.freezeChunk(id)
	}
}

// freezeChunk moves the current values out of chunk id and starts
// freezing it, unless it is mostly current: then it is retried later
// (its objects get deleted or updated in time).
func (s *store) freezeChunk(id uint32) {
	v := &s.backend.values
	if id < v.base || !v.chunk(id).held() {
		return
	}
	c := v.chunk(id)
	if c.noFreeze || c.own || c.frozen != nil {
		return
	}
	current := s.scratchRows[:0]
	visit := func(r *backendRecord) {
		if r.value.chunk == id && s.isCurrent(r) {
			current = append(current, r)
		}
	}
	s.backend.visitRows(Revision{Main: c.from}, Revision{Main: c.to + 1}, visit)
	for _, rev := range c.extra {
		if r := s.backend.row(rev); r != nil {
			visit(r)
		}
	}
	if 2*len(current) > c.live {
		s.freezeRetry = append(s.freezeRetry, id)
	} else {
		for _, r := range current {
			s.moveCurrent(r)
		}
		if id >= v.base && v.chunk(id).held() {
			v.chunk(id).extra = nil
			v.startFreeze(id)
		}
	}
	clear(current)
	s.scratchRows = current[:0]
}

// isCurrent reports whether row r holds its key's current value.
func (s *store) isCurrent(r *backendRecord) bool {
	ki := s.index.byID(r.key)
	return !r.tombstone() && ki.latestRev == r.revision() && ki.modified() == r.revision()
}

// moveCurrent copies a current value into the active chunk (noting it
// there) and updates its row and the keyIndex's cached ref.
func (s *store) moveCurrent(r *backendRecord) {
	v := &s.backend.values
	moved := v.add(v.bytes(r.value))
	if moved.stored() {
		mc := v.chunk(moved.chunk)
		mc.extra = append(mc.extra, r.revision())
	}
	v.release(r.value)
	r.value = moved
	s.index.byID(r.key).latestValue = moved
}
