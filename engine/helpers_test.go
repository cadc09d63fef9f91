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

// Toy kinds of the plumbing worlds the engine's own tests build (their
// messages between made-up nodes), printed as the golden hash has them.
var (
	kindSend     = testKind("SEND")
	kindRecv     = testKind("RECV")
	kindDialFail = testKind("DIAL-FAIL")
	kindTick     = testKind("TICK")
	kindK        = testKind("K")
)

func testKind(name string) Kind {
	kindNames = append(kindNames, name)
	return Kind(len(kindNames) - 1)
}
