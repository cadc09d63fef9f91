package apimachinery

import (
	"reflect"
	"testing"
	"time"
)

func TestCodecRoundTrip(t *testing.T) {
	o := &Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: "nginx", Namespace: "default", UID: "u1",
		Labels: map[string]string{"b": "2", "a": "1"}, Annotations: map[string]string{"x": "y"},
		CreationTimestamp: 90 * time.Second}, Spec: ObjectSpec{NodeName: "node-1"}, SizeBytes: 10240}
	data := Encode(o)
	if string(data[:4]) != StorageMagic {
		t.Fatal("magic")
	}
	if string(Encode(o.DeepCopy())) != string(data) {
		t.Fatal("encoding not deterministic")
	}
	got, err := Decode(data, 42)
	want := o.WithResourceVersion(42)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v %v", got, err)
	}
	if EncodedSize(data) != 10240 || len(data) > 80 {
		t.Fatalf("sizes %d %d", EncodedSize(data), len(data))
	}
	for _, bad := range [][]byte{nil, []byte("k8s"), data[:len(data)-1], append(append([]byte{}, data...), 0)} {
		if _, err := Decode(bad, 1); err != ErrBadEncoding {
			t.Errorf("%q decoded", bad)
		}
	}
}

func TestWireJSON(t *testing.T) {
	o := &Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: "nginx", Namespace: "default", UID: "u1", ResourceVersion: "7",
		Labels: map[string]string{"b": "2", "a": "1"}}, Spec: ObjectSpec{NodeName: "node-1"}}
	got := WatchEventLine(WatchEvent{Type: Added, Object: o})
	want := `{"type":"ADDED","object":{"kind":"Pod","apiVersion":"v1","metadata":{"name":"nginx","namespace":"default","uid":"u1","resourceVersion":"7","creationTimestamp":"2026-01-01T00:00:00Z","labels":{"a":"1","b":"2"}},"spec":{"nodeName":"node-1"}}}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	bm := WatchEventLine(WatchEvent{Type: Bookmark, Object: AnnotateInitialEventsEnd(NewBookmarkObject("Pod", 12))})
	wantBm := `{"type":"BOOKMARK","object":{"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":"12","annotations":{"k8s.io/initial-events-end":"true"}}}}`
	if bm != wantBm {
		t.Fatalf("got  %s\nwant %s", bm, wantBm)
	}
	var back Object
	if err := back.UnmarshalJSON([]byte(got[len(`{"type":"ADDED","object":`) : len(got)-1])); err != nil || back.Name != "nginx" || back.Spec.NodeName != "node-1" || back.Labels["b"] != "2" {
		t.Fatalf("unmarshal %+v %v", back, err)
	}
}

func TestKeys(t *testing.T) {
	podsR, _ := LookupResource("pods")
	nodes, _ := LookupResource("Node")
	deps, _ := LookupResource("deployments.apps")
	tests := []struct{ got, want string }{
		{podsR.Key("default", "nginx"), "/registry/pods/default/nginx"},
		{nodes.Key("", "node-1"), "/registry/minions/node-1"},
		{deps.Key("ns", "d"), "/registry/deployments/ns/d"},
		{podsR.NamespacePrefix("default"), "/registry/pods/default/"},
		{podsR.KeyPrefix(), "/registry/pods/"},
		{deps.APIVersion(), "apps/v1"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q want %q", tt.got, tt.want)
		}
	}
	if ns, n, ok := podsR.SplitKey("/registry/pods/default/nginx"); !ok || ns != "default" || n != "nginx" {
		t.Error("SplitKey")
	}
	if HasPathPrefix("/registry/pods/default2/x", "/registry/pods/default") || !HasPathPrefix("/registry/pods/default/x", "/registry/pods/default") {
		t.Error("HasPathPrefix")
	}
}

// TestCodecData: a ConfigMap's data round-trips through the storage
// encoding and DecodeMeta accepts it; an object without data encodes
// exactly as before (no trailing map), and an empty trailing map is refused.
func TestCodecData(t *testing.T) {
	o := &Object{Kind: "ConfigMap", ObjectMeta: ObjectMeta{Name: "a", Namespace: "default"}, Data: map[string]string{"k": "v", "x": "y"}}
	b := Encode(o)
	got, err := Decode(b, 7)
	if err != nil || got.Data["k"] != "v" || got.Data["x"] != "y" || len(got.Data) != 2 {
		t.Fatalf("decode: %+v %v", got, err)
	}
	if _, err := DecodeMeta(b, 7); err != nil {
		t.Fatalf("DecodeMeta: %v", err)
	}
	o.Data = nil
	plain := Encode(o)
	if len(plain) >= len(b) {
		t.Errorf("without data %d bytes, with %d", len(plain), len(b))
	}
	if _, err := Decode(append(plain, 0), 7); err == nil {
		t.Error("an empty trailing data map was accepted")
	}
	if _, err := DecodeMeta(append(plain, 0), 7); err == nil {
		t.Error("DecodeMeta accepted an empty trailing data map")
	}
}
