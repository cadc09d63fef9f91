package apiserver

import (
	"errors"
	"fmt"
	"strings"

	am "watchscope/apimachinery"
)

// Errors of the request layer with kube-apiserver's texts. The ones
// apimachinery already has (410, 429, 504, 404 for an object) are used
// from there; these are the request layer's own.

// MsgNotFoundResource is the body of the mux's 404 for a path no API
// group serves (genericapiserver's NotFound handler).
const MsgNotFoundResource = "the server could not find the requested resource"

// ErrConnRefused is what a client sees while the replica's process is
// down (OOMKilled, restarting): nothing listens on the port.
var ErrConnRefused = errors.New("connect: connection refused")

// ErrConnReset is what a client sees when the replica dies mid-request or
// mid-watch: the kernel resets its connections.
var ErrConnReset = errors.New("read: connection reset by peer")

func newStatus(code int32, reason am.StatusReason, msg string) *am.StatusError {
	return &am.StatusError{ErrStatus: am.Status{Status: am.StatusFailure, Code: code, Reason: reason, Message: msg}}
}

// newNotFoundResource is the 404 for an unknown resource.
func newNotFoundResource() *am.StatusError {
	e := newStatus(404, am.StatusReasonNotFound, MsgNotFoundResource)
	e.ErrStatus.Details = &am.StatusDetails{}
	return e
}

// newAlreadyExists is apierrors.NewAlreadyExists: `pods "nginx" already exists`.
func newAlreadyExists(r am.Resource, name string) *am.StatusError {
	e := newStatus(409, "AlreadyExists", fmt.Sprintf("%s %q already exists", r.GroupResource(), name))
	e.ErrStatus.Details = &am.StatusDetails{Name: name, Group: r.Group, Kind: r.Resource}
	return e
}

// newConflict is the 409 of a resourceVersion precondition that failed
// (apierrors.NewConflict with registry.OptimisticLockErrorMsg).
func newConflict(r am.Resource, name string) *am.StatusError {
	e := newStatus(409, "Conflict", fmt.Sprintf("Operation cannot be fulfilled on %s %q: "+
		"the object has been modified; please apply your changes to the latest version and try again",
		r.GroupResource(), name))
	e.ErrStatus.Details = &am.StatusDetails{Name: name, Group: r.Group, Kind: r.Resource}
	return e
}

// newInvalidListOptions is the 422 for ListOptions that fail validation
// (metainternalversion validation, wrapped by errors.NewInvalid): one
// field error prints alone, several as a bracketed list. Each error
// ("field: Forbidden: ...") is also a cause in the details, with the
// field and the rest apart, which is what kubectl prints from.
func newInvalidListOptions(errs []string) *am.StatusError {
	body := errs[0]
	if len(errs) > 1 {
		body = "[" + strings.Join(errs, ", ") + "]"
	}
	e := newStatus(422, "Invalid", fmt.Sprintf("ListOptions.meta.k8s.io %q is invalid: %s", "", body))
	e.ErrStatus.Details = &am.StatusDetails{Group: "meta.k8s.io", Kind: "ListOptions"}
	for _, err := range errs {
		field, msg, _ := strings.Cut(err, ": ")
		e.ErrStatus.Details.Causes = append(e.ErrStatus.Details.Causes, am.StatusCause{Type: fieldCause(msg), Message: msg, Field: field})
	}
	return e
}

// fieldCause is the cause type of a field error by its text
// (field.ErrorType's String forms).
func fieldCause(msg string) am.CauseType {
	for _, c := range []struct{ prefix, cause string }{
		{"Forbidden", "FieldValueForbidden"}, {"Required value", "FieldValueRequired"},
		{"Unsupported value", "FieldValueNotSupported"}, {"Invalid value", "FieldValueInvalid"},
	} {
		if strings.HasPrefix(msg, c.prefix) {
			return am.CauseType(c.cause)
		}
	}
	return "FieldValueInvalid"
}

// newMethodNotSupported is the 405 for a verb the resource path does not
// take (a collection DELETE, a named LIST).
func newMethodNotSupported(r am.Resource, verb Verb) *am.StatusError {
	return newStatus(405, "MethodNotAllowed", fmt.Sprintf("%s is not supported on resources of kind %q", verb, r.Resource))
}

// newStorageError is the 500 for an etcd failure the storage layer does
// not interpret (NOSPACE, request too large, ...): the message is etcd's.
// newStorageError passes an etcd error through the way kube-apiserver's
// ErrorToAPIStatus does for an error that is not already a Status: code
// 500, reason Unknown (empty), etcd's own message — which is why kubectl
// prints "Error from server: etcdserver: request is too large".
func newStorageError(err error) *am.StatusError {
	return newStatus(500, "", err.Error())
}

// asStatus wraps any error as a *StatusError (500 for unknown ones).
func asStatus(err error) *am.StatusError {
	var se *am.StatusError
	if errors.As(err, &se) {
		return se
	}
	return newStatus(500, am.StatusReasonInternalError, err.Error())
}
