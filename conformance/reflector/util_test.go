package reflector

import (
	"strconv"
	"strings"

	"watchscope/engine"
)

func itoa(i int) string { return strconv.Itoa(i) }

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// traceText is the client's and the replica's part of the trace.
func traceText(w *engine.World) string {
	var b strings.Builder
	for _, ev := range w.Trace.Since(0) {
		if ev.Node == "writer" || (ev.Kind == engine.KindResp && strings.Contains(ev.Detail, " 201 ")) {
			continue
		}
		b.WriteString(ev.String() + "\n")
	}
	return b.String()
}
