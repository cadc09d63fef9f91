package mvcc

// liveCounts keeps, for every prefix of an indexed key that ends in '/',
// how many keys under it are live (created and not deleted) at the
// index's newest revision. etcd answers every range with Count, the keys
// live in the whole range, even when a limit cuts the KVs short; the
// first page of a LIST of 150,000 pods must count all of them, which is a
// walk of every key under /registry/pods/ (tens of milliseconds in one
// step). Kubernetes reads whole directories, so the count of a directory
// is kept as keys come and go:
//
//	put /registry/pods/ns-1/a  (new)   "/" +1  "/registry/" +1  "/registry/pods/" +1  "/registry/pods/ns-1/" +1
//	put /registry/pods/ns-1/a  (again) nothing: still one live key
//	delete /registry/pods/ns-1/a       the same four -1
//
// A count answers a range [dir, PrefixEnd(dir)) read at any revision at
// or after the newest change of liveness (latest): what is live then is
// what is live now. Older reads, and ranges that are not a directory,
// walk as etcd does. Updates of live keys (most writes: lease renewals,
// status updates) touch nothing. Compaction keeps every live key, so it
// changes no count.
type liveCounts struct {
	slot   map[string]int32 // directory -> index in n
	n      []int
	latest int64 // main revision of the newest create or delete
	// off disables the counts (tests compare both ways).
	off bool
}

// change adds d (+1 created, -1 deleted) to every directory above key,
// for a change at main revision rev.
func (lc *liveCounts) change(key []byte, d int, rev int64) {
	lc.latest = max(lc.latest, rev)
	for i, b := range key {
		if b != '/' {
			continue
		}
		dir := key[:i+1]
		j, ok := lc.slot[string(dir)]
		if !ok {
			if lc.slot == nil {
				lc.slot = map[string]int32{}
			}
			j = int32(len(lc.n))
			lc.slot[string(dir)] = j
			lc.n = append(lc.n, 0)
		}
		lc.n[j] += d
	}
}

// count reports the keys in [key, end) live at rev, if that range is a
// directory and rev is not older than the newest change of liveness.
func (lc *liveCounts) count(key, end []byte, rev int64) (int, bool) {
	if lc.off || rev < lc.latest || !isDirRange(key, end) {
		return 0, false
	}
	j, ok := lc.slot[string(key)]
	if !ok {
		return 0, true // nothing was ever created under it
	}
	return lc.n[j], true
}

// isDirRange reports whether [key, end) is every key under a directory:
// key ends in '/' and end is PrefixEnd(key) (the '/' becomes '0').
func isDirRange(key, end []byte) bool {
	n := len(key)
	if n == 0 || key[n-1] != '/' || len(end) != n || end[n-1] != '/'+1 {
		return false
	}
	return string(key[:n-1]) == string(end[:n-1])
}
