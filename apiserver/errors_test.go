package apiserver

import (
	"strings"
	"testing"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// Bad input gets the API server's own codes and messages.
func TestBadInput(t *testing.T) {
	r := newRig(t, Config{})
	cases := []struct {
		name string
		req  Request
		code int32
		msg  string
	}{
		{"unknown resource", Request{Verb: LIST, Resource: "widgets"}, 404, "the server could not find the requested resource"},
		{"bad label selector", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{LabelSelector: "a in b"}}, 400, ""},
		{"bad field", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{FieldSelector: "spec.foo=x"}}, 400, ""},
		// Texts as kube-apiserver v1.36.5 gave them (conformance/live).
		{"malformed RV", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{ResourceVersion: "abc"}}, 400,
			`invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax`},
		{"malformed RV on a watch", Request{Verb: WATCH, Resource: "pods", Options: am.ListOptions{ResourceVersion: "abc"}}, 500,
			`resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax`},
		{"malformed RV on a get", Request{Verb: GET, Resource: "pods", Namespace: "default", Name: "a", Options: am.ListOptions{ResourceVersion: "abc"}}, 500,
			`resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax`},
		{"malformed continue", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{Continue: "garbage", Limit: 1}}, 400,
			`invalid continue token: continue key is not valid: invalid character '\u0081' looking for beginning of value`},
		{"RV with continue", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{Continue: "garbage", ResourceVersion: "5", Limit: 1}}, 400,
			"specifying resource version is not allowed when using continue"},
		{"bad label selector on a list", Request{Verb: LIST, Resource: "configmaps", Namespace: "default", Options: am.ListOptions{LabelSelector: "a b"}}, 400,
			`Unable to find "/v1, Resource=configmaps" that match label selector "a b", field selector "": unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt`},
		{"bad label selector on a watch", Request{Verb: WATCH, Resource: "configmaps", Namespace: "default", Options: am.ListOptions{LabelSelector: "a b"}}, 400,
			"unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"},
		{"unknown field of a configmap", Request{Verb: LIST, Resource: "configmaps", Namespace: "default", Options: am.ListOptions{FieldSelector: "spec.foo=1"}}, 400,
			`Unable to find "/v1, Resource=configmaps" that match label selector "", field selector "spec.foo=1": "spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"`},
		{"unknown field of a pod", Request{Verb: LIST, Resource: "pods", Namespace: "default", Options: am.ListOptions{FieldSelector: "spec.foo=1"}}, 400,
			`Unable to find "/v1, Resource=pods" that match label selector "", field selector "spec.foo=1": field label not supported: spec.foo`},
		{"match without RV", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{ResourceVersionMatch: "Exact"}}, 422,
			`ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided`},
		{"sendInitialEvents on list", Request{Verb: LIST, Resource: "pods", Options: am.ListOptions{SendInitialEvents: boolp(true)}}, 422,
			`ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list`},
		{"get missing", Request{Verb: GET, Resource: "pods", Namespace: "default", Name: "nope"}, 404, `pods "nope" not found`},
		{"delete missing", Request{Verb: DELETE, Resource: "pods", Namespace: "default", Name: "nope"}, 404, `pods "nope" not found`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := r.resp(tc.req)
			if got.Code != tc.code || got.Status == nil || (tc.msg != "" && got.Status.Message != tc.msg) {
				t.Fatalf("got %v (status %+v), want %d %q", got, got.Status, tc.code, tc.msg)
			}
		})
	}
}

// Writes: create, 409 AlreadyExists, update with a stale RV 409 Conflict,
// RV = etcd mod revision.
func TestWrites(t *testing.T) {
	r := newRig(t, Config{})
	body := &am.Object{ObjectMeta: am.ObjectMeta{Name: "a", Namespace: "default"}}
	created := r.resp(Request{Verb: CREATE, Resource: "pods", Namespace: "default", Body: body})
	if created.Code != 201 || created.Object.ResourceVersion != "2" {
		t.Fatalf("create: %v", created)
	}
	if got := r.resp(Request{Verb: CREATE, Resource: "pods", Namespace: "default", Body: body}); got.Code != 409 ||
		got.Status.Message != `pods "a" already exists` {
		t.Fatalf("second create: %v", got)
	}
	upd := created.Object.DeepCopy()
	upd.Labels = map[string]string{"x": "1"}
	if got := r.resp(Request{Verb: UPDATE, Resource: "pods", Namespace: "default", Name: "a", Body: upd}); got.Code != 200 || got.Object.ResourceVersion != "3" {
		t.Fatalf("update: %v", got)
	}
	got := r.resp(Request{Verb: UPDATE, Resource: "pods", Namespace: "default", Name: "a", Body: upd})
	if got.Code != 409 || got.Status.Message != `Operation cannot be fulfilled on pods "a": the object has been modified; please apply your changes to the latest version and try again` {
		t.Fatalf("stale update: %v", got)
	}
	if got := r.resp(Request{Verb: DELETE, Resource: "pods", Namespace: "default", Name: "a"}); got.Code != 200 {
		t.Fatalf("delete: %v", got)
	}
}

// An update of a key whose stored value is not an object (written with
// etcdctl under /registry) fails with a 500 naming the bad encoding, and
// the server goes on serving.
func TestUpdateOfGarbageIsInternalError(t *testing.T) {
	r := newRig(t, Config{})
	if _, err := r.etcd.Put(mvcc.PutRequest{Key: []byte("/registry/pods/default/x"), Value: []byte("garbage")}); err != nil {
		t.Fatal(err)
	}
	body := &am.Object{ObjectMeta: am.ObjectMeta{Name: "x", Namespace: "default"}}
	got := r.resp(Request{Verb: UPDATE, Resource: "pods", Namespace: "default", Name: "x", Body: body})
	if got.Code != 500 || got.Status.Reason != am.StatusReasonInternalError || !strings.Contains(got.Status.Message, "invalid storage encoding") {
		t.Fatalf("update of garbage: %v", got)
	}
	if ok := r.resp(Request{Verb: CREATE, Resource: "pods", Namespace: "default", Body: &am.Object{ObjectMeta: am.ObjectMeta{Name: "y", Namespace: "default"}}}); ok.Code != 201 {
		t.Fatalf("the server stopped serving after it: %v", ok)
	}
}
