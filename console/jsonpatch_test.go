package console

import (
	"encoding/json"
	"strings"
	"testing"
)

func decodeJSON(t testing.TB, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func encodeJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestMergePatchRFC7386 is the RFC's appendix A, row by row.
func TestMergePatchRFC7386(t *testing.T) {
	for _, c := range [][3]string{
		{`{"a":"b"}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"b"}`, `{"b":"c"}`, `{"a":"b","b":"c"}`},
		{`{"a":"b"}`, `{"a":null}`, `{}`},
		{`{"a":"b","b":"c"}`, `{"a":null}`, `{"b":"c"}`},
		{`{"a":["b"]}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"c"}`, `{"a":["b"]}`, `{"a":["b"]}`},
		{`{"a":{"b":"c"}}`, `{"a":{"b":"d","c":null}}`, `{"a":{"b":"d"}}`},
		{`{"a":[{"b":"c"}]}`, `{"a":[1]}`, `{"a":[1]}`},
		{`["a","b"]`, `["c","d"]`, `["c","d"]`},
		{`{"a":"b"}`, `["c"]`, `["c"]`},
		{`{"a":"foo"}`, `null`, `null`},
		{`{"a":"foo"}`, `"bar"`, `"bar"`},
		{`{"e":null}`, `{"a":1}`, `{"a":1,"e":null}`},
		{`[1,2]`, `{"a":"b","c":null}`, `{"a":"b"}`},
		{`{}`, `{"a":{"bb":{"ccc":null}}}`, `{"a":{"bb":{}}}`},
	} {
		if got := encodeJSON(mergePatch(decodeJSON(t, c[0]), decodeJSON(t, c[1]), false)); got != c[2] {
			t.Errorf("%s + %s = %s, want %s", c[0], c[1], got, c[2])
		}
	}
	// The strategic directives on maps.
	for _, c := range [][3]string{
		{`{"m":{"a":"1","b":"2"}}`, `{"m":{"$patch":"replace","c":"3"}}`, `{"m":{"c":"3"}}`},
		{`{"m":{"a":"1"},"n":1}`, `{"m":{"$patch":"delete"}}`, `{"n":1}`},
		{`{"m":{"a":"1"}}`, `{"m":{"b":"2"}}`, `{"m":{"a":"1","b":"2"}}`},
	} {
		if got := encodeJSON(mergePatch(decodeJSON(t, c[0]), decodeJSON(t, c[1]), true)); got != c[2] {
			t.Errorf("strategic %s + %s = %s, want %s", c[0], c[1], got, c[2])
		}
	}
}

// TestJSONPatchRFC6902 is the RFC's appendix A, with the errors the API
// server's json-patch library gives.
func TestJSONPatchRFC6902(t *testing.T) {
	for _, c := range []struct{ doc, patch, want, err string }{
		{`{"foo":"bar"}`, `[{"op":"add","path":"/baz","value":"qux"}]`, `{"baz":"qux","foo":"bar"}`, ""},
		{`{"foo":["bar","baz"]}`, `[{"op":"add","path":"/foo/1","value":"qux"}]`, `{"foo":["bar","qux","baz"]}`, ""},
		{`{"baz":"qux","foo":"bar"}`, `[{"op":"remove","path":"/baz"}]`, `{"foo":"bar"}`, ""},
		{`{"foo":["bar","qux","baz"]}`, `[{"op":"remove","path":"/foo/1"}]`, `{"foo":["bar","baz"]}`, ""},
		{`{"baz":"qux","foo":"bar"}`, `[{"op":"replace","path":"/baz","value":"boo"}]`, `{"baz":"boo","foo":"bar"}`, ""},
		{`{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}`, `[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]`,
			`{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}`, ""},
		{`{"foo":["all","grass","cows","eat"]}`, `[{"op":"move","from":"/foo/1","path":"/foo/3"}]`, `{"foo":["all","cows","eat","grass"]}`, ""},
		{`{"baz":"qux","foo":["a",2,"c"]}`, `[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]`, `{"baz":"qux","foo":["a",2,"c"]}`, ""},
		{`{"baz":"qux"}`, `[{"op":"test","path":"/baz","value":"bar"}]`, "", "testing value /baz failed: test failed"},
		{`{"foo":"bar"}`, `[{"op":"add","path":"/child","value":{"grandchild":{}}}]`, `{"child":{"grandchild":{}},"foo":"bar"}`, ""},
		{`{"foo":"bar"}`, `[{"op":"add","path":"/baz/bat","value":"qux"}]`, "", `add operation does not apply: doc is missing path: "/baz/bat": missing value`},
		{`{"/":9,"~1":10}`, `[{"op":"test","path":"/~01","value":10}]`, `{"/":9,"~1":10}`, ""},
		{`{"foo":["bar"]}`, `[{"op":"add","path":"/foo/-","value":["abc","def"]}]`, `{"foo":["bar",["abc","def"]]}`, ""},
		{`{"foo":"bar"}`, `[{"op":"copy","from":"/foo","path":"/baz"}]`, `{"baz":"bar","foo":"bar"}`, ""},
		{`{"a":{}}`, `[{"op":"remove","path":"/a/x"}]`, "", "error in remove for path: '/a/x': Unable to remove nonexistent key: x: missing value"},
		{`{"a":{}}`, `[{"op":"replace","path":"/a/x","value":1}]`, `{"a":{"x":1}}`, ""},
		{`{"a":[]}`, `[{"op":"replace","path":"/a/0","value":1}]`, "", "replace operation does not apply: doc is missing key: /a/0: missing value"},
		{`{}`, `[{"op":"frob","path":"/a"}]`, "", "Unexpected kind: frob"},
	} {
		ops, err := decodeJSONPatch([]byte(c.patch))
		if err != nil {
			t.Fatalf("%s: %v", c.patch, err)
		}
		doc := decodeJSON(t, c.doc)
		got, err := applyJSONPatch(doc, ops)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("%s on %s: error %v, want %q", c.patch, c.doc, err, c.err)
		case c.err == "" && (err != nil || encodeJSON(got) != c.want):
			t.Errorf("%s on %s = %s (%v), want %s", c.patch, c.doc, encodeJSON(got), err, c.want)
		}
		if encodeJSON(doc) != encodeJSON(decodeJSON(t, c.doc)) {
			t.Errorf("%s changed the document it was given", c.patch)
		}
	}
}

