//go:build !js

package recorder

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"watchscope/recording"
)

// fakeServer answers as a kube-apiserver would for an account that may
// read pods but not /metrics, and (with forbidPods) not pods either.
func fakeServer(t *testing.T, forbidPods bool) string {
	return fakeServerWith(t, forbidPods, nil)
}

// fakeServerWith is fakeServer with pods answered by pods, when not nil.
func fakeServerWith(t *testing.T, forbidPods bool, pods http.HandlerFunc) string {
	forbidden := func(w http.ResponseWriter, what string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprintf(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":%q,"reason":"Forbidden","code":403}`, what)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/version", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"gitVersion":"v1.36.5","platform":"linux/amd64"}`)
	})
	mux.HandleFunc("/api", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"kind":"APIVersions","versions":["v1"]}`)
	})
	mux.HandleFunc("/apis", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"kind":"APIGroupList","apiVersion":"v1","groups":[]}`)
	})
	mux.HandleFunc("/api/v1", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["get","list","watch"],"shortNames":["po"]}]}`)
	})
	mux.HandleFunc("/api/v1/pods", func(w http.ResponseWriter, r *http.Request) {
		switch {
		case pods != nil:
			pods(w, r)
		case forbidPods:
			forbidden(w, `pods is forbidden: User "viewer" cannot list resource "pods" in API group "" at the cluster scope`)
		case r.URL.Query().Get("watch") == "true":
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		default:
			fmt.Fprint(w, `{"kind":"PodList","metadata":{"resourceVersion":"5"},"items":[]}`)
		}
	})
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, r *http.Request) {
		forbidden(w, `forbidden: User "viewer" cannot get path "/metrics"`)
	})
	srv := httptest.NewTLSServer(mux)
	t.Cleanup(srv.Close)
	kc := filepath.Join(t.TempDir(), "kubeconfig")
	os.WriteFile(kc, []byte(`apiVersion: v1
kind: Config
clusters:
- name: c
  cluster: {server: "`+srv.URL+`", insecure-skip-tls-verify: true}
users:
- name: u
  user: {token: t}
contexts:
- name: c
  context: {cluster: c, user: u}
current-context: c
`), 0o600)
	return kc
}

