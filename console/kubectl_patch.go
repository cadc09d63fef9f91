package console

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// kubectl patch RESOURCE NAME -p PATCH [--type strategic|merge|json]:
// change part of an object without sending all of it.
//
// The real kubectl sends a PATCH; the API server reads the object from
// etcd, applies the patch (jsonpatch.go), and writes the result with
// GuaranteedUpdate, which writes nothing when the bytes did not change: a
// patch that changes nothing does not move the resourceVersion, and
// kubectl prints "patched (no change)". The simulated API server has no
// PATCH verb, so the console does the server's part itself: a GET from
// etcd, the patch applied, and an UPDATE only when the object changed.
// A patch that sets metadata.resourceVersion makes it the write's
// precondition (409 Conflict if the object moved on), as on a real server.
// --dry-run=server reads and patches but writes nothing (on a real server
// the write is admitted and validated, then dropped); kubectl 1.36 prints
// "patched" for it, without apply's "(server dry run)".

var patchTypes = []string{"json", "merge", "strategic"}

var patchSpec = flagSpec{
	Values: []string{"namespace", "patch", "type", "patch-file", "dry-run", "field-manager"},
	Short:  map[string]string{"n": "namespace", "p": "patch"}, Plain: true,
}

func (sh *Shell) kubectlPatch(words []string) (string, error) {
	p, err := parseFlags(words, patchSpec)
	if err != nil {
		return "", err
	}
	dry, err := dryRunFlag(p)
	if err != nil {
		return "", err
	}
	patch, file := p.String("patch", ""), p.String("patch-file", "")
	switch {
	case patch != "" && file != "":
		return "", serverError("error: cannot specify --patch and --patch-file together")
	case patch == "" && file == "":
		return "", serverError("error: must specify --patch or --patch-file containing the contents of the patch")
	}
	kind := strings.ToLower(p.String("type", "strategic"))
	if !slices.Contains(patchTypes, kind) {
		return "", serverError(fmt.Sprintf("error: --type must be one of %v, not %q", patchTypes, p.String("type", "")))
	}
	if file != "" {
		text, ok := sh.readFile(file)
		if !ok {
			return "", serverError(fmt.Sprintf("error: unable to read patch file: open %s: no such file or directory", file))
		}
		patch = text
	}
	docs, err := parseManifests(patch)
	if err != nil || len(docs) != 1 {
		if err == nil {
			err = errors.New("yaml: expected a single document")
		}
		return "", serverError(fmt.Sprintf("error: unable to parse %q: %v", p.String("patch", ""), err))
	}
	r, name, err := resourceAndName(p.Args, "patch")
	if err != nil {
		return "", err
	}
	ns, _ := namespaceOf(p, r)
	got, err := sh.call(apiserver.Request{Verb: apiserver.GET, Resource: r.Resource, Namespace: ns, Name: name})
	if err != nil {
		return "", err
	}
	before := objectJSON(got.Object)
	after, err := applyPatch(kind, before, docs[0])
	if err != nil {
		return "", err
	}
	what := strings.ToLower(r.Kind) + "/" + name
	changed, err := sh.writePatched(r, ns, name, got.Object, before, after, dry)
	if err != nil {
		return "", err
	}
	op := "patched"
	if !changed {
		op = "patched (no change)"
	}
	if dry == dryClient {
		op += dry.suffix() // kubectl 1.36 marks only a client dry run of a patch
	}
	return what + " " + op + "\n", nil
}

// applyPatch is the server's part: the patch of one kind applied to the
// object's JSON, with the server's 4xx for a patch that does not apply.
func applyPatch(kind string, obj, patch any) (any, error) {
	switch kind {
	case "json":
		raw, _ := json.Marshal(patch)
		ops, err := decodeJSONPatch(raw)
		if err != nil {
			return nil, serverError("Error from server (BadRequest): " + err.Error())
		}
		out, err := applyJSONPatch(obj, ops)
		if err != nil {
			// The server answers 422 with the library's text as a cause;
			// kubectl prints only the status message.
			return nil, serverError("The request is invalid: the server rejected our request due to an error in our request")
		}
		return out, nil
	case "merge":
		return mergePatch(obj, patch, false), nil
	}
	if _, ok := patch.(map[string]any); !ok {
		return nil, serverError("Error from server (BadRequest): json: cannot unmarshal array into Go value of type map[string]interface {}")
	}
	return mergePatch(obj, patch, true), nil
}