// TestThreeWayPatch: what kubectl apply sends.
func TestThreeWayPatch(t *testing.T) {
	for _, c := range []struct{ original, modified, current, want string }{
		{`{"data":{"a":"1","b":"2"}}`, `{"data":{"a":"1"}}`, `{"data":{"a":"1","b":"2","c":"3"}}`, `{"data":{"b":null}}`},
		{`{"data":{"a":"1"}}`, `{"data":{"a":"2"}}`, `{"data":{"a":"1"},"x":1}`, `{"data":{"a":"2"}}`},
		{`null`, `{"data":{"a":"1"}}`, `{"data":{"a":"1"}}`, `{}`},
		{`{"m":{"l":{"a":"1"}}}`, `{}`, `{"m":{"l":{"a":"1"}}}`, `{"m":null}`},
	} {
		m := decodeJSON(t, c.modified).(map[string]any)
		if got := encodeJSON(threeWayPatch(decodeJSON(t, c.original), m, m, decodeJSON(t, c.current))); got != c.want {
			t.Errorf("%s -> %s over %s: %s, want %s", c.original, c.modified, c.current, got, c.want)
		}
	}
}

// FuzzJSONPatch: any patch document on any object either applies or is
// one error line, never panics, and leaves its input alone.
func FuzzJSONPatch(f *testing.F) {
	f.Add(`{"a":{"b":[1,2]}}`, `[{"op":"add","path":"/a/b/0","value":0}]`)
	f.Add(`{"a":[1]}`, `[{"op":"move","from":"/a/0","path":"/a/5"}]`)
	f.Add(`[1,[2]]`, `[{"op":"copy","from":"/1","path":"/1/0"},{"op":"remove","path":"/0"}]`)
	f.Add(`{}`, `[{"op":"replace","path":"","value":[1]},{"op":"add","path":"/-","value":2}]`)
	f.Add(`{"a":1}`, `[{"op":"test","path":"/b"}]`)
	f.Fuzz(func(t *testing.T, doc, patch string) {
		var d any
		if json.Unmarshal([]byte(doc), &d) != nil {
			return
		}
		ops, err := decodeJSONPatch([]byte(patch))
		if err != nil {
			return
		}
		_, err = applyJSONPatch(d, ops)
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("two-line error %q", err)
		}
		if before := encodeJSON(decodeJSON(t, doc)); encodeJSON(d) != before {
			t.Fatalf("the patch changed its input: %s -> %s", before, encodeJSON(d))
		}
	})
}