// A resource the account may not list is one line before anything is
// recorded.
func TestForbiddenResourceIsOneLine(t *testing.T) {
	conn, err := Connect(fakeServer(t, true), "")
	if err != nil {
		t.Fatal(err)
	}
	err = New(conn, Config{Resources: []string{"po"}, For: time.Second, Progress: &bytes.Buffer{}}).Start(context.Background())
	want := `forbidden: this account may not list pods (pods is forbidden: User "viewer" cannot list resource "pods" in API group "" at the cluster scope); ask for list and watch on it, or leave it out of --resources`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

// Without /metrics the recorder says so once and records on: the list
// and the watch are there, the window is unknown.
func TestNoMetricsIsOneNote(t *testing.T) {
	conn, err := Connect(fakeServer(t, false), "")
	if err != nil {
		t.Fatal(err)
	}
	var progress, out bytes.Buffer
	if err := New(conn, Config{Resources: []string{"pods"}, For: 1500 * time.Millisecond, Progress: &progress}).Run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(progress.String(), "cannot read /metrics"); n != 1 {
		t.Errorf("%d notes about /metrics:\n%s", n, progress.String())
	}
	rec, err := recording.Parse("x", out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	s := rec.Summary()
	if rec.Header.Server != "v1.36.5" || len(s) != 1 || s[0].Name != "pods" || s[0].Lists != 1 || s[0].HasWindow() ||
		rec.Records[len(rec.Records)-1].Kind != recording.KindEnd {
		t.Errorf("recording %+v\nsummary %+v", rec, s)
	}
}

// After a watch's ERROR 410, a re-LIST at the last RV that is 410 too is
// followed at once by a consistent LIST (resourceVersion ""), then a
// watch from its RV: client-go's Reflector marks the RV unavailable. A
// recorder that watched from the stale RV again would loop on 410s.
func TestGoneRelistReadsFromEtcd(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	gone := func(w http.ResponseWriter) {
		w.WriteHeader(http.StatusGone)
		fmt.Fprint(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"too old resource version: 5 (9)","reason":"Expired","code":410}`)
	}
	pods := func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		verb := "LIST"
		if q.Get("watch") == "true" {
			verb = "WATCH"
		}
		mu.Lock()
		asked = append(asked, verb+" rv="+q.Get("resourceVersion"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch rv := q.Get("resourceVersion"); {
		case verb == "WATCH" && rv == "5":
			fmt.Fprint(w, `{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","status":"Failure","message":"too old resource version: 5 (9)","reason":"Expired","code":410}}`+"\n")
		case verb == "WATCH":
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		case rv == "0":
			fmt.Fprint(w, `{"kind":"PodList","metadata":{"resourceVersion":"5"},"items":[]}`)
		case rv == "5":
			gone(w)
		default:
			fmt.Fprint(w, `{"kind":"PodList","metadata":{"resourceVersion":"9"},"items":[]}`)
		}
	}
	recordFor(t, pods, 4*time.Second)
	mu.Lock()
	defer mu.Unlock()
	// The first LIST is the recorder's check that the account may list.
	want := []string{"LIST rv=", "LIST rv=0", "WATCH rv=5", "LIST rv=5", "LIST rv=", "WATCH rv=9"}
	if len(asked) != len(want) || strings.Join(asked, ", ") != strings.Join(want, ", ") {
		t.Errorf("requests %q, want %q", asked, want)
	}
}

// What the Reflector does after each kind of failed WATCH or LIST, as
// client-go 1.36's reflector.go decides it: a WATCH refused with 429 is
// sent again (isWatchErrorRetriable); one refused with a 500 ends
// ListAndWatch, which re-LISTs at the last RV; a LIST at an RV newer than
// the server has seen (504, cause ResourceVersionTooLarge) is asked again
// at once with resourceVersion "", as for a 410. The fake server sends no
// Retry-After, so these are what the Reflector sees once its REST client
// has given up (a real server's 429 and 504 carry one: the REST client
// first tries again, TestRetryAfterIsTheRESTClients).
func TestWatchErrorsAsTheReflectorDoes(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	watches := 0
	status := func(w http.ResponseWriter, code int, body string) {
		w.WriteHeader(code)
		fmt.Fprint(w, body)
	}
	pods := func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		verb := "LIST"
		if q.Get("watch") == "true" {
			verb = "WATCH"
		}
		mu.Lock()
		asked = append(asked, verb+" rv="+q.Get("resourceVersion"))
		if verb == "WATCH" {
			watches++
		}
		n := watches
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch rv := q.Get("resourceVersion"); {
		case verb == "WATCH" && n == 1:
			status(w, http.StatusTooManyRequests, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"Too many requests, please try again later.","reason":"TooManyRequests","details":{"retryAfterSeconds":1},"code":429}`)
		case verb == "WATCH" && n == 2:
			status(w, http.StatusInternalServerError, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"Internal error occurred: etcdserver: leader changed","reason":"InternalError","code":500}`)
		case verb == "WATCH":
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		case rv == "0":
			fmt.Fprint(w, `{"kind":"PodList","metadata":{"resourceVersion":"5"},"items":[]}`)
		case rv == "5":
			status(w, http.StatusGatewayTimeout, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"Timeout: Too large resource version: 5, current: 4","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504}`)
		default:
			fmt.Fprint(w, `{"kind":"PodList","metadata":{"resourceVersion":"9"},"items":[]}`)
		}
	}
	recordFor(t, pods, 10*time.Second)
	mu.Lock()
	defer mu.Unlock()
	want := []string{"LIST rv=", "LIST rv=0", "WATCH rv=5", "WATCH rv=5", "LIST rv=5", "LIST rv=", "WATCH rv=9"}
	if strings.Join(asked, ", ") != strings.Join(want, ", ") {
		t.Errorf("requests %q, want %q", asked, want)
	}
}

// The error tests, one row per answer, read the Status as client-go does.
func TestReflectorErrorRules(t *testing.T) {
	st := func(code int, reason, msg string, causes ...metav1.StatusCause) error {
		s := metav1.Status{Status: metav1.StatusFailure, Code: int32(code), Reason: metav1.StatusReason(reason), Message: msg}
		if causes != nil {
			s.Details = &metav1.StatusDetails{Causes: causes}
		}
		return &apiError{Code: code, Reason: reason, Message: msg, status: s}
	}
	for _, c := range []struct {
		name               string
		err                error
		unavailable, retry bool
	}{
		{"410 Expired", st(410, "Expired", "too old resource version: 5 (9)"), true, false},
		{"410 Gone (1.17)", st(410, "Gone", "too old resource version: 5 (9)"), true, false},
		{"410 without a Status", st(410, "", "gone"), true, false},
		{"504 cause ResourceVersionTooLarge", st(504, "Timeout", "Timeout: Too large resource version: 5, current: 4", metav1.StatusCause{Type: metav1.CauseTypeResourceVersionTooLarge}), true, false},
		{"504 cause message (1.17-1.18.5)", st(504, "Timeout", "Timeout", metav1.StatusCause{Message: "Too large resource version"}), true, false},
		{"504 message (before 1.17)", st(504, "Timeout", "Too large resource version: 5, current: 4"), true, false},
		{"504 other timeout", st(504, "Timeout", "Timeout: request did not complete within 60s"), false, false},
		{"429", st(429, "TooManyRequests", "Too many requests"), false, true},
		{"500", st(500, "InternalError", "Internal error occurred"), false, false},
		{"connection refused", &url.Error{Op: "Get", URL: "https://x", Err: &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}}, false, true},
		{"connection reset", &url.Error{Op: "Get", URL: "https://x", Err: &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}}, false, false},
	} {
		if got := rvUnavailable(c.err); got != c.unavailable {
			t.Errorf("%s: rvUnavailable %v, want %v", c.name, got, c.unavailable)
		}
		if got := watchRetriable(c.err); got != c.retry {
			t.Errorf("%s: watchRetriable %v, want %v", c.name, got, c.retry)
		}
	}
}

