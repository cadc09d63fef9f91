package apiserver

import (
	"fmt"
	"testing"

	am "watchscope/apimachinery"
)

// TestRequestText pins the trace text of requests, which the engine's
// golden traces hash, and checks AppendText appends to what is there.
func TestRequestText(t *testing.T) {
	yes, timeout := true, int64(30)
	tests := []struct {
		req  Request
		want string
	}{
		{Request{ID: 7, Client: "kubelet-3", Verb: LIST, Resource: "pods", Options: am.ListOptions{Limit: 500, ResourceVersion: "0"}},
			"#7 kubelet-3 LIST /api/v1/pods?limit=500&resourceVersion=0"},
		{Request{ID: 1, Client: "node-1", Verb: UPDATE, Resource: "leases", Namespace: "kube-node-lease", Name: "node-1",
			Options: am.ListOptions{Limit: 5}}, "#1 node-1 UPDATE /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-1"},
		{Request{ID: 12, Client: "c", Verb: WATCH, Resource: "pods", Options: am.ListOptions{SendInitialEvents: &yes,
			AllowWatchBookmarks: true, TimeoutSeconds: &timeout, FieldSelector: "spec.nodeName=node-1"}},
			"#12 c WATCH /api/v1/pods?allowWatchBookmarks=true&fieldSelector=spec.nodeName%3Dnode-1&sendInitialEvents=true&timeoutSeconds=30&watch=true"},
		{Request{ID: 3, Client: "c", Verb: GET, Resource: "configmaps", Namespace: "ns-1", Name: "config"},
			"#3 c GET /api/v1/namespaces/ns-1/configmaps/config"},
		{Request{ID: 4, Client: "c", Verb: DELETE, Resource: "widgets", Name: "w"}, "#4 c DELETE /api/v1/widgets/w"},
	}
	for _, tt := range tests {
		if got := tt.req.String(); got != tt.want {
			t.Errorf("String() = %q\n want %q", got, tt.want)
		}
		if got := string(tt.req.AppendText([]byte("x "))); got != "x "+tt.want {
			t.Errorf("AppendText = %q", got)
		}
	}
}

// TestResponseText pins the trace text of responses: each case is the
// fmt form the text had before it was appended by hand.
func TestResponseText(t *testing.T) {
	pod := &am.Object{Kind: "Pod", ObjectMeta: am.ObjectMeta{Namespace: "ns-1", Name: "p", ResourceVersion: "42"}}
	node := &am.Object{Kind: "Node", ObjectMeta: am.ObjectMeta{Name: "node-1"}}
	st := am.Status{Code: 429, Reason: "TooManyRequests", Message: "too many requests"}
	tests := []struct {
		resp Response
		want string
	}{
		{Response{ConnErr: ErrConnRefused, Route: "cache"}, "error: " + ErrConnRefused.Error()},
		{Response{Code: 429, Status: &st, RetryAfter: 1, Route: "apf-rejected"}, st.String() + " retry-after=1s (apf-rejected)"},
		{Response{Code: 429, Status: &st}, st.String()},
		{Response{Code: 200, List: &am.List{ResourceVersion: "99", Items: []*am.Object{pod, node}}, Route: "cache"},
			fmt.Sprintf("%d %d items rv=%s%s", 200, 2, "99", " (cache)")},
		{Response{Code: 201, Object: pod, Route: "etcd"}, fmt.Sprintf("%d %s (etcd)", 201, pod)},
		{Response{Code: 200, Object: node}, fmt.Sprintf("%d %s", 200, node)},
		{Response{Code: 200, Route: "cache"}, "200 (cache)"},
		{Response{Code: 204}, "204"},
	}
	for _, tt := range tests {
		if got := tt.resp.String(); got != tt.want {
			t.Errorf("String() = %q\n want %q", got, tt.want)
		}
	}
	for _, o := range []*am.Object{pod, node, {}} {
		if got := string(appendObject(nil, o)); got != o.String() {
			t.Errorf("appendObject = %q, Object.String = %q", got, o.String())
		}
	}
}
