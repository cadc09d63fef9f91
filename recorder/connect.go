//go:build !js

// Package recorder is `watchscope record`: it lists and watches a real API
// server the way a client-go informer does and writes what came back as a
// recording (package recording). It is read-only: LIST, WATCH, and GET of
// /version, discovery and /metrics are the only requests it sends.
//
// It uses k8s.io/client-go's clientcmd and rest to connect exactly as
// kubectl does (kubeconfig, --context, KUBECONFIG, in-cluster config, exec
// credential plugins, client certificates), and is linked into the native
// command only: the page never imports it (make build-check).
package recorder

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

// Conn is an authenticated connection to one API server.
type Conn struct {
	Host   string // the server's URL, for messages
	base   *url.URL
	client *http.Client
	cfg    *rest.Config
}

// Connect loads the client configuration as kubectl does: kubeconfig
// ("" means KUBECONFIG or ~/.kube/config, else the in-cluster config)
// and context ("" means the current one).
func Connect(kubeconfig, context string) (*Conn, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: context})
	cfg, err := cc.ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("no cluster to record: %v (pass --kubeconfig FILE or --context NAME; kubectl config get-contexts lists them)", oneLine(err))
	}
	cfg.UserAgent = "watchscope-record (read-only)"
	base, _, err := rest.DefaultServerUrlFor(cfg)
	if err != nil {
		return nil, fmt.Errorf("the kubeconfig's server address %q: %v", cfg.Host, oneLine(err))
	}
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, fmt.Errorf("the kubeconfig's credentials for %s: %v", cfg.Host, oneLine(err))
	}
	return &Conn{Host: base.String(), base: base, client: hc, cfg: cfg}, nil
}

// url is the server's URL for path and query.
func (c *Conn) url(path string, q url.Values) string {
	u := *c.base
	u.Path = strings.TrimSuffix(u.Path, "/") + path
	u.RawQuery = q.Encode()
	return u.String()
}

// get sends a GET and returns the response; a status other than 200 is an
// *apiError carrying the server's Status.
func (c *Conn) get(req *http.Request) (*http.Response, error) {
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusOK {
		return resp, nil
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	e := &apiError{Code: resp.StatusCode, Reason: http.StatusText(resp.StatusCode), retryAfter: -1}
	if n, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
		e.retryAfter = n // client-go's retryAfterSeconds: whole seconds, or none
	}
	if json.Unmarshal(body, &e.status) == nil && e.status.Kind == "Status" {
		e.Reason, e.Message = string(e.status.Reason), e.status.Message
	} else {
		e.Message = strings.TrimSpace(string(body))
		e.status = metav1.Status{Status: metav1.StatusFailure, Code: int32(resp.StatusCode), Message: e.Message}
	}
	return nil, e
}

// apiError is an HTTP answer other than 200. It is an apierrors.APIStatus
// (its Status method), so client-go's tests of an error (IsResourceExpired,
// HasStatusCause, IsTooManyRequests, ...) read it as they read theirs.
type apiError struct {
	Code            int
	Reason, Message string
	status          metav1.Status
	retryAfter      int // the Retry-After header in seconds, -1 without one
}

// Status is the server's Status, or one made of the HTTP code when the
// answer was not a Status.
func (e *apiError) Status() metav1.Status { return e.status }

func (e *apiError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.Code, e.Reason, oneLine(errors.New(e.Message)))
}

// Version asks GET /version, the first request, and turns the usual ways
// of failing into one line each with the next step.
func (c *Conn) Version(req func(string) (*http.Request, error)) (string, string, error) {
	r, err := req(c.url("/version", nil))
	if err != nil {
		return "", "", err
	}
	resp, err := c.get(r)
	var ae *apiError
	switch {
	case errors.As(err, &ae) && ae.Code == http.StatusUnauthorized:
		return "", "", fmt.Errorf("the API server at %s refused the credential (401 Unauthorized): refresh it (log in again, or pick another --context) and check with kubectl get --raw /version", c.Host)
	case err != nil && ae == nil:
		return "", "", fmt.Errorf("cannot reach the API server at %s: %v (is it up? check the server address with kubectl cluster-info)", c.Host, oneLine(err))
	case err != nil:
		return "", "", fmt.Errorf("GET /version at %s: %v", c.Host, err)
	}
	defer resp.Body.Close()
	var v struct{ GitVersion, Platform string }
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return "", "", fmt.Errorf("GET /version at %s: not a Kubernetes API server (%v)", c.Host, oneLine(err))
	}
	return v.GitVersion, v.Platform, nil
}

// target is one resource to record, resolved by discovery.
type target struct {
	Name       string // plural, with the group unless core: pods, leases.coordination.k8s.io
	Group      string
	Version    string
	Resource   string // plural name
	Namespaced bool
}

// path is the collection's path, in namespace ns if namespaced.
func (t target) path(ns string) string {
	p := "/api/" + t.Version
	if t.Group != "" {
		p = "/apis/" + t.Group + "/" + t.Version
	}
	if t.Namespaced && ns != "" {
		p += "/namespaces/" + url.PathEscape(ns)
	}
	return p + "/" + t.Resource
}

// resolve finds each asked resource ("pods", "po", "leases",
// "leases.coordination.k8s.io") in the server's preferred versions and
// names it fully (the recording's names: "pods",
// "leases.coordination.k8s.io").
func (c *Conn) resolve(names []string) ([]target, error) {
	dc, err := discovery.NewDiscoveryClientForConfigAndClient(c.cfg, c.client)
	if err != nil {
		return nil, err
	}
	lists, err := dc.ServerPreferredResources()
	if err != nil && len(lists) == 0 {
		return nil, fmt.Errorf("discovery at %s: %v", c.Host, oneLine(err))
	}
	var out []target
	for _, n := range names {
		t, ok := find(lists, n)
		if !ok {
			return nil, fmt.Errorf("the server has no resource %q that can be listed and watched (kubectl api-resources --verbs=list,watch lists them; fix --resources)", n)
		}
		out = append(out, t)
	}
	return out, nil
}

func find(lists []*metav1.APIResourceList, name string) (target, bool) {
	res, group, _ := strings.Cut(name, ".")
	for _, l := range lists {
		gv, err := parseGV(l.GroupVersion)
		if err != nil || (group != "" && gv[0] != group) {
			continue
		}
		for _, r := range l.APIResources {
			if strings.Contains(r.Name, "/") || !watchable(r.Verbs) {
				continue
			}
			if r.Name == res || (group == "" && (r.SingularName == res || slices.Contains(r.ShortNames, res))) {
				t := target{Name: r.Name, Group: gv[0], Version: gv[1], Resource: r.Name, Namespaced: r.Namespaced}
				if t.Group != "" {
					t.Name += "." + t.Group
				}
				return t, true
			}
		}
	}
	return target{}, false
}

func parseGV(s string) ([2]string, error) {
	g, v, ok := strings.Cut(s, "/")
	if !ok {
		return [2]string{"", s}, nil
	}
	return [2]string{g, v}, nil
}

func watchable(verbs metav1.Verbs) bool {
	return slices.Contains(verbs, "list") && slices.Contains(verbs, "watch")
}

// oneLine keeps an error's first line.
func oneLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// trimHost keeps a URL's path and query, for the recording (the server's
// address is not recorded, so a recording can be shared).
func trimHost(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	return p.RequestURI()
}
