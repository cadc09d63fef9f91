package jsonpath

import (
	"bytes"
	"encoding/json"
	"testing"
)

// seeds are templates people type, and broken ones.
var seeds = []string{
	"{.metadata.resourceVersion}", "{.items[*].metadata.name}",
	`{range .items[*]}{.metadata.name}{"\t"}{.metadata.resourceVersion}{"\n"}{end}`,
	`{.items[?(@.metadata.name=="a")].metadata.uid}`, "{.items[0:2].metadata.name}",
	"{..name}", "{.metadata.labels.*}", "{.metadata.labels['app']}", "{$.kind}",
	"{.items[-1].metadata.name}", `{.items[?(@.spec.replicas>1)]}`, "{range .items[*]}",
	"{.metadata.name", "{.items[}", "{end}", `{"unterminated}`, "{.a[1:2:3:4]}", "{..}",
	"{.items[?(@.x<)]}", "{[?(@.a)]}", "{.a.b}{.c}{range .d}{end}", "{.a[?(@.b=='c')].d}",
}

const doc = `{"kind":"List","metadata":{"resourceVersion":"12"},"items":[
 {"metadata":{"name":"a","resourceVersion":"10","labels":{"app":"x","tier":"db"}},"spec":{"replicas":2}},
 {"metadata":{"name":"b","resourceVersion":"9"},"spec":{"replicas":1.5,"nodeName":"n1"}}]}`

// FuzzJSONPath feeds any template to the parser and any parsed one to the
// executor (missing keys allowed and not, plain and JSON output): an
// error is fine, a panic is not.
func FuzzJSONPath(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	var obj any
	if err := json.Unmarshal([]byte(doc), &obj); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, tmpl string) {
		for _, allow := range []bool{false, true} {
			for _, asJSON := range []bool{false, true} {
				j := New("fuzz").AllowMissingKeys(allow)
				j.EnableJSONOutput(asJSON)
				if err := j.Parse(tmpl); err != nil {
					return
				}
				var b bytes.Buffer
				_ = j.Execute(&b, obj)
			}
		}
	})
}

// TestDialect pins what the dialect does on the templates lessons and
// trainers use.
func TestDialect(t *testing.T) {
	var obj any
	if err := json.Unmarshal([]byte(doc), &obj); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tmpl, want string }{
		{"{.metadata.resourceVersion}", "12"},
		{"{.items[*].metadata.name}", "a b"},
		{`{range .items[*]}{.metadata.name}={.metadata.resourceVersion}{"\n"}{end}`, "a=10\nb=9\n"},
		{`{.items[?(@.metadata.resourceVersion<"9")].metadata.name}`, "a"},
		{`{.items[?(@.metadata.name=="b")].spec.nodeName}`, "n1"},
		{"{.items[0].metadata.labels.*}", "x db"},
		{"{.items[-1:].metadata.name}", "b"},
		{"{.nope}", ""},
	} {
		j := New("t").AllowMissingKeys(true)
		if err := j.Parse(c.tmpl); err != nil {
			t.Fatalf("%s: %v", c.tmpl, err)
		}
		var b bytes.Buffer
		if err := j.Execute(&b, obj); err != nil {
			t.Fatalf("%s: %v", c.tmpl, err)
		}
		if b.String() != c.want {
			t.Errorf("%s = %q, want %q", c.tmpl, b.String(), c.want)
		}
	}
	j := New("t")
	if err := j.Parse("{.metadata.name"); err == nil || err.Error() != "unclosed action" {
		t.Errorf("unclosed template: %v", err)
	}
	j.Parse("{.nope}")
	if err := j.Execute(&bytes.Buffer{}, obj); err == nil || err.Error() != "nope is not found" {
		t.Errorf("missing key without AllowMissingKeys: %v", err)
	}
}
