package mvcc

// PrefixEnd is the range end that makes [prefix, end) cover every key with
// the given prefix, as clientv3's GetPrefixRangeEnd computes it: the
// prefix with its last byte below 0xff incremented and the rest dropped. A
// prefix of only 0xff bytes (or an empty one) has no such end, so it
// becomes "\x00", etcd's "every key from here on".
func PrefixEnd(prefix []byte) []byte {
	end := append([]byte{}, prefix...)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return []byte{0}
}
