package console

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	am "watchscope/apimachinery"
)

// output is what kubectl get's printer flags ask for: -o (a table, wide,
// json, yaml, name, jsonpath=, jsonpath-as-json=, custom-columns=),
// --no-headers, --show-labels and --sort-by. It is checked before any
// request is sent, as kubectl builds its printer first.
type output struct {
	format     string // "", wide, json, yaml, name, jsonpath, jsonpath-as-json, custom-columns
	template   string // the jsonpath template as typed
	jp         *jsonPath
	columns    []customColumn
	noHeaders  bool
	showLabels bool
	sortBy     string
}

type customColumn struct {
	header string
	jp     *jsonPath
	// err is the column's JSONPath that does not parse: kubectl finds out
	// only when it prints, after the header (its CustomColumnsPrinter
	// parses the columns in PrintObj), so the header comes first.
	err error
}

// allowedFormats is kubectl get's list of -o values, sorted, as its
// "unable to match a printer" error names them.
const allowedFormats = "custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml"

// parseOutput builds the printer as kubectl's PrintFlags.ToPrinter does,
// with its error texts.
func parseOutput(p parsedFlags) (output, error) {
	o := output{format: p.String("output", ""), noHeaders: p.Bool("no-headers"),
		showLabels: p.Bool("show-labels"), sortBy: p.String("sort-by", "")}
	kind, value, hasValue := strings.Cut(o.format, "=")
	switch {
	case o.format == "" || o.format == "wide" || o.format == "json" || o.format == "yaml" || o.format == "name":
		return o, nil
	case kind == "jsonpath" || kind == "jsonpath-as-json":
		if !hasValue || value == "" {
			return o, serverError("error: template format specified but no template given")
		}
		jp, err := newJSONPath("out", value)
		if err != nil {
			return o, serverError(fmt.Sprintf("error: error parsing jsonpath %s, %v", value, err))
		}
		o.format, o.template, o.jp = kind, value, jp
		return o, nil
	case kind == "custom-columns":
		if value == "" {
			return o, serverError("error: custom-columns format specified but no custom columns given")
		}
		o.format = kind
		cols, err := customColumns(value)
		o.columns = cols
		return o, err
	case slices.Contains(strings.Split(allowedFormats, ","), kind):
		return o, fmt.Errorf("-o %s is not simulated (the console prints json, yaml, name, wide, jsonpath=, jsonpath-as-json= and custom-columns=)", kind)
	}
	return o, serverError(fmt.Sprintf("error: unable to match a printer suitable for the output format %q, allowed formats are: %s", o.format, allowedFormats))
}

// customColumns reads HEADER:PATH,... (kubectl's NewCustomColumnsPrinterFromSpec).
func customColumns(spec string) ([]customColumn, error) {
	var cols []customColumn
	for i, part := range strings.Split(spec, ",") {
		header, path, ok := strings.Cut(part, ":")
		if !ok {
			return nil, serverError(fmt.Sprintf("error: unexpected custom-columns spec: %s, expected <header>:<json-path-expr>", part))
		}
		field, err := relaxedJSONPath(path)
		if err != nil {
			return nil, err
		}
		jp, err := newJSONPath(fmt.Sprintf("column%d", i), field)
		if err != nil {
			err = serverError("error: " + err.Error())
		}
		cols = append(cols, customColumn{header, jp, err})
	}
	return cols, nil
}

var relaxedRe = regexp.MustCompile(`^\{\.?([^{}]+)\}$|^\.?([^{}]+)$`)

// relaxedJSONPath is kubectl's RelaxedJSONPathExpression: custom columns
// and --sort-by accept a.b, .a.b, {a.b} or {.a.b}, all meaning {.a.b}.
func relaxedJSONPath(path string) (string, error) {
	if path == "" {
		return path, nil
	}
	m := relaxedRe.FindStringSubmatch(path)
	if m == nil {
		return "", serverError("error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'")
	}
	if m[1] != "" {
		return "{." + m[1] + "}", nil
	}
	return "{." + m[2] + "}", nil
}

