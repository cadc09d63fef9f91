package mvcc

import (
	"fmt"
	"testing"
	"time"
)

// byteSource hands out the fuzz input a byte at a time (0 once exhausted).
type byteSource struct {
	data []byte
	pos  int
}

func (b *byteSource) next() int {
	if b.pos >= len(b.data) {
		return 0
	}
	b.pos++
	return int(b.data[b.pos-1])
}

func (b *byteSource) done() bool { return b.pos >= len(b.data) }

func (b *byteSource) key() []byte { return []byte(simKeys[b.next()%len(simKeys)]) }

func (b *byteSource) write() simOp {
	switch b.next() % 4 {
	case 0, 1:
		return simOp{kind: "put", key: b.key(), value: []byte(fmt.Sprint(b.next() % 10))}
	case 2:
		return simOp{kind: "del", key: b.key()}
	}
	return simOp{kind: "delrange", key: []byte("a"), end: []byte("b")}
}

// decodeOp turns the next bytes into one op, steered by the model's
// revisions the way genOp is.
func decodeOp(b *byteSource, rev, compact int64) simOp {
	switch b.next() % 8 {
	case 0, 1:
		return b.write()
	case 2:
		return simOp{kind: "delrange", key: []byte("b"), end: []byte{0}}
	case 3:
		t := &simTxn{cmp: Compare{Key: b.key(), Result: CompareResult(b.next() % 4),
			Target: CompareVersion, Version: int64(b.next() % 3)}}
		for range b.next() % 4 {
			t.success = append(t.success, b.write())
		}
		for range b.next() % 3 {
			t.failure = append(t.failure, b.write())
		}
		return simOp{kind: "txn", txn: t}
	case 4:
		return simOp{kind: "compact", rev: compact - 1 + int64(b.next())%(rev-compact+3)}
	case 5:
		op := simOp{kind: "watch", key: []byte{0}, end: []byte{0}, stream: b.next() % 2,
			rev: int64(b.next()) % (rev + 3), prevKV: b.next()%2 == 0}
		if f := b.next() % 3; f > 0 {
			op.filters = []WatchFilter{WatchFilter(f - 1)}
		}
		return op
	case 6:
		return simOp{kind: "cancel", stream: b.next() % 2, rev: int64(b.next() % 4)}
	}
	return simOp{kind: "advance", dur: time.Duration(b.next()) * time.Millisecond}
}

// FuzzOps decodes a byte string into an op sequence and checks the server
// against the naive model, like TestModelRandom.
func FuzzOps(f *testing.F) {
	f.Add([]byte{0, 0, 1, 0, 1, 2, 5, 0, 1, 0, 4, 1, 7, 200})
	f.Fuzz(func(t *testing.T, data []byte) {
		b := &byteSource{data: data}
		h, err := newHarness(1)
		if err != nil {
			t.Fatal(err)
		}
		var ops []simOp
		for !b.done() && len(ops) < 64 {
			op := decodeOp(b, h.m.rev, h.m.compact)
			ops = append(ops, op)
			if err := h.apply(op); err != nil {
				t.Fatalf("%v\nops:\n%s", err, formatOps(ops))
			}
		}
		if err := h.finish(); err != nil {
			t.Fatalf("%v\nops:\n%s", err, formatOps(ops))
		}
	})
}
