package console

import (
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"regexp"
	"sort"
	"strings"

	am "watchscope/apimachinery"
)

// errNothingPrinted is kubectl's table printer failing to sort: get
// ignores what its printer returns, so the table is not printed and get
// says "No resources found" as if the list were empty.
var errNothingPrinted = errors.New("the table printer could not sort")

// sortObjects is kubectl get --sort-by. The field is read from each object
// as kubectl's unstructured objects hold it, and the objects sorted with
// sort.Sort and kubectl's isLess, so that equal keys land where kubectl's
// sort puts them; an object without the field sorts first.
//
// The other printers (name, json, jsonpath, custom-columns) sort the
// list's objects by the field as a relaxed JSONPath (".a.b" is "{.a.b}");
// a field no object has is an error, a list of none is left alone. The
// table (plain or wide) is the server's Table, sorted by kubectl 1.36's
// SortingPrinter when it has two rows or more (get's own RuntimeSorter
// leaves a single Table alone): by the relaxed path, or the field as
// written when it is not one. Any error there but an unsortable value is
// the printer's, and get ignores what its printer returns: nothing is
// printed (errNothingPrinted), then "No resources found".
func sortObjects(objs []*am.Object, field string, table bool) error {
	if field == "" {
		return nil
	}
	if !table {
		if len(objs) == 0 {
			return nil
		}
		parsed, err := relaxedJSONPath(field)
		if err != nil {
			return err
		}
		return sortByPath(objs, parsed, "*unstructured.Unstructured")
	}
	if len(objs) < 2 {
		return nil
	}
	parsed, err := relaxedJSONPath(field)
	if err != nil {
		parsed = field
	}
	var exit unsortable
	if err := sortByPath(objs, parsed, "[][][]reflect.Value"); errors.As(err, &exit) {
		return err
	} else if err != nil {
		return errNothingPrinted
	}
	return nil
}

// unsortable is kubectl exiting (klog.Exitf) on a value its isLess cannot
// compare: the line it prints (a serverError), whatever the printer.
type unsortable struct{ line serverError }

func (u unsortable) Error() string { return u.line.Error() }
func (u unsortable) Unwrap() error { return u.line }

// sortByPath sorts objs by the JSONPath template path (kubectl's
// SortObjects and NewTableSorter: a template that does not parse is an
// error, and so is a field found in none of the objects). holder is what
// kubectl's exit line names as the field's container: the sorter's %T,
// the object for the other printers, the parsed rows for the table.
func sortByPath(objs []*am.Object, path, holder string) error {
	jp, err := newJSONPath("sorting", path)
	if err != nil {
		return serverError("error: " + err.Error())
	}
	keys := make([]*reflect.Value, len(objs))
	found := false
	for i, o := range objs {
		u, err := unstructuredInts(o)
		if err != nil {
			return err
		}
		rs, err := jp.find(u)
		if err != nil {
			return serverError("error: " + err.Error())
		}
		if len(rs) > 0 && len(rs[0]) > 0 {
			keys[i], found = &rs[0][0], true
		}
	}
	if !found {
		return serverError(fmt.Sprintf("error: couldn't find any field with path %q in the list of objects", path))
	}
	s := &keySort{objs: objs, keys: keys, field: path, holder: holder}
	sort.Sort(s)
	return s.err
}

type keySort struct {
	objs  []*am.Object
	keys  []*reflect.Value
	field string
	// holder is the %T in kubectl's exit line for an unsortable value.
	holder string
	err    error
}

func (s *keySort) Len() int { return len(s.objs) }
func (s *keySort) Swap(i, j int) {
	s.objs[i], s.objs[j] = s.objs[j], s.objs[i]
	s.keys[i], s.keys[j] = s.keys[j], s.keys[i]
}
func (s *keySort) Less(i, j int) bool {
	switch {
	case s.keys[i] == nil:
		return true
	case s.keys[j] == nil:
		return false
	}
	less, err := isLess(*s.keys[i], *s.keys[j])
	if err != nil && s.err == nil {
		// kubectl exits here (klog.Exitf) with this line.
		s.err = unsortable{serverError(fmt.Sprintf("Field %s in %s is an unsortable type: %s, err: %v", s.field, s.holder, s.keys[i].Kind(), err))}
	}
	return less
}

// isLess is kubectl's for the values an unstructured object holds: int64,
// float64, strings (compared as quantities when both parse as one, so
// resourceVersions sort as numbers), and slices and maps of them.
func isLess(i, j reflect.Value) (bool, error) {
	if i.Kind() == reflect.Interface {
		if i.IsNil() && j.IsNil() {
			return false, nil
		} else if i.IsNil() {
			return true, nil
		} else if j.IsNil() {
			return false, nil
		}
		switch a := i.Interface().(type) {
		case int64:
			if b, ok := j.Interface().(int64); ok {
				return a < b, nil
			}
		case float64:
			if b, ok := j.Interface().(float64); ok {
				return a < b, nil
			}
		case string:
			if b, ok := j.Interface().(string); ok {
				qa, okA := quantityValue(a)
				qb, okB := quantityValue(b)
				if okA && okB {
					return qa.Cmp(qb) < 0, nil
				}
				return a < b, nil
			}
		default:
			return false, fmt.Errorf("unsortable type: %T", a)
		}
		return false, fmt.Errorf("unsortable interface: %v", i.Kind())
	}
	switch i.Kind() {
	case reflect.Int64:
		return i.Int() < j.Int(), nil
	case reflect.Float64:
		return i.Float() < j.Float(), nil
	case reflect.String:
		return i.String() < j.String(), nil
	case reflect.Slice:
		for k := 0; k < min(i.Len(), j.Len()); k++ {
			less, err := isLess(i.Index(k), j.Index(k))
			if err != nil || !less {
				return less, err
			}
		}
		return true, nil
	}
	return false, fmt.Errorf("unsortable type: %v", i.Kind())
}

var quantityRe = regexp.MustCompile(`^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$`)

// quantityValue reads a string as resource.ParseQuantity would accept it
// (a decimal number with an optional SI, binary or exponent suffix) and
// returns its exact value.
func quantityValue(s string) (*big.Rat, bool) {
	m := quantityRe.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	num, ok := new(big.Rat).SetString(strings.TrimSuffix(m[1], "."))
	if !ok {
		return nil, false
	}
	mult := new(big.Rat).SetInt64(1)
	pow := func(base, exp int64) *big.Rat {
		r := new(big.Int).Exp(big.NewInt(base), big.NewInt(max(exp, -exp)), nil)
		if exp < 0 {
			return new(big.Rat).SetFrac(big.NewInt(1), r)
		}
		return new(big.Rat).SetInt(r)
	}
	switch suf := m[2]; {
	case suf == "":
	case strings.HasSuffix(suf, "i"):
		mult = pow(2, 10*int64(strings.Index("KMGTPE", suf[:1])+1))
	case len(suf) == 1 && strings.Contains("numkMGTPE", suf):
		mult = pow(10, map[string]int64{"n": -9, "u": -6, "m": -3, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}[suf])
	default:
		var e int64
		fmt.Sscan(strings.TrimLeft(suf[1:], "+"), &e)
		if e > 1000 || e < -1000 {
			return nil, false
		}
		mult = pow(10, e)
	}
	return num.Mul(num, mult), true
}
