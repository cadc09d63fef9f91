package apiserver

import am "watchscope/apimachinery"

// maxInFlight is the filter used when APF is disabled
// (pkg/server/filters/maxinflight.go): two counters, read-only (400) and
// mutating (200). Long-running requests (watches) are not counted. A
// request that finds its pool full is rejected at once with 429 and a
// fixed Retry-After of 1 second; nothing queues.
type maxInFlight struct {
	readOnly, mutating       int
	readLimit, mutatingLimit int
	droppedReadOnly          int64
	droppedMutating          int64
}

func (m *maxInFlight) admit(c *call) error {
	switch {
	case c.req.Verb == WATCH:
		return nil
	case c.req.Verb.mutating():
		if m.mutating >= m.mutatingLimit {
			m.droppedMutating++
			return am.NewAPFRejected(1)
		}
		m.mutating++
	default:
		if m.readOnly >= m.readLimit {
			m.droppedReadOnly++
			return am.NewAPFRejected(1)
		}
		m.readOnly++
	}
	return nil
}

func (m *maxInFlight) release(c *call) {
	switch {
	case c.req.Verb == WATCH:
	case c.req.Verb.mutating():
		m.mutating--
	default:
		m.readOnly--
	}
}
