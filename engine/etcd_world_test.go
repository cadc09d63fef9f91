package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"watchscope/mvcc"
)

// etcdApply extends testApply with "put K V" against the world's etcd,
// so the full world (etcd as a ticker) goes through replay too.
func etcdApply(w *World, cmd string) (string, error) {
	f := strings.Fields(cmd)
	if len(f) != 3 || f[0] != "put" {
		return testApply(w, cmd)
	}
	resp, err := w.Etcd.Put(mvcc.PutRequest{Key: []byte(f[1]), Value: []byte(f[2])})
	if err != nil {
		return "", err
	}
	w.Record(EtcdNode, KindPut, fmt.Sprintf("key=%s rev=%d", f[1], resp.Header.Revision))
	return "OK", nil
}

// TestFullWorldReplay runs the real world (with etcd, AutoCompaction on
// so its ticker has timers) and restores it through the public API.
func TestFullWorldReplay(t *testing.T) {
	cfg := Config{Seed: 8, Apply: etcdApply,
		Etcd: mvcc.Config{AutoCompactionMode: "revision", AutoCompactionRetention: "3"}}
	w, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var cps []Checkpoint
	for i := range 12 {
		w.Exec(fmt.Sprintf("put k%d v%d", i%4, i))
		w.Exec("spawn 2")
		w.RunFor(7 * time.Minute)
		cps = append(cps, w.Checkpoint())
	}
	if w.Etcd.Rev() != 13 {
		t.Fatalf("etcd at revision %d, want 13", w.Etcd.Rev())
	}
	if w.Etcd.CompactRev() == 0 {
		t.Fatal("auto-compaction never ran: the etcd ticker was not woken")
	}
	for _, cp := range []Checkpoint{cps[2], cps[len(cps)-1]} {
		if _, err := RestoreCheckpoint(cfg, w.Log(), cp); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Restore(cfg, w.Log(), w.Now())
	if err != nil || r.Etcd.Rev() != w.Etcd.Rev() || r.Etcd.CompactRev() != w.Etcd.CompactRev() {
		t.Errorf("restored etcd rev %d compact %d, want %d %d (err %v)",
			r.Etcd.Rev(), r.Etcd.CompactRev(), w.Etcd.Rev(), w.Etcd.CompactRev(), err)
	}
}
