package informer

import (
	"errors"
	"fmt"
	"strings"

	am "watchscope/apimachinery"
)

// ErrConnectionRefused stands for a dial error ("connect: connection
// refused"): the glue hands it to OnWatchStarted or OnListResult when the
// API server cannot be reached. Like a 429, the reflector retries a watch
// that failed this way after a backoff, without relisting.
var ErrConnectionRefused = errors.New("dial tcp: connect: connection refused")

// VeryShortWatchError is returned when a watch closes within one second of
// being requested without having delivered a single event.
type VeryShortWatchError struct {
	Name string // the reflector's name
}

func (e *VeryShortWatchError) Error() string {
	return fmt.Sprintf("very short watch: %s: Unexpected watch close - "+
		"watch lasted less than a second and no items received", e.Name)
}

// isExpiredError is a 410 with reason Expired, or Gone (pre-1.18 servers).
func isExpiredError(err error) bool {
	return am.IsResourceExpired(err) || am.ReasonOf(err) == "Gone"
}

// isTooLargeResourceVersionError is the 504 whose cause says the requested
// RV is newer than the server knows, or (old servers) a Timeout carrying
// the "Too large resource version" message.
func isTooLargeResourceVersionError(err error) bool {
	if am.IsTooLargeResourceVersion(err) {
		return true
	}
	var se *am.StatusError
	if !errors.As(err, &se) || se.ErrStatus.Reason != am.StatusReasonTimeout || se.ErrStatus.Details == nil {
		return false
	}
	for _, c := range se.ErrStatus.Details.Causes {
		if c.Message == am.MsgTooLargeRVCause {
			return true
		}
	}
	return strings.Contains(se.ErrStatus.Message, am.MsgTooLargeRVCause)
}

// isWatchErrorRetriable: connection refused or 429 mean "the server is
// busy, not that our state is stale" - retry the watch, do not relist.
func isWatchErrorRetriable(err error) bool {
	return errors.Is(err, ErrConnectionRefused) || am.IsTooManyRequests(err)
}

// restRetryAfter reports whether rest.Request would retry this response
// by itself (checkWait: a 429 or any 5xx carrying Retry-After) and how
// long it waits first.
func restRetryAfter(err error) (seconds int, ok bool) {
	var se *am.StatusError
	if !errors.As(err, &se) {
		return 0, false
	}
	code := se.ErrStatus.Code
	if code != 429 && code < 500 {
		return 0, false
	}
	s := se.RetryAfterSeconds()
	return s, s > 0
}

// statusOf is the facts of a line that reports err: its API status code,
// reason and too-old RVs (nothing for an error that is not an API status).
func statusOf(err error) Decision {
	var se *am.StatusError
	if errors.As(err, &se) {
		return Decision{Code: se.ErrStatus.Code, Reason: string(se.ErrStatus.Reason), TooOld: se.ErrStatus.TooOld}
	}
	return Decision{}
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	var se *am.StatusError
	if errors.As(err, &se) {
		return se.ErrStatus.String()
	}
	return err.Error()
}
