package console

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/client-go/util/jsonpath"
)

// jsonPathSeeds are templates people type, and broken ones.
var jsonPathSeeds = []string{
	"{.metadata.resourceVersion}", "{.items[*].metadata.name}",
	`{range .items[*]}{.metadata.name}{"\t"}{.metadata.resourceVersion}{"\n"}{end}`,
	`{.items[?(@.metadata.name=="a")].metadata.uid}`, "{.items[0:2].metadata.name}",
	"{..name}", "{.metadata.labels.*}", "{.metadata.labels['app']}", "{$.kind}",
	"{.items[-1].metadata.name}", `{.items[?(@.spec.replicas>1)]}`, "{range .items[*]}",
	"{.metadata.name", "{.items[}", "{end}", `{"unterminated}`, "{.a[1:2:3:4]}", "{..}",
	"{.items[?(@.x<)]}", "{[?(@.a)]}", "{.a.b}{.c}{range .d}{end}", "{.a[?(@.b=='c')].d}",
	"{.items[*].*[0]}", "{.*[?(@.a)]}", "{.items[0].*}", "{@}", "{range.00}0{[0]}",
}

// jsonPathDoc is a List of two objects, as kubectl's unstructured decoding
// holds it (whole numbers int64).
const jsonPathDoc = `{"kind":"List","metadata":{"resourceVersion":"12"},"items":[
 {"metadata":{"name":"a","resourceVersion":"10","labels":{"app":"x","tier":"db"}},"spec":{"replicas":2}},
 {"metadata":{"name":"b","resourceVersion":"9"},"spec":{"replicas":1.5,"nodeName":"n1"}}]}`

// oneKeyDoc has no map of two keys: client-go's own walk of it is
// deterministic, so the guarded walk must print exactly what it prints.
const oneKeyDoc = `{"items":[{"metadata":{"labels":{"app":"x"}}},{"spec":{"replicas":2}},{"s":"ab"},{"l":[{"a":1},[2]]}]}`

func decodeDoc(t testing.TB, doc string) any {
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	obj, err := unstructuredInts(v)
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

// FuzzKubectlJSONPath feeds any template to the printer's entry point
// (plain and JSON output): an error is fine, a panic is not, and where
// client-go's own walk is deterministic (no map of two keys) the guarded
// walk prints the same bytes and the same error.
func FuzzKubectlJSONPath(f *testing.F) {
	for _, s := range jsonPathSeeds {
		f.Add(s)
	}
	obj, one := decodeDoc(f, jsonPathDoc), decodeDoc(f, oneKeyDoc)
	f.Fuzz(func(t *testing.T, tmpl string) {
		for _, asJSON := range []bool{false, true} {
			p, err := newJSONPath("fuzz", tmpl)
			if err != nil {
				return
			}
			// On the whole pod, the same text every time: Go's maps are
			// walked in a new order each time, kubectl's output is not.
			first, firstErr := p.execute(asJSON, obj)
			for range 3 {
				p, _ = newJSONPath("fuzz", tmpl)
				if again, againErr := p.execute(asJSON, obj); again != first || errText(againErr) != errText(firstErr) {
					t.Fatalf("%q on the pod: %q (%v), then %q (%v)", tmpl, first, firstErr, again, againErr)
				}
			}
			p, _ = newJSONPath("fuzz", tmpl)
			p.ordered = true
			got, gotErr := p.execute(asJSON, one)
			want, wantErr := clientGoRun(tmpl, asJSON, one)
			if got != want || errText(gotErr) != errText(wantErr) {
				t.Fatalf("%q: guarded %q (%v), client-go %q (%v)", tmpl, got, gotErr, want, wantErr)
			}
		}
	})
}

// clientGoRun is client-go's Execute unguarded; a panic is reported as
// the guard reports it.
func clientGoRun(tmpl string, asJSON bool, data any) (out string, err error) {
	j := jsonpath.New("fuzz").AllowMissingKeys(true)
	j.EnableJSONOutput(asJSON)
	if err := j.Parse(tmpl); err != nil {
		return "", err
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = "", &panicked{r}
		}
	}()
	var b bytes.Buffer
	err = j.Execute(&b, data)
	if err != nil {
		return "", err
	}
	return b.String(), nil
}

type panicked struct{ v any }

func (p *panicked) Error() string { return "" }

