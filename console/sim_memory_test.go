package console

import (
	"strconv"
	"testing"
)

// sim memory's peak: a LIST serialized whole (before 1.34) raises it by
// the whole response while it is in flight; streamed (1.34+), by nothing.
func TestSimMemoryPeak(t *testing.T) {
	num := func(out, name string) int64 {
		n, err := strconv.ParseInt(field(t, out, name), 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return n
	}
	for _, tc := range []struct {
		streaming bool
		minRise   int64 // in units of the list's response bytes, at least
	}{{true, 0}, {false, 1}} {
		sh := kubeShell(t)
		run(t, sh, "sim load configmaps 200 1s --objects 200 --size 4096", "sim advance 2s")
		if !tc.streaming {
			run(t, sh, "sim set streaming-list-encoding false", "sim advance 10s")
		}
		ls := run(t, sh, "sim list configmaps -A --chunk-size 0")
		list := num(ls, "ResponseBytes")
		before := run(t, sh, "sim memory --reset-peak")
		if num(before, "PeakBytes") != num(before, "Bytes") {
			t.Fatalf("a reset peak is not the current value:\n%s", before)
		}
		run(t, sh, "sim informer l configmaps --count 5 --watch-list=false", "sim advance 2s")
		after := run(t, sh, "sim memory")
		rise := num(after, "PeakBytes") - num(before, "Bytes")
		switch {
		case tc.streaming && rise >= list/10:
			t.Errorf("streamed LISTs raised the peak by %d bytes (a list is %d)", rise, list)
		case !tc.streaming && rise < list:
			t.Errorf("whole-serialized LISTs raised the peak by %d bytes, less than one list (%d)", rise, list)
		}
	}
	if _, err := kubeShell(t).Exec("sim memory apiserver-9"); err == nil {
		t.Error("sim memory of a replica that does not exist did not fail")
	}
}
