package engine

import (
	"testing"
	"time"
)

// newTestWorld builds a world without the etcd member, so these tests do
// not depend on package mvcc.
func newTestWorld(t testing.TB, cfg Config) *World {
	t.Helper()
	w, err := build(cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func ms(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