// writePatched writes the patched object (UPDATE) unless it equals the
// object read or this is a dry run; it reports whether it changed.
func (sh *Shell) writePatched(r am.Resource, ns, name string, cur *am.Object, before, after any, dry dryRun) (bool, error) {
	obj, err := objectFromJSON(r, after)
	if err != nil {
		return false, err
	}
	if firstDifference(pruned(before), pruned(after), "") == "" {
		return false, nil
	}
	if dry != dryNone {
		return true, nil
	}
	if obj.ResourceVersion == cur.ResourceVersion {
		obj.ResourceVersion = "" // no precondition unless the patch set one
	}
	_, err = sh.call(apiserver.Request{Verb: apiserver.UPDATE, Resource: r.Resource, Namespace: ns, Name: name, Body: obj})
	return true, err
}

// objectJSON is an object as the API server's JSON (what a patch applies to).
func objectJSON(o *am.Object) any {
	b, _ := json.Marshal(o)
	var v any
	json.Unmarshal(b, &v)
	return v
}

// objectFromJSON reads a patched object back. The simulation keeps a
// subset of every object (names, labels, annotations, a ConfigMap's or
// Secret's data, a Pod's spec.nodeName); a field it does not keep is an
// error naming it, rather than a change that silently vanishes.
func objectFromJSON(r am.Resource, v any) (*am.Object, error) {
	b, _ := json.Marshal(v)
	var obj am.Object
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, serverError(fmt.Sprintf("Error from server (BadRequest): %s in version \"v1\" cannot be handled as a %s: %v", r.Kind, r.Kind, err))
	}
	want := pruned(v).(map[string]any)
	kept := pruned(objectJSON(&obj)).(map[string]any)
	// What the server sets itself is no change the manifest asked for.
	if m, ok := want["metadata"].(map[string]any); !ok || m["creationTimestamp"] == nil {
		delete(kept["metadata"].(map[string]any), "creationTimestamp")
	}
	if want["type"] == nil {
		delete(kept, "type")
	}
	if d := firstDifference(kept, want, ""); d != "" {
		return nil, fmt.Errorf("the simulated %s keeps metadata.name, namespace, labels and annotations%s, not %s", r.Kind, keptNote(r.Kind), d)
	}
	return &obj, nil
}

func keptNote(kind string) string {
	switch kind {
	case "Pod":
		return " and spec.nodeName"
	case "ConfigMap", "Secret":
		return " and data"
	}
	return ""
}

// resourceAndName reads "RESOURCE NAME" or "RESOURCE/NAME".
func resourceAndName(args []string, verb string) (am.Resource, string, error) {
	if len(args) == 1 {
		if res, name, ok := strings.Cut(args[0], "/"); ok && name != "" {
			r, err := lookupKubectlResource(res)
			return r, name, err
		}
	}
	if len(args) != 2 {
		return am.Resource{}, "", fmt.Errorf("usage: kubectl %s RESOURCE NAME (or RESOURCE/NAME) ...", verb)
	}
	r, err := lookupKubectlResource(args[0])
	return r, args[1], err
}

// dryRun is --dry-run: none, client (nothing sent) or server (sent, not
// persisted).
type dryRun int

const (
	dryNone dryRun = iota
	dryClient
	dryServer
)

func dryRunFlag(p parsedFlags) (dryRun, error) {
	switch v := p.String("dry-run", "none"); v {
	case "none", "false":
		return dryNone, nil
	case "client", "true":
		return dryClient, nil
	case "server":
		return dryServer, nil
	default:
		return 0, serverError(fmt.Sprintf("error: Invalid dry-run value (%s). Must be \"none\", \"server\", or \"client\".", v))
	}
}

// suffix is what kubectl's printer adds to the operation.
func (d dryRun) suffix() string {
	return map[dryRun]string{dryClient: " (dry run)", dryServer: " (server dry run)"}[d]
}
