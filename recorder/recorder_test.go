//go:build !js

package recorder

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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
	conn, err := Connect(fakeServerWith(t, false, pods), "")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := New(conn, Config{Resources: []string{"pods"}, For: 4 * time.Second, Progress: &bytes.Buffer{}}).Run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	// The first LIST is the recorder's check that the account may list.
	want := []string{"LIST rv=", "LIST rv=0", "WATCH rv=5", "LIST rv=5", "LIST rv=", "WATCH rv=9"}
	if len(asked) != len(want) || strings.Join(asked, ", ") != strings.Join(want, ", ") {
		t.Errorf("requests %q, want %q", asked, want)
	}
}
