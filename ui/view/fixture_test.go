package view

import "time"

// busySnapshot is a stage after 40 revisions: five keys, a compaction at
// 30, a few deletions and re-creations, and a console log.
func busySnapshot() Snapshot {
	s := Snapshot{Now: 40 * time.Second, Rev: 41, CompactRev: 30, LiveKeys: 4, Speed: 1}
	keys := []string{"/registry/configmaps/default/app-config", "/registry/leases/kube-node-lease/node-1",
		"/registry/pods/default/web-0", "/registry/pods/default/web-1", "/registry/pods/default/web-2"}
	for i, k := range keys {
		ki := KeyIndex{Key: k}
		if i == 4 { // web-2: deleted at 38, gone now
			ki.Generations = []Generation{{Created: 33, Ver: 2, Revs: []int64{33, 38}}, {}}
		} else {
			g := Generation{Created: int64(31 + i), Ver: 1}
			for r := int64(31 + i); r <= 41; r += 5 {
				g.Revs = append(g.Revs, r)
			}
			ki.Generations = []Generation{g}
		}
		s.Keys = append(s.Keys, ki)
	}
	for r := int64(25); r <= 41; r++ {
		if r < 30 && r != 27 {
			continue // compacted away
		}
		s.Records = append(s.Records, Record{Main: r, Key: keys[r%5], Version: r % 3, Tombstone: r == 38})
	}
	s.Log = []LogLine{{Cmd: "etcdctl put /registry/pods/default/web-0 Running", Out: "OK"},
		{Cmd: "etcdctl compact 30", Out: "compacted revision 30"},
		{Cmd: "etcdctl get /registry/pods/default/web-0 --rev 4", Out: "Error: etcdserver: mvcc: required revision has been compacted", Failed: true}}
	return s
}
