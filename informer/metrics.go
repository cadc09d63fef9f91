package informer

import (
	"fmt"
	"strings"
	"time"
)

// CallKind separates the three request shapes a reflector sends.
type CallKind int

// The request shapes.
const (
	KindList      CallKind = iota // LIST (one per page)
	KindWatch                     // plain WATCH
	KindWatchList                 // WATCH sendInitialEvents=true (watch-list)
)

func (k CallKind) String() string { return [...]string{"LIST", "WATCH", "WATCHLIST"}[k] }

func kindOf(c Call) CallKind {
	switch {
	case c.Verb == VerbList:
		return KindList
	case c.Options.SendInitialEvents != nil && *c.Options.SendInitialEvents:
		return KindWatchList
	}
	return KindWatch
}

// ReflectorMetrics counts what one reflector did, for the UI.
type ReflectorMetrics struct {
	// Calls counts requests sent (REST retries included) by shape and
	// by resourceVersion kind.
	Calls [3][3]int
	// ListAndWatchRuns counts entries into ListAndWatch; Relists is the
	// same minus the first.
	ListAndWatchRuns, Relists int
	// Errors seen, by kind.
	Expired410, TooLargeRV, TooManyRequests429, OtherErrors int
	VeryShortWatches, WatchListFallbacks                    int
	// BackoffWaits counts delay() waits (run loop and 429 retries);
	// BackoffTotal sums them; LastBackoff is the latest.
	BackoffWaits              int
	BackoffTotal, LastBackoff time.Duration
	// RESTRetries counts requests re-sent by the REST layer after a
	// Retry-After.
	RESTRetries int
	// NormalCloses counts watches that ended cleanly and were re-opened
	// from the last RV without a relist.
	NormalCloses int
	// Events by watch event type, and resyncs triggered.
	Added, Modified, Deleted, Bookmarks, Resyncs int
	// StaleAnswers counts answers for calls the reflector had abandoned.
	StaleAnswers int
	// WatchListWarnings counts "hasn't received required bookmark" lines.
	WatchListWarnings int
}

// TotalCalls is the sum over Calls.
func (m *ReflectorMetrics) TotalCalls() int {
	n := 0
	for _, row := range m.Calls {
		for _, c := range row {
			n += c
		}
	}
	return n
}

// String is a compact one-line summary.
func (m *ReflectorMetrics) String() string {
	var b strings.Builder
	for k := range 3 {
		for rv := range 3 {
			if c := m.Calls[k][rv]; c > 0 {
				fmt.Fprintf(&b, "%s %s=%d ", CallKind(k), RVKind(rv), c)
			}
		}
	}
	fmt.Fprintf(&b, "relists=%d 410=%d 429=%d backoffs=%d(%v) restRetries=%d shortWatches=%d",
		m.Relists, m.Expired410, m.TooManyRequests429, m.BackoffWaits, m.BackoffTotal, m.RESTRetries, m.VeryShortWatches)
	return b.String()
}
