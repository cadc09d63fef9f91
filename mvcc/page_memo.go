package mvcc

import "bytes"

// pageMemo carries a limited range's count over to the next page.
//
// etcd answers every range with Count, the number of keys live in the
// whole range, even when a limit cuts the KVs short; the API server's
// pager turns it into remainingItemCount. Counting means walking every
// key left in the range, so a 150,000-key resource read 10,000 keys a
// page walks 150,000 + 140,000 + ... keys: quadratic, and one page of
// the watch cache's initial list cost a frame's budget many times over.
//
// At a fixed revision the keys live in [key, end) never change (later
// writes take later revisions; compaction keeps what is visible at or
// above the compaction revision, and reading below it fails first). So
// when a range continues right after the last key the previous one
// returned, at the same revision and end, its Count is the previous
// Count minus the keys returned, and the walk can stop at the limit:
//
//	page 1  [k0,    end) @R  walk all, Count = 150,000, returned 10,000
//	page 2  [k9999+\x00, end) @R  Count = 140,000 (memo), walk 10,000
//
// The answer is the same; only the work differs (tests compare both).
// Several listings page at once (the watch cache lists each resource,
// clients list theirs), so the store keeps a few memos, not one.
type pageMemos struct {
	m    [8]pageMemo
	next int // the slot the next new listing takes
	// hits counts ranges answered from a memo (tests check that paging
	// through the Server, not only the store, finds them).
	hits int
}

// find returns the memo a range over [key, end) at rev continues, and
// how many keys live at rev lie in [key, end).
func (ms *pageMemos) find(key, end []byte, rev int64) (*pageMemo, int, bool) {
	for i := range ms.m {
		if n, ok := ms.m[i].continues(key, end, rev); ok {
			ms.hits++
			return &ms.m[i], n, true
		}
	}
	return nil, 0, false
}

// slot is where a range's memo goes: the one it continued, or the
// oldest.
func (ms *pageMemos) slot(m *pageMemo) *pageMemo {
	if m != nil {
		return m
	}
	m = &ms.m[ms.next]
	ms.next = (ms.next + 1) % len(ms.m)
	return m
}

// A memo knows two places a next page may start. A range asked for at
// most L keys reads L+1 of them (executeRange's way of knowing there is
// More) and returns the first L, so its caller continues right after the
// second-to-last key the store read, not the last:
//
//	store read:   k1 ... kL kL+1        caller got k1 ... kL
//	next page:    [kL+"\x00", end)  ->  alt, rest+1 keys
//	(a caller that asked the store directly continues at next: rest)
type pageMemo struct {
	next, alt, end []byte
	rev            int64
	rest           int // keys at rev in [next, end)
	valid, hasAlt  bool
}

// continues reports whether a range over [key, end) at rev is the next
// page of the memo's range, and how many keys it holds.
func (m *pageMemo) continues(key, end []byte, rev int64) (int, bool) {
	if !m.valid || m.rev != rev || end == nil || !bytes.Equal(m.end, end) {
		return 0, false
	}
	switch {
	case bytes.Equal(m.next, key):
		return m.rest, true
	case m.hasAlt && bytes.Equal(m.alt, key):
		return m.rest + 1, true
	}
	return 0, false
}

// remember records the rest of a limited range whose KVs stopped at
// last (prev before it, nil if last was the only one) with rest keys
// after it.
func (m *pageMemo) remember(prev, last, end []byte, rev int64, rest int) {
	m.next = append(append(m.next[:0], last...), 0)
	m.hasAlt = prev != nil
	if m.hasAlt {
		m.alt = append(append(m.alt[:0], prev...), 0)
	}
	m.end = append(m.end[:0], end...)
	m.rev, m.rest, m.valid = rev, rest, true
}
