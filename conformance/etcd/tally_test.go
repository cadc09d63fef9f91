package etcd

import (
	"fmt"
	"slices"
	"strings"

	"watchscope/mvcc"
)

// tally counts what the agreed results contained, so the summary shows
// that the edges were reached (errors, truncated ranges, failed txn
// branches, compaction cancels), not only that nothing differed.
type tally map[string]int

func (t *tally) add(key string, n int) {
	if *t == nil {
		*t = tally{}
	}
	(*t)[key] += n
}

func (t *tally) result(text string) {
	if msg, ok := strings.CutPrefix(text, "error: "); ok {
		t.add("error "+msg, 1)
	}
	t.add("more=true", strings.Count(text, "more=true"))
	t.add("txn else-branch", strings.Count(text, "succeeded=false"))
	t.add("kv with a lease", strings.Count(text, " lease="))
	t.add("lease alive (time-to-live)", strings.Count(text, "ttl=alive"))
	t.add("lease gone (time-to-live -1)", strings.Count(text, "ttl=-1"))
	t.add("lease with attached keys", strings.Count(text, "keys=[\""))
}

func (t *tally) items(items []watchItem) {
	for _, it := range items {
		switch it.Kind {
		case itemEvent:
			t.add(fmt.Sprintf("event %s", it.Event.Type), 1)
			if it.Event.PrevKv != nil {
				t.add("event with prev_kv", 1)
			}
			if it.Event.Type == mvcc.DELETE && it.Event.PrevKv != nil && it.Event.PrevKv.Lease != 0 {
				t.add("event DELETE of a leased key (prev_kv)", 1)
			}
		case itemProgress:
			t.add("progress", 1)
		case itemCanceled:
			t.add("cancel (compacted)", 1)
		}
	}
}

func (t tally) merge(o tally) {
	for k, v := range o {
		t[k] += v
	}
}

func (t tally) String() string {
	var keys []string
	for k, v := range t {
		if v > 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  %6d  %s", t[k], k)
	}
	return b.String()
}