// human reports whether the output is kubectl's table (plain or wide).
func (o output) human() bool { return o.format == "" || o.format == "wide" }

// render prints objects: a list (single false) or the one object kubectl
// get NAME fetched.
func (o output) render(objs []*am.Object, single, all bool, now time.Duration, listRV string) (string, error) {
	switch o.format {
	case "jsonpath", "jsonpath-as-json":
		var v any = listJSON(objs, listRV, single)
		return o.runJSONPath(v)
	case "custom-columns":
		return o.customRows(objs, !o.noHeaders)
	case "", "wide":
		return printTable(objs, all, !o.noHeaders, o.format == "wide", o.showLabels, now), nil
	}
	return printObjects(o.format, objs, all, !single, now, listRV), nil
}

// runJSONPath executes the template on the object as kubectl's
// JSONPathPrinter sees it (unstructured: numbers that are whole are
// int64), with its error text.
func (o output) runJSONPath(v any) (string, error) {
	obj, err := unstructuredInts(v)
	if err != nil {
		return "", err
	}
	out, err := o.jp.execute(o.format == "jsonpath-as-json", obj)
	if err != nil {
		return "", serverError(fmt.Sprintf("error: error executing jsonpath %q: Error executing template: %v. Printing more information for debugging the template:\n"+
			"\ttemplate was:\n\t\t%v\n\tobject given to jsonpath engine was:\n\t\t%#v\n\n", o.template, err, o.template, obj))
	}
	return out, nil
}

// customRows is kubectl's CustomColumnsPrinter: each column's values
// joined by commas, <none> when it finds nothing, aligned by tabwriter.
func (o output) customRows(objs []*am.Object, header bool) (string, error) {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 6, 4, 3, ' ', 0)
	if header {
		hs := make([]string, len(o.columns))
		for i, c := range o.columns {
			hs[i] = c.header
		}
		fmt.Fprintln(tw, strings.Join(hs, "\t"))
	}
	for _, c := range o.columns {
		if c.err != nil {
			tw.Flush()
			return b.String(), c.err
		}
	}
	for _, obj := range objs {
		u, err := unstructuredInts(obj)
		cells := make([]string, len(o.columns))
		for i, c := range o.columns {
			var vals []string
			results, ferr := c.jp.find(u)
			if err != nil || ferr != nil {
				vals = []string{"<none>"}
			} else if len(results) == 0 || len(results[0]) == 0 {
				vals = append(vals, "<none>")
			}
			for _, rs := range results {
				for _, r := range rs {
					vals = append(vals, terminalEscaper.Replace(fmt.Sprint(r.Interface())))
				}
			}
			cells[i] = strings.Join(vals, ",")
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
	return b.String(), nil
}

// terminalEscaper is cli-runtime's: escape characters cannot reach the
// terminal from a field's value.
var terminalEscaper = strings.NewReplacer("\x1b", "^[", "\r", "\\r")

// unstructuredInts is v as kubectl's unstructured objects hold it: JSON
// decoded into maps and slices, whole numbers as int64, others float64
// (apimachinery's unstructured JSON decoding), so a filter compares
// @.spec.replicas>1 as kubectl does.
func unstructuredInts(v any) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var generic any
	if err := d.Decode(&generic); err != nil {
		return nil, err
	}
	return intsFromNumbers(generic), nil
}

func intsFromNumbers(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = intsFromNumbers(e)
		}
	case []any:
		for i, e := range t {
			t[i] = intsFromNumbers(e)
		}
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	}
	return v
}

// labelsCell is the LABELS column of --show-labels: k=v pairs sorted by
// key, joined by commas, or <none> (labels.FormatLabels).
func labelsCell(labels map[string]string) string {
	if len(labels) == 0 {
		return "<none>"
	}
	var kv []string
	for _, k := range slices.Sorted(maps.Keys(labels)) {
		kv = append(kv, k+"="+labels[k])
	}
	return strings.Join(kv, ",")
}
