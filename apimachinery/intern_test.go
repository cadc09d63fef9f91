package apimachinery

import (
	"fmt"
	"reflect"
	"testing"
	"unsafe"
)

// Decoding through an interner gives what Decode gives, and equal maps
// come back as one shared map; different maps never do.
func TestMapInternerSharesEqualMaps(t *testing.T) {
	var in MapInterner
	first := map[string]*Object{}
	for i := range 300 {
		app := fmt.Sprintf("app-%d", i%7)
		src := &Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: fmt.Sprint("p", i), Namespace: "ns",
			Labels: map[string]string{"app": app}, Annotations: map[string]string{"n": fmt.Sprint(i)}}}
		data := Encode(src)
		want, err := Decode(data, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		got, err := in.Decode(data, uint64(i+1))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d: interned decode %v (%v), want %v", i, got, err, want)
		}
		if prev, ok := first[app]; ok && reflect.ValueOf(prev.Labels).Pointer() != reflect.ValueOf(got.Labels).Pointer() {
			t.Fatalf("%d: labels %v not shared with the first %s", i, got.Labels, app)
		} else if !ok {
			first[app] = got
		}
	}
	a, b := first["app-1"], first["app-2"]
	if reflect.ValueOf(a.Labels).Pointer() == reflect.ValueOf(b.Labels).Pointer() {
		t.Fatal("different label sets share a map")
	}
	if len(in.maps) > internLimit {
		t.Fatalf("table holds %d maps, limit %d", len(in.maps), internLimit)
	}
}

// The table never grows past internLimit: unique maps (lease renewal
// times) empty it instead.
func TestMapInternerBounded(t *testing.T) {
	var in MapInterner
	for i := range 3 * internLimit {
		o := &Object{Kind: "Lease", ObjectMeta: ObjectMeta{Name: "n", Annotations: map[string]string{"renewTime": fmt.Sprint(i)}}}
		if _, err := in.Decode(Encode(o), 1); err != nil {
			t.Fatal(err)
		}
		if len(in.maps) > internLimit {
			t.Fatalf("after %d decodes the table holds %d maps", i+1, len(in.maps))
		}
	}
}

// Malformed input fails through the interner exactly as without it.
func FuzzMapInternerDecode(f *testing.F) {
	f.Add(Encode(&Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: "a", Labels: map[string]string{"x": "y"}}}))
	var in MapInterner
	f.Fuzz(func(t *testing.T, data []byte) {
		want, werr := Decode(data, 3)
		got, gerr := in.Decode(data, 3)
		if (werr == nil) != (gerr == nil) || (werr == nil && !reflect.DeepEqual(got, want)) {
			t.Fatalf("interned %v %v, plain %v %v", got, gerr, want, werr)
		}
	})
}

// Kinds, namespaces and node names decoded through an interner are one
// string per distinct value; names and UIDs are not shared; the string
// table stays bounded.
func TestMapInternerSharesRepeatedStrings(t *testing.T) {
	var in MapInterner
	var first *Object
	for i := range 2*internStringLimit + 10 {
		src := &Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: fmt.Sprint("p", i), Namespace: "ns", UID: fmt.Sprint("u", i)},
			Spec: ObjectSpec{NodeName: fmt.Sprint("node-", i%3)}}
		got, err := in.Decode(Encode(src), 1)
		if err != nil || got.Kind != "Pod" || got.Namespace != "ns" || got.Spec.NodeName != src.Spec.NodeName || got.Name != src.Name {
			t.Fatalf("%d: %v (%v)", i, got, err)
		}
		if len(in.strs) > internStringLimit {
			t.Fatalf("after %d decodes the string table holds %d", i+1, len(in.strs))
		}
		if i == 0 {
			first = got
			continue
		}
		if i < 3 {
			continue // node-1 and node-2 are new
		}
		same := func(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }
		if !same(got.Kind, first.Kind) || !same(got.Namespace, first.Namespace) {
			t.Fatalf("%d: kind or namespace not shared", i)
		}
		if i%3 == 0 && !same(got.Spec.NodeName, first.Spec.NodeName) {
			t.Fatalf("%d: node name not shared", i)
		}
	}
}

// Unique namespaces never grow the string table past its limit.
func TestMapInternerStringsBounded(t *testing.T) {
	var in MapInterner
	for i := range 2*internStringLimit + 10 {
		o := &Object{Kind: "ConfigMap", ObjectMeta: ObjectMeta{Name: "n", Namespace: fmt.Sprint("ns-", i)}}
		if _, err := in.Decode(Encode(o), 1); err != nil {
			t.Fatal(err)
		}
		if len(in.strs) > internStringLimit {
			t.Fatalf("after %d decodes the string table holds %d", i+1, len(in.strs))
		}
	}
}
