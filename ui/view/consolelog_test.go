package view

import (
	"strings"
	"testing"
)

// The stage's console log shows etcdctl's client warning (the JSON line
// clientv3 logs on stderr before a server error) dimmed and smaller on a
// line of its own between the command and the error, and the error in
// orange beneath it; a command without a warning keeps two lines.
func TestConsoleLogDimsClientWarning(t *testing.T) {
	warn := `{"level":"warn","ts":"2026-01-01T00:00:05.000000Z","logger":"etcd-client","caller":"v3@v3.6.16/retry_interceptor.go:68",` +
		`"msg":"retrying of unary invoker failed","target":"etcd-endpoints://0xc0001c8000/localhost:2379","attempt":0,` +
		`"error":"rpc error: code = OutOfRange desc = etcdserver: mvcc: required revision has been compacted"}`
	errLine := "Error: etcdserver: mvcc: required revision has been compacted"
	log := []LogLine{
		{Cmd: "etcdctl put a 1", Out: "OK\n"},
		{Cmd: "etcdctl get a --rev 1", Out: warn + "\n" + errLine + "\n", Failed: true},
	}
	sc := Scene{Theme: Dark}
	consoleLog(&sc, log)
	var w, e *Text
	for i := range sc.Texts {
		switch tx := &sc.Texts[i]; {
		case strings.HasPrefix(tx.S, `{"level":"warn"`):
			w = tx
		case tx.S == errLine:
			e = tx
		}
	}
	if w == nil || e == nil {
		t.Fatalf("want the warning and the error drawn, got %+v", sc.Texts)
	}
	if w.Color != Dark.Caption || w.Size >= e.Size || e.Color != Dark.Readable(Orange) {
		t.Errorf("warning %v size %v, error %v size %v: want the warning dimmed (Caption) and smaller, the error orange (as text: Readable)", w.Color, w.Size, e.Color, e.Size)
	}
	if !(w.Y < e.Y) {
		t.Errorf("warning at y=%v, error at y=%v: the warning comes first, as on a terminal", w.Y, e.Y)
	}
	if got := sc.Rects[0].H; got != 2*52+16+22 {
		t.Errorf("panel height %v, want two entries and one warning line (142)", got)
	}
	if firstLine(log[1].Out) != errLine || ClientWarning(log[0].Out) != "" || DropClientWarnings(log[1].Out) != errLine+"\n" {
		t.Errorf("firstLine/ClientWarning/DropClientWarnings do not split the warning off")
	}
}
