package reflector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// transport is the real client's http.RoundTripper. Every request becomes
// a hook for the driver, which sends it into the world and answers it
// from there; the REST client above it (rest.Request: query encoding,
// Retry-After retries, status decoding, the watch stream decoder) is the
// real one.
type transport struct {
	hooks  chan<- hook
	closed <-chan struct{}
}

// rtResult is what RoundTrip returns.
type rtResult struct {
	resp *http.Response
	err  error
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	reply := make(chan rtResult, 1)
	t.hooks <- hook{kind: hookRequest, req: req, reply: reply}
	select {
	case r := <-reply:
		return r.resp, r.err
	case <-req.Context().Done():
		return nil, req.Context().Err()
	case <-t.closed:
		return nil, io.ErrClosedPipe
	}
}

// toRequest turns the client's HTTP request into the simulation's:
// /api/v1[/namespaces/<ns>]/<resource>?<query>.
func toRequest(r *http.Request) (apiserver.Request, error) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/api/v1/"), "/")
	var req apiserver.Request
	switch {
	case len(parts) == 1:
		req.Resource = parts[0]
	case len(parts) == 3 && parts[0] == "namespaces":
		req.Namespace, req.Resource = parts[1], parts[2]
	default:
		return req, fmt.Errorf("unexpected path %q", r.URL.Path)
	}
	opts, err := am.ParseListOptions(r.URL.RawQuery)
	if err != nil {
		return req, err
	}
	req.Options = opts
	req.Verb = apiserver.LIST
	if opts.Watch {
		req.Verb = apiserver.WATCH
	}
	return req, nil
}

// listResponse is a LIST answer as the API server writes it: a PodList,
// or a Status with the error's code (and Retry-After when it has one).
func listResponse(resp apiserver.Response) rtResult {
	if resp.ConnErr != nil {
		return rtResult{err: netError(resp.ConnErr)}
	}
	if resp.Status != nil {
		return statusResponse(*resp.Status, resp.RetryAfter)
	}
	l := resp.List
	body := map[string]any{
		"kind": "PodList", "apiVersion": "v1",
		"metadata": am.ListMeta{ResourceVersion: l.ResourceVersion, Continue: l.Continue, RemainingItemCount: l.RemainingItemCount},
		"items":    l.Items,
	}
	if l.Items == nil {
		body["items"] = []*am.Object{}
	}
	b, err := json.Marshal(body)
	if err != nil {
		return rtResult{err: err}
	}
	return rtResult{resp: httpResponse(200, b, 0)}
}

// statusResponse is an error answer: the Status as JSON, the HTTP code
// and the Retry-After header.
func statusResponse(st am.Status, retryAfter int) rtResult {
	b, err := json.Marshal(st)
	if err != nil {
		return rtResult{err: err}
	}
	return rtResult{resp: httpResponse(int(st.Code), b, retryAfter)}
}

// errorResult is the answer to a watch refused before its stream opened.
func errorResult(err error) rtResult {
	if se, ok := err.(*am.StatusError); ok {
		return statusResponse(se.ErrStatus, se.RetryAfterSeconds())
	}
	return rtResult{err: netError(err)}
}

func httpResponse(code int, body []byte, retryAfter int) *http.Response {
	h := http.Header{"Content-Type": []string{"application/json"}}
	if retryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(retryAfter))
	}
	return &http.Response{StatusCode: code, Status: fmt.Sprintf("%d %s", code, http.StatusText(code)),
		Header: h, Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}
}

// netError is what Go's net stack reports for the simulation's connection
// failures: a dial refused (the replica is down) or a reset connection.
func netError(err error) error {
	if err == apiserver.ErrConnRefused || strings.Contains(err.Error(), "refused") {
		return &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	}
	return &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
}

// watchBody is an open watch's response body: the driver writes one JSON
// line per event into the pipe; Close (the client's w.Stop()) is reported
// to the driver so it stops the world's watch too.
type watchBody struct {
	*io.PipeReader
	bw    *bridgeWatch
	hooks chan<- hook
}

func (b *watchBody) Close() error {
	err := b.PipeReader.Close()
	b.hooks <- hook{kind: hookStopped, watch: b.bw}
	return err
}
