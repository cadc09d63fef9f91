package apiserver

// droppedRequestsStats is the per-priority-level Retry-After tracker of
// APF (pkg/util/flowcontrol/dropped_requests_tracker.go). Time is in whole
// seconds of virtual time, as the real one uses Unix seconds.
//
//	drops per second:  [t-3: 4] [t-2: 9] [t-1: 7] [t: 2]     retryAfter = 2
//	                    \______ window: the last retryAfter seconds ______/
//
// After each drop: if the window (not older than the last change) holds
// at least 3*retryAfter drops, retryAfter doubles (max 32); if a full
// retryAfter seconds passed since the last change with fewer than
// retryAfter drops, it steps down by 1 (min 1). The client is told the
// value current after its own drop was recorded.
type droppedRequestsStats struct {
	history          []unixStat
	retryAfter       int64
	retryAfterUpdate int64
}

type unixStat struct {
	unixTime, requests int64
}

// maxRetryAfter caps the Retry-After of APF rejections (32s).
const maxRetryAfter = 32

func newDroppedRequestsStats(now int64) *droppedRequestsStats {
	return &droppedRequestsStats{retryAfter: 1, retryAfterUpdate: now}
}

// recordDroppedRequest counts one drop at unixTime and updates retryAfter.
func (s *droppedRequestsStats) recordDroppedRequest(unixTime int64) {
	if n := len(s.history); n > 0 && s.history[n-1].unixTime == unixTime {
		s.history[n-1].requests++
	} else {
		s.history = append(s.history, unixStat{unixTime: unixTime, requests: 1})
	}
	// forget what no window can reach any more
	for len(s.history) > 0 && unixTime-s.history[0].unixTime > maxRetryAfter {
		s.history = s.history[1:]
	}
	s.updateRetryAfter(unixTime)
}

func (s *droppedRequestsStats) updateRetryAfter(unixTime int64) {
	retryAfter := s.retryAfter
	var dropped int64
	for i := len(s.history) - 1; i >= 0; i-- {
		if unixTime-s.history[i].unixTime > retryAfter || s.history[i].unixTime < s.retryAfterUpdate {
			break
		}
		dropped += s.history[i].requests
	}
	if unixTime-s.retryAfterUpdate >= retryAfter && dropped < retryAfter {
		if retryAfter > 1 {
			s.retryAfter, s.retryAfterUpdate = retryAfter-1, unixTime
		}
		return
	}
	if dropped >= 3*retryAfter && retryAfter < maxRetryAfter {
		s.retryAfter, s.retryAfterUpdate = min(2*retryAfter, maxRetryAfter), unixTime
	}
}