func errText(err error) string {
	if err == nil {
		return ""
	}
	if strings.Contains(err.Error(), "client-go panics") {
		return "panic"
	}
	if _, ok := err.(*panicked); ok {
		return "panic"
	}
	return err.Error()
}

// TestJSONPathDialect pins what the printers print for the templates
// lessons and trainers use, the order of a map's values included.
func TestJSONPathDialect(t *testing.T) {
	obj := decodeDoc(t, jsonPathDoc)
	for _, c := range []struct{ tmpl, want string }{
		{"{.metadata.resourceVersion}", "12"},
		{"{.items[*].metadata.name}", "a b"},
		{`{range .items[*]}{.metadata.name}={.metadata.resourceVersion}{"\n"}{end}`, "a=10\nb=9\n"},
		{`{.items[?(@.metadata.resourceVersion<"9")].metadata.name}`, "a"},
		{`{.items[?(@.metadata.name=="b")].spec.nodeName}`, "n1"},
		{"{.items[0].metadata.labels.*}", "x db"},
		{"{.items[0].metadata.*}", `{"app":"x","tier":"db"} a 10`},
		{"{.items[1].spec.*}", "n1 1.5"},
		{"{.items[0]..name}", "a"},
		{"{.items[-1:].metadata.name}", "b"},
		{"{.items[0].metadata.labels}", `{"app":"x","tier":"db"}`},
		{"{.nope}", ""},
		{"{.items[*].*[0]}", ""},
	} {
		for range 5 { // a map's order would show within a few runs
			p, err := newJSONPath("t", c.tmpl) // a range leaves client-go's JSONPath spent
			if err != nil {
				t.Fatalf("%s: %v", c.tmpl, err)
			}
			got, err := p.execute(false, obj)
			if c.tmpl == "{.items[*].*[0]}" {
				if want := "map[string]interface {} is not array or slice"; err == nil || err.Error() != want {
					t.Errorf("%s: error %v, want %q (the map's wording, not the ordered copy's)", c.tmpl, err, want)
				}
				continue
			}
			if err != nil || got != c.want {
				t.Errorf("%s = %q (%v), want %q", c.tmpl, got, err, c.want)
			}
		}
	}
	p, _ := newJSONPath("t", "{.items[*].metadata[?(@.a)]}")
	if _, err := p.execute(false, obj); err == nil || !strings.HasPrefix(err.Error(), "map[labels:map[app:x tier:db] name:a resourceVersion:10] is not array") {
		t.Errorf("filter on a map: %v", err)
	}
	if got, err := p.execute(true, map[string]any{}); err != nil || got != "[]\n" {
		t.Errorf("jsonpath-as-json of nothing: %q %v", got, err)
	}
	if _, err := newJSONPath("t", "{.metadata.name"); err == nil || err.Error() != "unclosed action" {
		t.Errorf("unclosed template: %v", err)
	}
	p, _ = newJSONPath("t", "{range.00}0{[0]}")
	if _, err := p.execute(false, obj); err == nil || !strings.Contains(err.Error(), "client-go panics") {
		t.Errorf("a template client-go panics on: %v", err)
	}
}

// TestJSONPathThroughKubectl runs the printers as a trainer types them.
func TestJSONPathThroughKubectl(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run web-0 -l app=web,tier=fe", "kubectl run web-1")
	answers{
		{"kubectl get pods -o jsonpath={.items[*].metadata.name}", "web-0 web-1"},
		{"kubectl get pod web-0 -o jsonpath={.metadata.labels.*}", "web fe"},
		{"kubectl get pods -o custom-columns=NAME:.metadata.name,L:.metadata.labels.* --sort-by=.metadata.name", "NAME    L\nweb-0   web,fe\nweb-1   web-1\n"},
	}.expect(t, sh)
}

// TestCustomColumnsHeaderBeforeParseError: kubectl's custom-columns
// printer prints its header, then parses the columns; kubectl 1.36.5
// answered `get pods -o 'custom-columns=A:.x['` with "A" and the error.
func TestCustomColumnsHeaderBeforeParseError(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run a")
	answers{
		{"kubectl get pods -o 'custom-columns=A:.x['", "A\nerror: unterminated array\n"},
		{"kubectl get pods -o 'custom-columns=A:.x[' --no-headers", "error: unterminated array\n"},
	}.expect(t, sh)
}

