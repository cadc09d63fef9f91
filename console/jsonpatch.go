package console

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// The three patch kinds kubectl patch sends, applied to an object's JSON
// (decoded into map[string]any, []any, string, float64, bool, nil) the way
// the API server applies them:
//
//   - merge (RFC 7386, application/merge-patch+json): the patch's keys
//     replace the object's, null deletes one, objects merge recursively,
//     anything else (lists too) replaces the whole value;
//   - strategic (the default for built-in types): a merge patch that also
//     knows each list's merge key. The simulation's objects have no lists,
//     so it is the merge patch plus the map directive "$patch": "replace"
//     (the map becomes the patch's) or "delete" (the map goes);
//   - json (RFC 6902, application/json-patch+json): a list of operations
//     add, remove, replace, move, copy, test on JSON pointers (RFC 6901),
//     with the errors of gopkg.in/evanphx/json-patch.v4, the library the
//     API server applies them with.

// mergePatch applies an RFC 7386 merge patch to target.
func mergePatch(target, patch any, strategic bool) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	if strategic {
		switch p["$patch"] {
		case "replace":
			out := maps.Clone(p)
			delete(out, "$patch")
			return out
		case "delete":
			return nil
		}
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	} else {
		t = maps.Clone(t)
	}
	for _, k := range slices.Sorted(maps.Keys(p)) {
		v := p[k]
		if v == nil {
			delete(t, k)
			continue
		}
		if r := mergePatch(t[k], v, strategic); r != nil {
			t[k] = r
		} else {
			delete(t, k)
		}
	}
	return t
}

// jsonPatchOp is one RFC 6902 operation.
type jsonPatchOp struct {
	Op    string           `json:"op"`
	Path  *string          `json:"path"`
	From  *string          `json:"from"`
	Value *json.RawMessage `json:"value"`
}

// decodeJSONPatch reads a JSON patch document: a list of operations.
func decodeJSONPatch(raw []byte) ([]jsonPatchOp, error) {
	var ops []jsonPatchOp
	if err := json.Unmarshal(raw, &ops); err != nil {
		return nil, err
	}
	return ops, nil
}

// applyJSONPatch applies the operations in order to a copy of doc.
func applyJSONPatch(doc any, ops []jsonPatchOp) (any, error) {
	doc = deepCopyJSON(doc)
	for _, op := range ops {
		path := ""
		if op.Path != nil {
			path = *op.Path
		}
		var err error
		switch op.Op {
		case "add":
			var v any
			if v, err = opValue(op); err == nil {
				doc, err = jsonAdd(doc, path, v)
			}
		case "remove":
			doc, _, err = jsonRemove(doc, path)
		case "replace":
			var v any
			if v, err = opValue(op); err == nil {
				doc, err = jsonReplace(doc, path, v)
			}
		case "move", "copy":
			doc, err = jsonMoveCopy(doc, op)
		case "test":
			err = jsonTest(doc, op)
		default:
			err = fmt.Errorf("Unexpected kind: %s", op.Op)
		}
		if err != nil {
			return nil, err
		}
	}
	return doc, nil
}

func opValue(op jsonPatchOp) (any, error) {
	if op.Value == nil {
		return nil, fmt.Errorf("%s operation, missing value field: missing value", op.Op)
	}
	var v any
	err := json.Unmarshal(*op.Value, &v)
	return v, err
}

