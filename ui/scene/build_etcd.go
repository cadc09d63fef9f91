package scene

import (
	"strconv"
	"strings"
)

// etcd adds each member and its watches: the caches' own watches and the
// console's one by one, direct clients (and anything beyond MaxEach) as
// one counted group.
func (b *builder) etcd() {
	for _, m := range b.w.Etcd {
		b.add(Actor{ID: m.Name, Kind: KindEtcd, Label: m.Name,
			Detail: EtcdWords(m.Rev, m.CompactRev), RV: uint64(max(m.Rev, 0)), Compacted: m.CompactRev})
		var rest, caches []Watch
		shown := 0
		for _, wa := range m.Watches {
			if res := cacheOf(wa.Owner); res != "" && !contains(b.w.Resources, res) {
				caches = append(caches, wa) // the watch of a cache the scene does not draw
				continue
			}
			if wa.Owner == "etcd-clients" || shown >= MaxEach {
				rest = append(rest, wa)
				continue
			}
			shown++
			st := watchState(wa)
			owner := st.Who
			if st.Cache {
				owner = "" // a cache's: the cache, not a client
			}
			b.add(Actor{ID: EtcdWatchID(m.Name, wa.Stream, wa.ID), Kind: KindEtcdWatch, Parent: m.Name, Owner: owner,
				Label: watchLabel(wa), Resource: resourceOfKey(wa.Key), Detail: watchDetail(wa),
				Queued: wa.Queued, Replica: replicaOf(wa.Owner), Source: wa.Owner, EtcdWatch: st})
		}
		if len(caches) > 0 {
			var names []string
			for _, c := range caches {
				if r := cacheOf(c.Owner); !contains(names, r) {
					names = append(names, r)
				}
			}
			b.add(Actor{ID: EtcdWatchesID(m.Name) + "/other-caches", Kind: KindEtcdWatch, Parent: m.Name,
				Count: len(caches), Label: other(len(caches), "watch of another cache", "other caches"),
				Detail: shortList(names, 16, "resources")})
		}
		if len(rest) > 0 {
			label := plural(len(rest), "more watch", "more watches")
			if rest[0].Owner == "etcd-clients" {
				label = plural(len(rest), "direct watcher", "direct watchers")
			}
			b.add(Actor{ID: EtcdWatchesID(m.Name), Kind: KindEtcdWatch, Parent: m.Name, Count: len(rest),
				Label: label, Resource: resourceOfKey(rest[0].Key), Source: rest[0].Owner,
				Detail: "one stream each, on " + rest[0].Key})
		}
	}
}

// EtcdWords is an etcd member's state in words: "revision 905 ·
// compacted at 601" (no compaction yet: the revision alone).
func EtcdWords(rev, compacted int64) string {
	if compacted <= 0 {
		return "revision " + itoa64(rev)
	}
	return "revision " + itoa64(rev) + " · compacted at " + itoa64(compacted)
}

// watchLabel names a watch by who opened it.
func watchLabel(w Watch) string {
	switch {
	case strings.Contains(w.Owner, "/cache/"):
		return "cache's watch on " + w.Key
	case strings.HasPrefix(w.Owner, "client/"):
		return strings.TrimPrefix(w.Owner, "client/") + " watch " + w.Key
	case w.Owner != "":
		return w.Owner + " watch " + w.Key
	}
	return "watch " + w.Key
}

// watchState is a watch's state as the stage draws it.
func watchState(w Watch) *WatchState {
	who := strings.TrimPrefix(w.Owner, "client/")
	if w.Owner == "" {
		who = "" // "watch KEY": nobody named
	}
	return &WatchState{Cache: strings.Contains(w.Owner, "/cache/"), Who: who, NextRev: w.MinRev, Synced: w.Synced}
}

func watchDetail(w Watch) string {
	d := "next rev " + itoa64(w.MinRev)
	if !w.Synced {
		d += " · catching up"
	}
	if w.Queued > 0 {
		d += " · " + strconv.Itoa(w.Queued) + " queued"
	}
	return d
}

// cacheOf is the resource of a cache's owner id ("apiserver-0/cache/pods").
func cacheOf(owner string) string {
	_, res, ok := strings.Cut(owner, "/cache/")
	if !ok {
		return ""
	}
	return res
}

// replicaOf is the replica in an owner id ("apiserver-0/cache/pods").
func replicaOf(owner string) string {
	if strings.HasPrefix(owner, "apiserver-") {
		r, _, _ := strings.Cut(owner, "/")
		return r
	}
	return ""
}

// resourceOfKey is the resource of an etcd key under /registry/.
func resourceOfKey(key string) string {
	rest, ok := strings.CutPrefix(key, "/registry/")
	if !ok {
		return ""
	}
	r, _, _ := strings.Cut(rest, "/")
	if r == "minions" { // the nodes' historical etcd prefix
		return "nodes"
	}
	return r
}