// Under the Reflector, client-go's REST client sends a request again when
// the server says when (429 or 5xx with Retry-After) -- the same URL, no
// back-off, no re-LIST -- up to ten times; only then does the Reflector
// see the error. Here a 504 with Retry-After: 0 twice on the LIST, then a
// 429 with Retry-After: 0 on the WATCH.
func TestRetryAfterIsTheRESTClients(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	lists, watches := 0, 0
	pods := func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		mu.Lock()
		defer mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if q.Get("watch") == "true" {
			asked = append(asked, "WATCH rv="+q.Get("resourceVersion"))
			if watches++; watches == 1 {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(http.StatusTooManyRequests)
				fmt.Fprint(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"Too many requests, please try again later.","reason":"TooManyRequests","code":429}`)
				return
			}
			mu.Unlock()
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			mu.Lock()
			return
		}
		asked = append(asked, "LIST rv="+q.Get("resourceVersion"))
		if lists++; lists == 2 || lists == 3 { // the first is the recorder's check that it may list
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusGatewayTimeout)
			fmt.Fprint(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","message":"Timeout: request did not complete within 60s","reason":"Timeout","code":504}`)
			return
		}
		fmt.Fprint(w, `{"kind":"PodList","metadata":{"resourceVersion":"5"},"items":[]}`)
	}
	out := recordFor(t, pods, 2*time.Second)
	mu.Lock()
	defer mu.Unlock()
	want := []string{"LIST rv=", "LIST rv=0", "LIST rv=0", "LIST rv=0", "WATCH rv=5", "WATCH rv=5"}
	if strings.Join(asked, ", ") != strings.Join(want, ", ") {
		t.Errorf("requests %q, want %q", asked, want)
	}
	if n := strings.Count(out, `"kind":"request"`); n < len(want)-1 {
		t.Errorf("%d request records: each try is recorded", n)
	}
}

// restRetry's rows: what client-go's REST client sends again, and after
// how long.
func TestRESTRetryRules(t *testing.T) {
	ae := func(code, after int) error { return &apiError{Code: code, retryAfter: after} }
	reset := &url.Error{Op: "Get", URL: "https://x", Err: &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}}
	refused := &url.Error{Op: "Get", URL: "https://x", Err: &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}}
	for _, c := range []struct {
		name  string
		verb  string
		err   error
		after time.Duration
		again bool
	}{
		{"429 Retry-After 1", "WATCH", ae(429, 1), time.Second, true},
		{"504 Retry-After 1 (ResourceVersionTooLarge)", "LIST", ae(504, 1), time.Second, true},
		{"500 without Retry-After", "LIST", ae(500, -1), 0, false},
		{"410 with Retry-After", "LIST", ae(410, 1), 0, false},
		{"403", "LIST", ae(403, -1), 0, false},
		{"connection reset, LIST", "LIST", reset, time.Second, true},
		{"connection refused", "WATCH", refused, time.Second, false},
		{"EOF, WATCH", "WATCH", io.EOF, time.Second, true},
	} {
		after, again := restRetry(c.verb, c.err)
		if again != c.again || again && after != c.after {
			t.Errorf("%s: %v %v, want %v %v", c.name, after, again, c.after, c.again)
		}
	}
}

// recordFor records pods (a fake server's answers) for d and returns the
// recording.
func recordFor(t *testing.T, pods http.HandlerFunc, d time.Duration) string {
	t.Helper()
	conn, err := Connect(fakeServerWith(t, false, pods), "")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := New(conn, Config{Resources: []string{"pods"}, For: d, Progress: &bytes.Buffer{}}).Run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
