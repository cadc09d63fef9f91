package console

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// kubectl apply -f FILE|- : client-side apply, kubectl 1.36's default.
// Each object of the manifest is read from the server; an absent one is
// created, an existing one gets a three-way strategic merge patch:
//
//   - from the last-applied-configuration annotation (what the previous
//     apply sent) to the manifest: fields the manifest no longer has are
//     deleted (set to null);
//   - from the live object to the manifest: fields the manifest sets to
//     other values are changed. Fields only the live object has (set by
//     someone else, or by the server) stay.
//
// The manifest itself, without that annotation and as compact JSON with
// sorted keys, becomes the new annotation. An empty patch sends nothing:
// "unchanged". FILE is one written with cat > FILE (or dropped on the
// page); "-" is the command's input (a here-document).
//
// Server-side apply (--server-side) needs the managedFields the API server
// records for every field manager; the simulation keeps none
// (conformance/DIVERGENCES.md), so it is refused with a line that says so.

const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

func (sh *Shell) kubectlApply(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Bools:  []string{"server-side", "force-conflicts"},
		Values: []string{"filename", "namespace", "dry-run", "field-manager"},
		Short:  map[string]string{"f": "filename", "n": "namespace"}, Plain: true,
	})
	if err != nil {
		return "", err
	}
	if p.Bool("server-side") {
		return "", errors.New("kubectl apply --server-side: the simulated API server records no managedFields, so there are no field managers to apply as; leave out --server-side for client-side apply (kubectl's default)")
	}
	dry, err := dryRunFlag(p)
	if err != nil {
		return "", err
	}
	file := p.String("filename", "")
	if file == "" || len(p.Args) > 0 {
		return "", serverError("error: must specify one of -f and -k")
	}
	text, ok := sh.readFile(file)
	if !ok {
		return "", serverError(fmt.Sprintf("error: the path %q does not exist", file))
	}
	if file == "-" {
		file = "STDIN" // how kubectl names standard input
	}
	docs, err := parseManifests(text)
	if err != nil {
		return "", serverError(fmt.Sprintf("error: error parsing %s: error converting YAML to JSON: %v", file, err))
	}
	var out strings.Builder
	for _, d := range flattenLists(docs) {
		line, err := sh.applyOne(p, d, file, dry)
		out.WriteString(line)
		if err != nil {
			return out.String(), err
		}
	}
	if out.Len() == 0 {
		return "", serverError("error: no objects passed to apply")
	}
	return out.String(), nil
}

// flattenLists replaces a List document by its items; empty documents go.
func flattenLists(docs []any) []any {
	var out []any
	for _, d := range docs {
		if m, ok := d.(map[string]any); ok && m["kind"] == "List" {
			items, _ := m["items"].([]any)
			out = append(out, items...)
		} else if d != nil {
			out = append(out, d)
		}
	}
	return out
}

// applyOne applies one object: what kubectl prints for it (a warning
// first when the live object lacks the annotation).
func (sh *Shell) applyOne(p parsedFlags, doc any, file string, dry dryRun) (string, error) {
	m, ok := doc.(map[string]any)
	kind, _ := m["kind"].(string)
	if ok {
		// kubectl's client-side validation, before anything is sent
		var missing []string
		for _, f := range []string{"apiVersion", "kind"} {
			if v, _ := m[f].(string); v == "" {
				missing = append(missing, f+" not set")
			}
		}
		if len(missing) > 0 {
			what := missing[0]
			if len(missing) > 1 {
				what = "[" + strings.Join(missing, ", ") + "]"
			}
			return "", serverError(fmt.Sprintf("error: error validating %q: error validating data: %s; if you choose to ignore these errors, turn validation off with --validate=false", file, what))
		}
	}
	if !ok || kind == "" {
		b, _ := json.Marshal(doc)
		return "", serverError(fmt.Sprintf("error: unable to decode %q: Object 'Kind' is missing in '%s'", file, b))
	}
	r, known := am.LookupResource(kind)
	meta, _ := m["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	if !known || r.Kind != kind {
		ns, _ := meta["namespace"].(string)
		api, _ := m["apiVersion"].(string)
		return "", serverError(fmt.Sprintf("error: resource mapping not found for name: %q namespace: %q from %q: no matches for kind %q in version %q\nensure CRDs are installed first", name, ns, file, kind, api))
	}
	if name == "" {
		return "", serverError(fmt.Sprintf("error: error when retrieving current configuration of:\nResource: %q, GroupVersionKind: %q\nName: \"\", Namespace: %q\nfrom server for: %q: resource name may not be empty", r.Resource, "/v1, Kind="+kind, p.String("namespace", "default"), file))
	}
	modified := deepCopyJSON(m).(map[string]any)
	meta = modified["metadata"].(map[string]any)
	ns := ""
	if r.Namespaced {
		ns = p.String("namespace", "default")
		if fileNS, _ := meta["namespace"].(string); fileNS != "" {
			if p.Has("namespace") && fileNS != ns {
				return "", serverError(fmt.Sprintf("error: the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", fileNS, ns, fileNS))
			}
			ns = fileNS
		}
		meta["namespace"] = ns
	}
	annotate(modified)
	full, modified := modified, keptFields(r.Kind, modified)
	what := strings.ToLower(r.Kind) + "/" + name
	got, err := sh.call(apiserver.Request{Verb: apiserver.GET, Resource: r.Resource, Namespace: ns, Name: name})
	var se serverError
	if err != nil && errors.As(err, &se) && strings.HasPrefix(string(se), "Error from server (NotFound)") {
		return sh.applyCreate(r, ns, what, modified, dry)
	}
	if err != nil {
		return "", err
	}
	current := objectJSON(got.Object)
	var original any
	warn := ""
	if s, ok := got.Object.Annotations[lastApplied]; ok {
		json.Unmarshal([]byte(s), &original)
	} else {
		warn = fmt.Sprintf("Warning: resource %s/%s is missing the %s annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n", r.Resource, name, lastApplied)
	}
	patch := threeWayPatch(original, full, modified, current)
	if len(patch) == 0 {
		return warn + what + " unchanged" + dry.suffix() + "\n", nil
	}
	after := mergePatch(current, patch, true)
	if _, err := sh.writePatched(r, ns, name, got.Object, current, after, dry); err != nil {
		return warn, err
	}
	return warn + what + " configured" + dry.suffix() + "\n", nil
}