// TestWatchRowsWithoutHeader: under --no-headers a watch's rows are as
// wide as their own cells (tabwriter's minimum 6), not the header's;
// kubectl 1.36.5 printed these two watches of one create (live k22).
func TestWatchRowsWithoutHeader(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl get cm -w", "kubectl get cm -w --no-headers")
	got := run(t, sh, "kubectl create configmap a")
	want := "configmap/a created\nNAME   DATA   AGE\na      0      0s\na     0     0s\n"
	if got != want {
		t.Errorf("two watches of one create printed %q, want %q", got, want)
	}
}

// TestSortByInTheTable: kubectl 1.36's table is sorted by its printer,
// whose errors get ignores (sortObjects): a field no pod has, with or
// without braces, prints nothing and "No resources found" for two pods or
// more and the table for one; the other printers say the error (live
// k19: kubectl 1.36.5 printed these).
func TestSortByInTheTable(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run b -l app=web", "kubectl run a", "kubectl run c")
	const none = "No resources found in default namespace.\n"
	answers{
		{"kubectl get pods --sort-by=.nope", none},
		{"kubectl get pods --sort-by={.nope}", none},
		{"kubectl get pods --sort-by=nope -o wide", none},
		{"kubectl get pods --sort-by={.x[", none},
		{"kubectl get pods -l app=nope --sort-by=.nope", none},
		{"kubectl get pods --sort-by=.nope -o name", "error: couldn't find any field with path \"{.nope}\" in the list of objects\n"},
		{"kubectl get pods --sort-by=.x[ -o name", "error: unterminated array\n"},
	}.expect(t, sh)
	// One pod: the printer does not sort a table of one row.
	for _, line := range []string{"kubectl get pods -l app=web --sort-by=.nope", "kubectl get pods -l app=web --sort-by={.nope}"} {
		if got := run(t, sh, line); !strings.HasPrefix(got, "NAME ") || !strings.Contains(got, "\nb ") {
			t.Errorf("%s = %q, want the one pod's table", line, got)
		}
	}
	// A field that only b has: kubectl's Less calls a row without it less
	// than any other, even another without it, so sort.Sort's insertion
	// sort walks c in front of a.
	got := run(t, sh, "kubectl get pods --sort-by=.metadata.labels.app -o name")
	if got != "pod/c\npod/a\npod/b\n" {
		t.Errorf("sorted by app: %q, want c, a, b (kubectl's Less under sort.Sort)", got)
	}
}

// TestSortByUnsortable: a field whose values kubectl's isLess cannot
// compare (a map, which client-go's JSONPath hands over as an interface)
// ends kubectl with its exit line, naming what held the
// field: the object for the other printers, the table's parsed rows for
// the table (kubectl 1.36 sorter.go, RuntimeSort.Less and TableSorter.Less).
func TestSortByUnsortable(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl run a -l x=1", "kubectl run b -l x=2")
	answers{
		{"kubectl get pods --sort-by=.metadata.labels -o name", "Field {.metadata.labels} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable type: map[string]interface {}\n"},
		{"kubectl get pods --sort-by=.metadata.labels", "Field {.metadata.labels} in [][][]reflect.Value is an unsortable type: interface, err: unsortable type: map[string]interface {}\n"},
	}.expect(t, sh)
}

// TestWatchCustomColumnsBadSpec: kubectl's watch prints through its own
// tabwriter and drops the error of a watched event (get.go): a spec that
// does not parse is one wrapped error line when there are objects to
// list, and with none (or --watch-only) the watch ends, silently, at the
// first event.
func TestWatchCustomColumnsBadSpec(t *testing.T) {
	sh := kubeShell(t)
	answers{
		{"kubectl get cm -w -o 'custom-columns=A:.x['", ""},
		{"kubectl create configmap a", "configmap/a created\n"},
		{"kubectl create configmap b", "configmap/b created\n"},
		{"kubectl get cm -w -o 'custom-columns=A:.x['", "error: unable to output the provided object: unterminated array\n"},
		{"kubectl get cm --watch-only -o 'custom-columns=A:.x['", ""},
		{"kubectl create configmap c", "configmap/c created\n"},
		{"kubectl create configmap d", "configmap/d created\n"},
	}.expect(t, sh)
	if len(sh.watches) != 0 {
		t.Errorf("%d watches still open, want none: each ended at its first event", len(sh.watches))
	}
}