// parent walks to the container of path's last token: the container, the
// token, and whether the walk found it.
func parent(doc any, path string) (any, string, bool) {
	if path == "" || path[0] != '/' {
		return nil, "", false
	}
	toks := strings.Split(path[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	cur := doc
	for _, t := range toks[:len(toks)-1] {
		next, ok := child(cur, t)
		if !ok {
			return nil, "", false
		}
		cur = next
	}
	return cur, toks[len(toks)-1], true
}

func child(c any, tok string) (any, bool) {
	switch c := c.(type) {
	case map[string]any:
		v, ok := c[tok]
		return v, ok && v != nil
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(c) {
			return nil, false
		}
		return c[i], true
	}
	return nil, false
}

// setIn replaces the container at path's parent: maps change in place,
// lists are rebuilt, so the new list is written back into its own parent.
func setIn(doc any, path string, c any) any {
	i := strings.LastIndexByte(path, '/')
	if i <= 0 {
		return c
	}
	pp, tok, _ := parent(doc, path[:i])
	switch p := pp.(type) {
	case map[string]any:
		p[tok] = c
	case []any:
		n, _ := strconv.Atoi(tok)
		p[n] = c
		return setIn(doc, path[:i], p)
	}
	return doc
}

func jsonAdd(doc any, path string, v any) (any, error) {
	if path == "" {
		return v, nil
	}
	c, tok, ok := parent(doc, path)
	if !ok {
		return nil, fmt.Errorf("add operation does not apply: doc is missing path: %q: missing value", path)
	}
	switch c := c.(type) {
	case map[string]any:
		c[tok] = v
		return doc, nil
	case []any:
		i := len(c)
		if tok != "-" {
			n, err := strconv.Atoi(tok)
			if err != nil {
				return nil, fmt.Errorf("add operation does not apply: doc is missing path: %q: missing value", path)
			}
			if n < 0 || n > len(c) {
				return nil, fmt.Errorf("Unable to access invalid index: %d: invalid index referenced", n)
			}
			i = n
		}
		return setIn(doc, path, slices.Insert(slices.Clone(c), i, v)), nil
	}
	return nil, fmt.Errorf("add operation does not apply: doc is missing path: %q: missing value", path)
}

func jsonRemove(doc any, path string) (any, any, error) {
	c, tok, ok := parent(doc, path)
	if !ok {
		return nil, nil, fmt.Errorf("remove operation does not apply: doc is missing path: %q: missing value", path)
	}
	switch c := c.(type) {
	case map[string]any:
		v, ok := c[tok]
		if !ok {
			return nil, nil, fmt.Errorf("error in remove for path: '%s': Unable to remove nonexistent key: %s: missing value", path, tok)
		}
		delete(c, tok)
		return doc, v, nil
	case []any:
		n, err := strconv.Atoi(tok)
		if err != nil || n < 0 || n >= len(c) {
			return nil, nil, fmt.Errorf("error in remove for path: '%s': Unable to access invalid index: %s: invalid index referenced", path, tok)
		}
		v := c[n]
		return setIn(doc, path, slices.Delete(slices.Clone(c), n, n+1)), v, nil
	}
	return nil, nil, fmt.Errorf("remove operation does not apply: doc is missing path: %q: missing value", path)
}

func jsonReplace(doc any, path string, v any) (any, error) {
	if path == "" {
		return v, nil
	}
	c, tok, ok := parent(doc, path)
	if !ok {
		return nil, fmt.Errorf("replace operation does not apply: doc is missing path: %s: missing value", path)
	}
	// json-patch.v4 finds every key of an object (a missing one reads as
	// null), so a replace of a missing key sets it; only a list's index
	// must exist.
	switch c := c.(type) {
	case map[string]any:
		c[tok] = v
		return doc, nil
	case []any:
		if n, err := strconv.Atoi(tok); err == nil && n >= 0 && n < len(c) {
			c[n] = v
			return doc, nil
		}
	}
	return nil, fmt.Errorf("replace operation does not apply: doc is missing key: %s: missing value", path)
}

func hasKey(m map[string]any, k string) bool { _, ok := m[k]; return ok }

func jsonMoveCopy(doc any, op jsonPatchOp) (any, error) {
	if op.From == nil || op.Path == nil {
		return nil, fmt.Errorf("%s operation, missing from field: missing value", op.Op)
	}
	c, tok, ok := parent(doc, *op.From)
	v, found := child(c, tok)
	if !ok || !found {
		return nil, fmt.Errorf("%s operation does not apply: doc is missing from path: %s: missing value", op.Op, *op.From)
	}
	if op.Op == "move" {
		var err error
		if doc, _, err = jsonRemove(doc, *op.From); err != nil {
			return nil, err
		}
	} else {
		v = deepCopyJSON(v)
	}
	return jsonAdd(doc, *op.Path, v)
}

func jsonTest(doc any, op jsonPatchOp) error {
	path := ""
	if op.Path != nil {
		path = *op.Path
	}
	want, err := opValue(op)
	if err != nil {
		return err
	}
	got, found := doc, true
	if path != "" {
		var c any
		var tok string
		c, tok, found = parent(doc, path)
		if found {
			got, found = child(c, tok)
		}
	}
	if !found {
		if want == nil {
			return nil
		}
		return fmt.Errorf("testing value %s failed: test failed", path)
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("testing value %s failed: test failed", path)
	}
	return nil
}

func deepCopyJSON(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out[k] = deepCopyJSON(v[k])
		}
		return out
	case []any:
		return mapSlice(v, deepCopyJSON)
	}
	return v
}

// mapSlice is a new list of f of each element of l: the list case of the
// recursive copies of a JSON value (deepCopyJSON, orderedCopy, plainCopy).
func mapSlice(l []any, f func(any) any) []any {
	out := make([]any, len(l))
	for i, x := range l {
		out[i] = f(x)
	}
	return out
}

// pruned is v without null values and empty objects, as a typed Go
// object with omitempty fields writes it: {"labels":{}} is no labels.
func pruned(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := make(map[string]any, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		x := pruned(m[k])
		if sub, isMap := x.(map[string]any); x == nil || isMap && len(sub) == 0 {
			continue
		}
		out[k] = x
	}
	return out
}

// firstDifference is the dotted path of the first place (in sorted key
// order) where a and b differ, "" when they are equal.
func firstDifference(a, b any, path string) string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if !aok || !bok {
		if reflect.DeepEqual(a, b) {
			return ""
		}
		return path
	}
	keys := append(slices.Sorted(maps.Keys(am)), slices.Sorted(maps.Keys(bm))...)
	slices.Sort(keys)
	for _, k := range slices.Compact(keys) {
		p := k
		if path != "" {
			p = path + "." + k
		}
		if d := firstDifference(am[k], bm[k], p); d != "" {
			return d
		}
	}
	return ""
}