// annotate sets the last-applied annotation to the manifest as it is
// without it: compact JSON, keys sorted, and a line break, as kubectl's
// encoder writes it (annotations become {} when there were none).
func annotate(obj map[string]any) {
	meta := obj["metadata"].(map[string]any)
	ann, _ := meta["annotations"].(map[string]any)
	if ann == nil {
		ann = map[string]any{}
	}
	delete(ann, lastApplied)
	meta["annotations"] = ann
	b, _ := json.Marshal(obj)
	ann[lastApplied] = string(b) + "\n"
}

// keptFields is the part of a manifest the simulated object keeps
// (objectFromJSON): the rest (a Pod's containers, say) lives on only in
// the last-applied annotation, so applying the same manifest again is
// "unchanged", as on a real server.
func keptFields(kind string, obj map[string]any) map[string]any {
	out := map[string]any{}
	for _, k := range []string{"apiVersion", "kind"} {
		if v, ok := obj[k]; ok {
			out[k] = v
		}
	}
	meta, _ := obj["metadata"].(map[string]any)
	m := map[string]any{}
	for _, k := range []string{"name", "namespace", "labels", "annotations"} {
		if v, ok := meta[k]; ok {
			m[k] = v
		}
	}
	out["metadata"] = m
	switch kind {
	case "ConfigMap", "Secret":
		if v, ok := obj["data"]; ok {
			out["data"] = v
		}
	case "Pod":
		if spec, ok := obj["spec"].(map[string]any); ok {
			if n, ok := spec["nodeName"]; ok {
				out["spec"] = map[string]any{"nodeName": n}
			}
		}
	}
	return out
}

func (sh *Shell) applyCreate(r am.Resource, ns, what string, modified map[string]any, dry dryRun) (string, error) {
	obj, err := objectFromJSON(r, modified)
	if err != nil {
		return "", err
	}
	if dry == dryNone {
		if _, err := sh.call(apiserver.Request{Verb: apiserver.CREATE, Resource: r.Resource, Namespace: ns, Name: obj.Name, Body: obj}); err != nil {
			return "", err
		}
	}
	return what + " created" + dry.suffix() + "\n", nil
}

// threeWayPatch is CreateThreeWayMergePatch for objects of maps and
// values: deletions from the original manifest to the new one (as nulls),
// then what the new one sets differently from current (of the fields
// the simulation keeps: kept). Lists are values.
func threeWayPatch(original any, modified, kept map[string]any, current any) map[string]any {
	patch := map[string]any{}
	if o, ok := original.(map[string]any); ok {
		deletions(o, modified, patch)
	}
	changes(current, kept, patch)
	return patch
}

func deletions(original, modified, patch map[string]any) {
	for _, k := range sortedKeys(original) {
		mv, in := modified[k]
		switch {
		case !in:
			patch[k] = nil
		case isMap(original[k]) && isMap(mv):
			sub := map[string]any{}
			deletions(original[k].(map[string]any), mv.(map[string]any), sub)
			if len(sub) > 0 {
				patch[k] = sub
			}
		}
	}
}

func changes(current any, modified, patch map[string]any) {
	cur, _ := current.(map[string]any)
	for _, k := range sortedKeys(modified) {
		mv := modified[k]
		cv, in := cur[k]
		switch {
		case isMap(mv) && in && isMap(cv):
			sub, _ := patch[k].(map[string]any)
			if sub == nil {
				sub = map[string]any{}
			}
			changes(cv, mv.(map[string]any), sub)
			if len(sub) > 0 {
				patch[k] = sub
			}
		case !in || !reflect.DeepEqual(cv, mv):
			patch[k] = mv
		}
	}
}

func isMap(v any) bool { _, ok := v.(map[string]any); return ok }

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }
