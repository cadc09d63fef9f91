package apiserver

import (
	"strconv"
	"testing"

	am "watchscope/apimachinery"
)

// metaAgrees reports how DecodeMeta and the full Decode disagree on data
// ("" when they agree: both fail, or both succeed with equal fields).
func metaAgrees(data []byte, rv uint64) string {
	full, ferr := am.Decode(data, rv)
	meta, merr := am.DecodeMeta(data, rv)
	if (ferr == nil) != (merr == nil) {
		return "errors differ: " + errText(ferr) + " vs " + errText(merr)
	}
	if ferr != nil {
		return ""
	}
	want := am.StoredMeta{Kind: full.Kind, Name: full.Name, Namespace: full.Namespace, UID: full.UID,
		NodeName: full.Spec.NodeName, CreationTimestamp: full.CreationTimestamp, SizeBytes: full.SizeBytes,
		ResourceVersion: full.RV()}
	if meta != want {
		return "fields differ"
	}
	if rv != 0 && strconv.FormatUint(meta.ResourceVersion, 10) != full.ResourceVersion {
		return "resourceVersion differs"
	}
	return ""
}

func errText(err error) string {
	if err == nil {
		return "nil"
	}
	return err.Error()
}

func metaSamples() [][]byte {
	objs := []*am.Object{
		{},
		{Kind: "Pod", ObjectMeta: am.ObjectMeta{Name: "a", Namespace: "default", UID: "u-1",
			Labels: map[string]string{"x": "y", "app": "web"}, Annotations: map[string]string{"n": ""},
			CreationTimestamp: 1234567}, Spec: am.ObjectSpec{NodeName: "node-7"}, SizeBytes: 2048},
		{Kind: "Node", ObjectMeta: am.ObjectMeta{Name: "node-1", UID: "u", CreationTimestamp: -5}},
		{Kind: "Lease", ObjectMeta: am.ObjectMeta{Name: "l", Namespace: "kube-node-lease"}, SizeBytes: -1},
	}
	var out [][]byte
	for _, o := range objs {
		out = append(out, am.Encode(o))
	}
	return out
}

// TestDecodeMetaAgreesWithDecode checks encoded objects, every truncation
// of them and a trailing byte: DecodeMeta fails exactly when Decode does
// and otherwise returns its fields.
func TestDecodeMetaAgreesWithDecode(t *testing.T) {
	for _, data := range metaSamples() {
		cases := [][]byte{append(append([]byte{}, data...), 0), []byte("k8s"), nil}
		for n := range len(data) + 1 {
			cases = append(cases, data[:n])
		}
		for _, c := range cases {
			for _, rv := range []uint64{0, 1, 987654321} {
				if msg := metaAgrees(c, rv); msg != "" {
					t.Fatalf("%q rv %d: %s", c, rv, msg)
				}
			}
		}
	}
}

// TestDecodeMetaAllocs: one allocation (the shared string buffer), where
// the full decode builds an Object and its maps.
func TestDecodeMetaAllocs(t *testing.T) {
	data := metaSamples()[1]
	if n := testing.AllocsPerRun(100, func() { _, _ = am.DecodeMeta(data, 7) }); n > 1 {
		t.Fatalf("DecodeMeta: %v allocations, want 1", n)
	}
}

func FuzzDecodeMeta(f *testing.F) {
	for _, data := range metaSamples() {
		f.Add(data, uint64(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, rv uint64) {
		if msg := metaAgrees(data, rv); msg != "" {
			t.Fatalf("%q rv %d: %s", data, rv, msg)
		}
	})
}
