package console

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"watchscope/internal/order"

	"k8s.io/client-go/util/jsonpath"
)

// jsonPath is a kubectl template (-o jsonpath=, a custom column, a
// --sort-by field) run by the engine kubectl itself runs, client-go's
// util/jsonpath, with two guards the simulation needs:
//
//   - Order. client-go visits a map's values ({.metadata.labels.*}, ..)
//     in Go's map order, which Go randomises, so the real kubectl prints
//     them in a different order from run to run. The simulation must
//     print the same thing twice, so a template that may visit a map's
//     values in turn (it has a * or ..) runs on a copy of the object in
//     which every map is a struct with the map's entries as fields in key
//     order (client-go visits a struct's fields in order, and finds a
//     field by its json tag). Its results and errors are turned back into
//     maps, so the output is the one kubectl prints in one of its orders.
//   - Panics. client-go's walker panics on a few odd templates (a range
//     over a missing key indexed again: {range.x}{[0]}), and kubectl dies
//     with a stack trace; here that is an error naming the template.
//
// The keys of the objects are Kubernetes names (no commas, quotes or
// backslashes), which is what a json tag can carry.
type jsonPath struct {
	jp      *jsonpath.JSONPath
	ordered bool // the template may visit a map's values in turn
}

// newJSONPath parses a template as kubectl does (missing keys allowed).
func newJSONPath(name, template string) (*jsonPath, error) {
	jp := jsonpath.New(name).AllowMissingKeys(true)
	if err := jp.Parse(template); err != nil {
		return nil, err
	}
	tree, err := jsonpath.Parse(name, template)
	if err != nil {
		return nil, err
	}
	return &jsonPath{jp: jp, ordered: visitsMapValues(tree.Root)}, nil
}

// visitsMapValues: the parsed template has a wildcard or a recursive
// descent, the two steps that walk a map's values in turn (Go's map
// order, a new one each run). Read from the tree, not the text: a quoted
// key is parsed again as a field, so {['.']} is a recursive descent and
// {['*']} a wildcard.
func visitsMapValues(n jsonpath.Node) bool {
	switch n := n.(type) {
	case *jsonpath.RecursiveNode, *jsonpath.WildcardNode:
		return true
	case *jsonpath.ListNode:
		return slices.ContainsFunc(n.Nodes, visitsMapValues)
	case *jsonpath.FilterNode:
		return visitsMapValues(n.Left) || visitsMapValues(n.Right)
	case *jsonpath.UnionNode:
		return slices.ContainsFunc(n.Nodes, func(l *jsonpath.ListNode) bool { return visitsMapValues(l) })
	}
	return false
}

// execute is kubectl's JSONPath.Execute: find, then print each result set.
func (p *jsonPath) execute(asJSON bool, data any) (string, error) {
	p.jp.EnableJSONOutput(asJSON)
	results, err := p.find(data)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	for _, r := range results {
		if err := p.jp.PrintResults(&b, r); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// find is client-go's FindResults under the two guards.
func (p *jsonPath) find(data any) (results [][]reflect.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			results, err = nil, fmt.Errorf("the template cannot be applied here (client-go panics: %v)", r)
		}
	}()
	if !p.ordered {
		return p.jp.FindResults(data)
	}
	sorted := orderedCopy(data)
	results, err = p.jp.FindResults(sorted)
	if err != nil {
		return nil, fmt.Errorf("%s", mapWording(sorted).Replace(err.Error()))
	}
	for _, rs := range results {
		for i, r := range rs {
			rs[i] = unordered(r)
		}
	}
	return results, nil
}

var anyType = reflect.TypeFor[any]()

// orderedCopy is v with every map[string]any made a struct: one field of
// type any per key, in key order, named Ωk0, Ωk1, ... (no template names
// them) and tagged json:"key".
func orderedCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(t))
		fields := make([]reflect.StructField, len(keys))
		for i, k := range keys {
			fields[i] = reflect.StructField{Name: "Ωk" + strconv.Itoa(i), Type: anyType, Tag: reflect.StructTag("json:" + strconv.Quote(k))}
		}
		s := reflect.New(reflect.StructOf(fields)).Elem()
		for i, k := range keys {
			if e := orderedCopy(t[k]); e != nil {
				s.Field(i).Set(reflect.ValueOf(e))
			}
		}
		return s.Interface()
	case []any:
		return mapSlice(t, orderedCopy)
	}
	return v
}

// plainCopy undoes orderedCopy: the objects hold no struct but its.
func plainCopy(v any) any {
	switch t := v.(type) {
	case []any:
		return mapSlice(t, plainCopy)
	case nil:
		return nil
	}
	s := reflect.ValueOf(v)
	if s.Kind() != reflect.Struct {
		return v
	}
	m := make(map[string]any, s.NumField())
	for i := range s.NumField() {
		m[s.Type().Field(i).Tag.Get("json")] = plainCopy(s.Field(i).Interface())
	}
	return m
}

// unordered is a result as client-go finds it in the plain object: a value
// read out of a map or slice is an interface, the object itself is not.
func unordered(r reflect.Value) reflect.Value {
	if !r.IsValid() {
		return r
	}
	if r.Kind() != reflect.Interface {
		return reflect.ValueOf(plainCopy(r.Interface()))
	}
	if r.IsNil() {
		return r
	}
	holder := []any{plainCopy(r.Interface())}
	return reflect.ValueOf(holder).Index(0)
}

// mapWording puts the maps back into an error client-go wrote about a
// struct of orderedCopy's ("%v is not array or slice", with the value or
// its type): each struct's type and printed form becomes the map's,
// longest first so that an outer value is replaced whole.
func mapWording(sorted any) *strings.Replacer {
	var pairs [][2]string
	var walk func(v any)
	walk = func(v any) {
		if l, ok := v.([]any); ok {
			for _, e := range l {
				walk(e)
			}
			return
		}
		s := reflect.ValueOf(v)
		if !s.IsValid() || s.Kind() != reflect.Struct {
			return
		}
		pairs = append(pairs, [2]string{fmt.Sprint(v), fmt.Sprint(plainCopy(v))}, [2]string{s.Type().String(), "map[string]interface {}"})
		for i := range s.NumField() {
			walk(s.Field(i).Interface())
		}
	}
	walk(sorted)
	order.SortStableFunc(pairs, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	var flat []string
	for _, p := range pairs {
		flat = append(flat, p[0], p[1])
	}
	return strings.NewReplacer(flat...)
}
