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
	"testing"
	"time"

	"watchscope/recording"
)

// fakeServer answers as a kube-apiserver would for an account that may
// read pods but not /metrics, and (with forbidPods) not pods either.
func fakeServer(t *testing.T, forbidPods bool) string {
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
