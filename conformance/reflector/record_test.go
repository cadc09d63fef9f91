package reflector

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	am "watchscope/apimachinery"
	"watchscope/engine"
)

// call is one request a reflector sent, read back from the world's trace
// (the REQ event the engine records when a client sends), with the wait
// before it: from the last thing the server or the network said about
// the previous request (its answer, its stream's end or error, a refused
// connection) to this request.
type call struct {
	At   time.Duration
	Gap  time.Duration
	Line string // the canonical text both sides must agree on
	path string
	out  []string // what came back: "200", "429", "ERROR 410", "reset", ...
}

// calls extracts node's requests from the trace.
func calls(w *engine.World, node string) []call {
	var out []call
	var lastID string
	var lastAnswer time.Duration
	note := func(s string) { out[len(out)-1].out = append(out[len(out)-1].out, s) }
	for _, ev := range w.Trace.Since(0) {
		switch {
		case ev.Kind == engine.KindReq && ev.Node == node:
			f := strings.Fields(ev.Detail)
			c := call{At: ev.At, Line: canonical(f[2], f[3]), path: f[3]}
			if lastID != "" {
				c.Gap = ev.At - lastAnswer
			}
			c.Line += "  [" + gapLabel(c.Gap, lastID == "") + "]"
			// A REST-layer retry re-sends the identical URL after a 429 with
			// Retry-After. Only then is an identical URL that retry: a new
			// watch from the reflector draws a fresh timeoutSeconds, which can
			// repeat by chance (one of 300 values), so URL equality alone
			// would mislabel it now and then.
			if n := len(out); n > 0 && out[n-1].path == c.path && slices.Contains(out[n-1].out, "429") {
				c.Line += " same request again"
			}
			out = append(out, c)
			lastID, lastAnswer = f[0], ev.At
		case lastID != "" && ev.Node == node && ev.Kind == engine.KindResp:
			lastAnswer = ev.At // a refused connection, seen by the client itself
			note("refused")
		case lastID != "" && ev.Node != node && strings.HasPrefix(ev.Detail, lastID+" "):
			lastAnswer = ev.At
			note(outcome(ev.Kind.String(), strings.TrimPrefix(ev.Detail, lastID+" ")))
		}
	}
	for i := range out {
		out[i].Line += " -> " + strings.Join(out[i].out, ", ")
	}
	return out
}

// outcome is the short form of a replica's answer or stream event.
func outcome(kind, detail string) string {
	f := strings.Fields(detail)
	switch {
	case kind == "WATCH_ERROR" && len(f) > 1:
		return "ERROR " + f[1]
	case kind == "WATCH_END" && strings.Contains(detail, "reset"):
		return "reset"
	case kind == "WATCH_END":
		return "closed"
	case strings.Contains(detail, "refused"):
		return "refused"
	case len(f) > 0:
		return f[0]
	}
	return kind
}

// canonical is the request as compared: verb, the options a reflector
// chooses, and the timeout as a range check.
func canonical(verb, path string) string {
	_, query, _ := strings.Cut(path, "?")
	o, err := am.ParseListOptions(query)
	if err != nil {
		return verb + " " + path + " (unparsable: " + err.Error() + ")"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s rv=%q", verb, o.ResourceVersion)
	if verb == "LIST" {
		fmt.Fprintf(&b, " limit=%d", o.Limit)
		if o.Continue != "" {
			b.WriteString(" continue")
		}
	}
	if o.SendInitialEvents != nil {
		b.WriteString(" sendInitialEvents=" + strconv.FormatBool(*o.SendInitialEvents))
	}
	if o.ResourceVersionMatch != "" {
		b.WriteString(" rvMatch=" + o.ResourceVersionMatch)
	}
	if o.AllowWatchBookmarks {
		b.WriteString(" bookmarks")
	}
	if o.LabelSelector != "" {
		b.WriteString(" labels=" + o.LabelSelector)
	}
	if t := o.TimeoutSeconds; t != nil {
		if *t >= 300 && *t < 600 {
			b.WriteString(" timeout∈[300s,600s)")
		} else {
			fmt.Fprintf(&b, " timeout=%ds(outside [300s,600s))", *t)
		}
	}
	return b.String()
}

// gapLabel names the wait before a request: "at once" (under 100ms: the
// network round trip and nothing else) or the backoff window it falls in.
// client-go's windows tile the line: step k of the 800ms doubling backoff
// with jitter 1.0 is drawn from [0.8·2^k, 1.6·2^k) seconds.
func gapLabel(g time.Duration, first bool) string {
	switch {
	case first:
		return "first"
	case g < 100*time.Millisecond:
		return "at once"
	case g < 800*time.Millisecond:
		return fmt.Sprintf("after %.1fs (no backoff window)", g.Seconds())
	}
	k := math.Floor(math.Log2(g.Seconds() / 0.8))
	lo := 0.8 * math.Pow(2, k)
	return fmt.Sprintf("after [%gs,%gs)", lo, 2*lo)
}

func lines(cs []call) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Line
	}
	return out
}

// transcript is the printable form: time, gap and line per call.
func transcript(cs []call) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "  %9s  +%-7s  %s\n", engine.FormatTime(c.At), c.Gap.Round(time.Millisecond), c.Line)
	}
	return b.String()
}
