package apiserver

import (
	"strconv"

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
func (r Request) String() string { return string(r.AppendText(nil)) }

// AppendText appends the String form to b. The engine traces every
// request (about two thousand a second at 5,000 nodes) into one reused
// buffer through it, instead of concatenating a dozen small strings.
func (r Request) AppendText(b []byte) []byte {
	b = strconv.AppendUint(append(b, '#'), r.ID, 10)
	b = append(append(b, ' '), r.Client...)
	b = append(append(b, ' '), r.Verb...)
	return r.appendPath(append(b, ' '))
}

// Path is the request URL path and query, as the API server logs it.
func (r Request) Path() string { return string(r.appendPath(nil)) }

// appendPath appends Path's text to b.
func (r Request) appendPath(b []byte) []byte {
	res, ok := am.LookupResource(r.Resource)
	if ok && res.Group != "" {
		b = append(append(append(append(b, "/apis/"...), res.Group...), '/'), res.Version...)
	} else {
		b = append(b, "/api/v1"...)
	}
	if r.Namespace != "" {
		b = append(append(b, "/namespaces/"...), r.Namespace...)
	}
	b = append(append(b, '/'), r.Resource...)
	if r.Name != "" {
		b = append(append(b, '/'), r.Name...)
	}
	if r.Verb != LIST && r.Verb != WATCH && r.Verb != GET {
		return b // writes print no query
	}
	opts := r.Options
	if r.Verb == WATCH {
		opts.Watch = true
	}
	if q := opts.Query(); q != "" {
		b = append(append(b, '?'), q...)
	}
	return b
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
	// FlowSchema and PriorityLevel are what APF classified the request
	// as (the X-Kubernetes-PF-* headers name them by UID; the API server's
	// "HTTP" log line by name, as apf_fs and apf_pl); Seats is its work
	// estimate (apf_iseats). Empty with APF disabled.
	FlowSchema, PriorityLevel string
	Seats                     int
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
func (r Response) String() string { return string(r.AppendText(nil)) }

// AppendText appends the String form to b (see Request.AppendText).
func (r Response) AppendText(b []byte) []byte {
	switch {
	case r.ConnErr != nil:
		return append(append(b, "error: "...), r.ConnErr.Error()...)
	case r.Status != nil:
		b = append(b, r.Status.String()...)
		if r.RetryAfter > 0 {
			b = append(strconv.AppendInt(append(b, " retry-after="...), int64(r.RetryAfter), 10), 's')
		}
	case r.List != nil:
		b = strconv.AppendInt(b, int64(r.Code), 10)
		b = strconv.AppendInt(append(b, ' '), int64(len(r.List.Items)), 10)
		b = append(append(b, " items rv="...), r.List.ResourceVersion...)
	case r.Object != nil:
		b = appendObject(append(strconv.AppendInt(b, int64(r.Code), 10), ' '), r.Object)
	default:
		b = strconv.AppendInt(b, int64(r.Code), 10)
	}
	if r.Route != "" {
		b = append(append(append(b, " ("...), r.Route...), ')')
	}
	return b
}

// appendObject appends o's am.Object.String text, "Pod ns/name@42"
// (a test keeps the two the same).
func appendObject(b []byte, o *am.Object) []byte {
	b = append(append(b, o.Kind...), ' ')
	if o.Namespace != "" {
		b = append(append(b, o.Namespace...), '/')
	}
	return append(append(append(b, o.Name...), '@'), o.ResourceVersion...)
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
