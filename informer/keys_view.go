package informer

import am "watchscope/apimachinery"

// The keys waiting in an informer's stages, for a picture of its
// pipeline (issue 26): which objects are where, not only how many.

// QueuedKeys is the keys of the first n entries of the FIFO, oldest
// first: DeltaFIFO's queue of keys, or the key of each of RealFIFO's
// deltas (a key changed twice is there twice; a relist's one big
// Replace delta has none).
func (s *SharedIndexInformer) QueuedKeys(n int) []string {
	var out []string
	switch f := s.fifo.(type) {
	case *DeltaFIFO:
		out = append(out, f.queue[:min(n, len(f.queue))]...)
	case *RealFIFO:
		for _, d := range f.Peek() {
			if len(out) == n {
				break
			}
			if k, ok := keyOf(d.Object, d.Tombstone); ok {
				out = append(out, k)
			}
		}
	}
	return out[:min(n, len(out))]
}

// PendingKeys is the object keys of the first n notifications waiting
// for the handler with the longest backlog (the first of them on a tie),
// oldest first.
func (s *SharedIndexInformer) PendingKeys(n int) []string {
	if len(s.listeners) == 0 {
		return nil
	}
	l := s.listeners[0]
	for _, o := range s.listeners[1:] {
		if o.pending.Len() > l.pending.Len() {
			l = o
		}
	}
	p := l.pending
	var out []string
	for i := 0; i < p.Len() && len(out) < n; i++ {
		if nt, ok := p.At(i); ok {
			if k, ok := keyOf(nt.Object, nt.Tombstone); ok {
				out = append(out, k)
			}
		}
	}
	return out
}

// keyOf is the key of an object, or of its tombstone; false for neither.
func keyOf(o *am.Object, tomb *DeletedFinalStateUnknown) (string, bool) {
	switch {
	case o != nil:
		return o.MetaNamespaceKey(), true
	case tomb != nil:
		return tomb.Key, true
	}
	return "", false
}
