package apiserver

import (
	"fmt"
	"strconv"
	"strings"

	am "watchscope/apimachinery"
)

// Verb is the request verb as kube-apiserver's RequestInfo names it
// (upper-cased the way apiserver_request_total prints it).
type Verb string

// The verbs the simulation serves.
const (
	GET    Verb = "GET"
	LIST   Verb = "LIST"
	WATCH  Verb = "WATCH"
	CREATE Verb = "CREATE"
	UPDATE Verb = "UPDATE"
	DELETE Verb = "DELETE"
)

// mutating reports whether the verb writes (max-in-flight's mutating pool).
func (v Verb) mutating() bool { return v == CREATE || v == UPDATE || v == DELETE }

// Request is one HTTP request, as data. Client is the node that sent it;
// it is also the APF flow distinguisher (the real one is the user name or
// the namespace, chosen by the FlowSchema) and, through its name, the
// user the default classifier infers (see Classify).
type Request struct {
	ID        uint64
	Client    string
	Verb      Verb
	Resource  string // "pods", "leases", "deployments.apps"
	Namespace string
	Name      string
	Options   am.ListOptions
	Body      *am.Object
}

// String is the one text form of a request, as a trace line shows it:
//
//	#7 kubelet-3 LIST /api/v1/pods?limit=500&resourceVersion=0
func (r Request) String() string {
	return "#" + strconv.FormatUint(r.ID, 10) + " " + r.Client + " " + string(r.Verb) + " " + r.Path()
}

// Path is the request URL path and query, as the API server logs it.
func (r Request) Path() string {
	res, ok := am.LookupResource(r.Resource)
	var b strings.Builder
	if ok && res.Group != "" {
		b.WriteString("/apis/" + res.Group + "/" + res.Version)
	} else {
		b.WriteString("/api/v1")
	}
	if r.Namespace != "" {
		b.WriteString("/namespaces/" + r.Namespace)
	}
	b.WriteString("/" + r.Resource)
	if r.Name != "" {
		b.WriteString("/" + r.Name)
	}
	opts := r.Options
	if r.Verb == WATCH {
		opts.Watch = true
	}
	if q := opts.Query(); q != "" && (r.Verb == LIST || r.Verb == WATCH || r.Verb == GET) {
		b.WriteString("?" + q)
	}
	return b.String()
}

// Response is the answer to a non-WATCH request (and to a WATCH refused
// before its stream opened). Code is the HTTP status; Status is set for
// every error; Object for GET and writes, List for LIST. RetryAfter is the
// Retry-After header in seconds (0: none). SizeBytes is the body size the
// network and memory models use. ConnErr is set instead of a Code when no
// HTTP answer came at all (the replica was down or died mid-request).
type Response struct {
	ID         uint64
	Replica    string
	Code       int32
	Status     *am.Status
	Object     *am.Object
	List       *am.List
	RetryAfter int
	SizeBytes  int
	ConnErr    error
	// Route tells how the request was served, for the trace ("cache",
	// "etcd", "cache-consistent", "etcd-fallback", "apf-rejected"...).
	Route string
}

// Err returns the response's error: the *am.StatusError of a failed
// request, ConnErr when no answer came, nil on success.
func (r Response) Err() error {
	if r.ConnErr != nil {
		return r.ConnErr
	}
	if r.Status != nil {
		return &am.StatusError{ErrStatus: *r.Status}
	}
	return nil
}

// String is the one text form: "200 LIST 150 items rv=42 (cache)",
// "429 TooManyRequests: ... retry-after=1s".
func (r Response) String() string {
	switch {
	case r.ConnErr != nil:
		return "error: " + r.ConnErr.Error()
	case r.Status != nil:
		s := r.Status.String()
		if r.RetryAfter > 0 {
			s += fmt.Sprintf(" retry-after=%ds", r.RetryAfter)
		}
		return s + routeSuffix(r.Route)
	case r.List != nil:
		return fmt.Sprintf("%d %d items rv=%s%s", r.Code, len(r.List.Items), r.List.ResourceVersion, routeSuffix(r.Route))
	case r.Object != nil:
		return fmt.Sprintf("%d %s%s", r.Code, r.Object, routeSuffix(r.Route))
	}
	return fmt.Sprintf("%d%s", r.Code, routeSuffix(r.Route))
}

func routeSuffix(route string) string {
	if route == "" {
		return ""
	}
	return " (" + route + ")"
}

// errorResponse turns a status error into a Response.
func errorResponse(id uint64, err error) Response {
	se := asStatus(err)
	st := se.ErrStatus
	return Response{ID: id, Code: st.Code, Status: &st, RetryAfter: se.RetryAfterSeconds(), SizeBytes: statusBytes}
}

// statusBytes is the size of a Status body on the wire (about 250 bytes
// of JSON); an assumption, used only by the network model.
const statusBytes = 256
