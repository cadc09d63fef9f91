package console

import (
	"encoding/json"
	"strings"
	"testing"
)

var yamlCases = []struct{ src, want, err string }{
	{"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a # a comment\n  labels: {app: web, 'x': \"y\"}\ndata:\n  k: |\n    line1\n    line2\n  num: 5\n  q: 'it''s'\n  s: \"a\\tb\"\n",
		`[{"apiVersion":"v1","data":{"k":"line1\nline2\n","num":5,"q":"it's","s":"a\tb"},"kind":"ConfigMap","metadata":{"labels":{"app":"web","x":"y"},"name":"a"}}]`, ""},
	{"spec:\n  containers:\n  - name: c\n    image: nginx\n    ports:\n    - containerPort: 80\n  - name: d\n", `[{"spec":{"containers":[{"image":"nginx","name":"c","ports":[{"containerPort":80}]},{"name":"d"}]}}]`, ""},
	{"items:\n- a\n- [1, 2]\n-\n  - x\nb: yes\nc: ~\nd: off\ne: 1.5\nf: 0x1F\ng: 08\n", `[{"b":true,"c":null,"d":false,"e":1.5,"f":31,"g":8,"items":["a",[1,2],["x"]]}]`, ""},
	{"a: >\n  folded\n  text\n\n  para\nb: |-\n  kept\nc: |+\n  x\n\nd: end\n", `[{"a":"folded text\npara\n","b":"kept","c":"x\n\n","d":"end"}]`, ""},
	{"y: n\n", `[{"true":false}]`, ""},
	{"---\na: 1\n---\n# only a comment\n---\nb: 2\n...\n", `[{"a":1},{"b":2}]`, ""},
	{`{"kind": "ConfigMap", "data": {"a": "1"}}`, `[{"data":{"a":"1"},"kind":"ConfigMap"}]`, ""},
	{"list:\n- a\nkey: 'url: http://x#y'\nflow: {a: [1, {b: c}],\n  d: e}\n", `[{"flow":{"a":[1,{"b":"c"}],"d":"e"},"key":"url: http://x#y","list":["a"]}]`, ""},
	{"a: b\n c: d\n", "", "yaml: line 2: mapping values are not allowed in this context"},
	{"a: 1\na: 2\n", "", `yaml: line 2: mapping key "a" already defined`},
	{"a: &x 1\n", "", "yaml: line 1: anchors, aliases and tags (&) are not read by the console"},
	{"a: {b: c\n", "", "yaml: line 2: did not find expected ',' or '}'"},
	{"- a\nb: c\n", "", "yaml: line 2: did not find expected <document start>"},
	{"a: \"x\\q\"\n", "", "yaml: line 1: found unknown escape character or unclosed quote"},
}

func TestParseManifests(t *testing.T) {
	for _, c := range yamlCases {
		got, err := parseManifests(c.src)
		if c.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.src, err, c.err)
			}
			continue
		}
		if err != nil || encodeJSON(got) != c.want {
			t.Errorf("%q:\n got %s (%v)\nwant %s", c.src, encodeJSON(got), err, c.want)
		}
	}
}

// FuzzParseManifests: any text parses or fails with one line naming a
// line, never panics; and what kubectl's YAML printer (toYAML) writes of
// any JSON object reads back as that object.
func FuzzParseManifests(f *testing.F) {
	for _, c := range yamlCases {
		f.Add(c.src)
	}
	f.Add(`{"a":{"b":["x: y","#c","- d","",null,true,"true","1e3"]},"c":[{"d":[]}],"e":{}}`)
	f.Fuzz(func(t *testing.T, src string) {
		_, err := parseManifests(src)
		if err != nil && (strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "yaml: line ")) {
			t.Fatalf("%q: error %q", src, err)
		}
		var v map[string]any
		if json.Unmarshal([]byte(src), &v) != nil || len(v) == 0 {
			return
		}
		y := toYAML(v)
		got, err := parseManifests(y)
		if err != nil || len(got) != 1 || encodeJSON(got[0]) != encodeJSON(v) {
			t.Fatalf("%s printed as\n%s\nreads back as %s (%v)", src, y, encodeJSON(got), err)
		}
	})
}
