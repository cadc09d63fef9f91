package apimachinery

import "fmt"

// Messages quoted from kube-apiserver (FIDELITY B2, B3, C4, C6, C11, D).
const (
	MsgListTooOld  = "The resourceVersion for the provided list is too old."
	MsgWatchTooOld = "The resourceVersion for the provided watch is too old."
	// MsgInconsistentContinue is the 410 for a continue token whose
	// revision etcd has compacted away; the Status carries a fresh token
	// (rv -1, "continue at the latest revision").
	MsgInconsistentContinue = "The provided continue parameter is too old " +
		"to display a consistent list result. You can start a new list without " +
		"the continue parameter, or use the continue token in this response to " +
		"retrieve the remainder of the results. Continuing with the provided " +
		"token results in an inconsistent list - objects that were created, " +
		"modified, or deleted between the time the first chunk was returned " +
		"and now may show up in the list."
	// MsgStorageInitializing is the cacher's not-ready error (C11).
	MsgStorageInitializing = "storage is (re)initializing"
	// MsgTooManyRequests is the body of an APF / max-in-flight rejection.
	MsgTooManyRequests = "Too many requests, please try again later."
	// MsgTooLargeRVCause is the cause message of the 504 (C6).
	MsgTooLargeRVCause = "Too large resource version"
)

// NewResourceExpired is apierrors.NewResourceExpired: 410, reason Expired.
func NewResourceExpired(msg string) *StatusError {
	return newStatusError(410, StatusReasonExpired, msg)
}

// NewTooOldResourceVersion is the watch cache's 410 (C4): requested RV n,
// m = the oldest RV still watchable (oldest buffered event - 1).
func NewTooOldResourceVersion(n, m uint64) *StatusError {
	e := NewResourceExpired(errorf("too old resource version: %d (%d)", n, m))
	e.ErrStatus.TooOld = [2]uint64{n, m}
	return e
}

// NewListTooOld is etcd3's 410 for a LIST at a compacted revision.
func NewListTooOld() *StatusError { return NewResourceExpired(MsgListTooOld) }

// NewWatchTooOld is etcd3's 410 for a watch from a compacted revision.
func NewWatchTooOld() *StatusError { return NewResourceExpired(MsgWatchTooOld) }

// NewContinueTooOld is the 410 for a paged LIST whose continue revision
// was compacted; newToken lets the client continue at the latest revision.
func NewContinueTooOld(newToken string) *StatusError {
	e := NewResourceExpired(MsgInconsistentContinue)
	e.ErrStatus.Metadata.Continue = newToken
	return e
}

// NewTimeoutError is apierrors.NewTimeoutError: 504, reason Timeout,
// message "Timeout: <msg>".
func NewTimeoutError(msg string, retryAfterSeconds int) *StatusError {
	e := newStatusError(504, StatusReasonTimeout, "Timeout: "+msg)
	e.ErrStatus.Details = &StatusDetails{RetryAfterSeconds: int32(retryAfterSeconds)}
	return e
}

// NewTooLargeResourceVersion is storage.NewTooLargeResourceVersionError:
// the 504 after a freshness wait of 3s ran out (C6).
func NewTooLargeResourceVersion(requested, current uint64, retrySeconds int) *StatusError {
	e := NewTimeoutError(errorf("Too large resource version: %d, current: %d", requested, current), retrySeconds)
	e.ErrStatus.Details.Causes = []StatusCause{{Type: CauseTypeResourceVersionTooLarge, Message: MsgTooLargeRVCause}}
	return e
}

// NewTooManyRequests is apierrors.NewTooManyRequests: 429 with
// details.retryAfterSeconds (and a Retry-After header).
func NewTooManyRequests(msg string, retryAfterSeconds int) *StatusError {
	e := newStatusError(429, StatusReasonTooManyRequests, msg)
	e.ErrStatus.Details = &StatusDetails{RetryAfterSeconds: int32(retryAfterSeconds)}
	return e
}

// NewStorageInitializing is the 429 a not-ready cacher answers (C11).
func NewStorageInitializing(retryAfterSeconds int) *StatusError {
	return NewTooManyRequests(MsgStorageInitializing, retryAfterSeconds)
}

// NewAPFRejected is the 429 of API Priority and Fairness (D). The real
// server writes it as plain text; client-go turns it into a Status with
// this message and reason.
func NewAPFRejected(retryAfterSeconds int) *StatusError {
	return NewTooManyRequests(MsgTooManyRequests, retryAfterSeconds)
}

// NewNotFound is apierrors.NewNotFound: `pods "nginx" not found`.
func NewNotFound(r Resource, name string) *StatusError {
	e := newStatusError(404, StatusReasonNotFound, errorf("%s %q not found", r.GroupResource(), name))
	e.ErrStatus.Details = &StatusDetails{Name: name, Group: r.Group, Kind: r.Resource}
	return e
}

// NewBadRequest is apierrors.NewBadRequest: 400, reason BadRequest.
func NewBadRequest(msg string) *StatusError {
	return newStatusError(400, StatusReasonBadRequest, msg)
}

// NewInvalidResourceVersion is the error for a resourceVersion that is not
// a number, as kube-apiserver 1.36 gives it: a LIST's is 400 "invalid
// resource version: " and the field error; a GET's or WATCH's is the field
// error alone as a 500 with no reason (the conversion error is not a
// Status, so the handler wraps it as an internal error with its text).
func NewInvalidResourceVersion(rv string, list bool) *StatusError {
	field := fmt.Sprintf("resourceVersion: Invalid value: %q: strconv.ParseUint: parsing %q: invalid syntax", rv, rv)
	if list {
		return NewBadRequest("invalid resource version: " + field)
	}
	return newStatusError(500, "", field)
}
