package apimachinery

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Status is metav1.Status, the body of every API error and the object of
// a watch ERROR event. Field order and omitempty rules follow the real
// type so that the JSON form is byte-for-byte what kube-apiserver sends.
type Status struct {
	Metadata ListMeta       `json:"metadata"`
	Status   string         `json:"status,omitempty"`
	Message  string         `json:"message,omitempty"`
	Reason   StatusReason   `json:"reason,omitempty"`
	Details  *StatusDetails `json:"details,omitempty"`
	Code     int32          `json:"code,omitempty"`
	// TooOld holds the watch cache's "too old resource version: N (M)" as
	// numbers, N asked for and M the oldest still served, for readers of
	// the simulation (the trace, the stage); the wire carries only the
	// message, as the real API server's does.
	TooOld [2]uint64 `json:"-"`
}

// ListMeta is metav1.ListMeta; a Status uses it to hand back a fresh
// continue token with the "continue parameter is too old" 410.
type ListMeta struct {
	ResourceVersion    string `json:"resourceVersion,omitempty"`
	Continue           string `json:"continue,omitempty"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
}

// StatusDetails is metav1.StatusDetails.
type StatusDetails struct {
	Name              string        `json:"name,omitempty"`
	Group             string        `json:"group,omitempty"`
	Kind              string        `json:"kind,omitempty"`
	UID               string        `json:"uid,omitempty"`
	Causes            []StatusCause `json:"causes,omitempty"`
	RetryAfterSeconds int32         `json:"retryAfterSeconds,omitempty"`
}

// StatusCause is metav1.StatusCause (its Type is serialized as "reason").
type StatusCause struct {
	Type    CauseType `json:"reason,omitempty"`
	Message string    `json:"message,omitempty"`
	Field   string    `json:"field,omitempty"`
}

// StatusReason is metav1.StatusReason.
type StatusReason string

// CauseType is metav1.CauseType.
type CauseType string

// The reasons and cause types the simulation produces.
const (
	StatusFailure = "Failure"

	StatusReasonExpired         StatusReason = "Expired"
	StatusReasonTimeout         StatusReason = "Timeout"
	StatusReasonTooManyRequests StatusReason = "TooManyRequests"
	StatusReasonNotFound        StatusReason = "NotFound"
	StatusReasonBadRequest      StatusReason = "BadRequest"
	StatusReasonInvalid         StatusReason = "Invalid"
	StatusReasonInternalError   StatusReason = "InternalError"
	StatusReasonServiceUnavail  StatusReason = "ServiceUnavailable"

	CauseTypeResourceVersionTooLarge CauseType = "ResourceVersionTooLarge"
)

// MarshalJSON writes kind and apiVersion first, as the API server does:
//
//	{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",...}
func (s Status) MarshalJSON() ([]byte, error) {
	type plain Status
	body, err := json.Marshal(plain(s))
	if err != nil {
		return nil, err
	}
	out := []byte(`{"kind":"Status","apiVersion":"v1",`)
	return append(out, body[1:]...), nil
}

// String is the one text form: "410 Expired: too old resource version: 5 (10)".
func (s Status) String() string {
	return strconv.Itoa(int(s.Code)) + " " + string(s.Reason) + ": " + s.Message
}

// StatusError is an error carrying a Status, as apierrors.StatusError.
type StatusError struct {
	ErrStatus Status
}

// Error returns the status message, as the real type does.
func (e *StatusError) Error() string { return e.ErrStatus.Message }

// Status returns the carried status.
func (e *StatusError) Status() Status { return e.ErrStatus }

// RetryAfterSeconds returns details.retryAfterSeconds, 0 when absent.
func (e *StatusError) RetryAfterSeconds() int {
	if e.ErrStatus.Details == nil {
		return 0
	}
	return int(e.ErrStatus.Details.RetryAfterSeconds)
}

func newStatusError(code int32, reason StatusReason, msg string) *StatusError {
	return &StatusError{Status{Status: StatusFailure, Code: code, Reason: reason, Message: msg}}
}

// ReasonOf returns the reason of a *StatusError, "" for other errors.
func ReasonOf(err error) StatusReason {
	if se, ok := err.(*StatusError); ok {
		return se.ErrStatus.Reason
	}
	return ""
}

// CodeOf returns the HTTP code of a *StatusError, 0 for other errors.
func CodeOf(err error) int32 {
	if se, ok := err.(*StatusError); ok {
		return se.ErrStatus.Code
	}
	return 0
}

// IsResourceExpired reports a 410 Expired (apierrors.IsResourceExpired).
func IsResourceExpired(err error) bool { return ReasonOf(err) == StatusReasonExpired }

// IsTooLargeResourceVersion reports the 504 whose cause is
// ResourceVersionTooLarge (apierrors.IsTooLargeResourceVersion).
func IsTooLargeResourceVersion(err error) bool {
	se, ok := err.(*StatusError)
	if !ok || se.ErrStatus.Details == nil {
		return false
	}
	for _, c := range se.ErrStatus.Details.Causes {
		if c.Type == CauseTypeResourceVersionTooLarge {
			return true
		}
	}
	return false
}

// IsTooManyRequests reports a 429.
func IsTooManyRequests(err error) bool { return CodeOf(err) == 429 }

// IsNotFound reports a 404 NotFound.
func IsNotFound(err error) bool { return ReasonOf(err) == StatusReasonNotFound }

func errorf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
