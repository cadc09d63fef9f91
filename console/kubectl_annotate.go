package console

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// kubectl annotate: read-modify-write of one object, the pattern every
// controller lives by. It reads the object (a GET without resourceVersion:
// from etcd, never stale), changes its annotations and writes it back.
// With --resource-version=N the write carries N as a precondition: if the
// object has changed since N, the API server refuses it with 409
// Conflict, the optimistic concurrency that protects a controller acting
// on a stale read.
//
// Real kubectl sends the change as a PATCH carrying metadata.resourceVersion;
// the simulated API server has no PATCH, so the write is an UPDATE. The
// precondition check (GuaranteedUpdate comparing the RV with etcd's) and
// its error are the same.

func (sh *Shell) kubectlAnnotate(words []string) (string, error) {
	e, err := sh.readForEdit(words, "annotate", "annotation")
	if err != nil {
		return "", err
	}
	if err := applyAnnotations(e.obj, e.set, e.remove, e.p.Bool("overwrite")); err != nil {
		return "", err
	}
	if err := sh.writeEdit(e); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/%s annotated\n", strings.ToLower(e.r.Kind), e.name), nil
}

// edit is one object read for a read-modify-write (annotate, label): the
// KEY=VALUE and KEY- arguments and the object as etcd has it.
type edit struct {
	p        parsedFlags
	r        am.Resource
	ns, name string
	set      map[string]string
	remove   []string
	obj      *am.Object
}

// readForEdit parses `RESOURCE NAME KEY=VALUE... [KEY-]` and reads the
// object (a GET without resourceVersion: from etcd, never stale).
func (sh *Shell) readForEdit(words []string, verb, what string) (edit, error) {
	var e edit
	p, err := parseFlags(words, flagSpec{
		Bools: []string{"overwrite"}, Values: []string{"namespace", "resource-version"}, Short: kubectlShort, Plain: true,
	})
	if err != nil {
		return e, err
	}
	if len(p.Args) < 2 {
		return e, fmt.Errorf("usage: kubectl %s RESOURCE NAME KEY=VALUE... [KEY-] [--overwrite] [--resource-version=N] [-n NS]", verb)
	}
	if e.r, err = lookupKubectlResource(p.Args[0]); err != nil {
		return e, err
	}
	if e.set, e.remove, err = parseAnnotationArgs(p.Args[2:]); err != nil {
		return e, serverError(strings.ReplaceAll(err.Error(), "annotation", what))
	}
	e.p, e.name = p, p.Args[1]
	e.ns, _ = namespaceOf(p, e.r)
	got, err := sh.call(apiserver.Request{Verb: apiserver.GET, Resource: e.r.Resource, Namespace: e.ns, Name: e.name})
	if err != nil {
		return e, err
	}
	e.obj = got.Object.DeepCopy()
	return e, nil
}

// writeEdit writes the changed object back, with --resource-version as
// its precondition ("": none).
func (sh *Shell) writeEdit(e edit) error {
	e.obj.ResourceVersion = e.p.String("resource-version", "")
	_, err := sh.call(apiserver.Request{Verb: apiserver.UPDATE, Resource: e.r.Resource, Namespace: e.ns, Name: e.name, Body: e.obj})
	return err
}

// parseAnnotationArgs reads KEY=VALUE (set) and KEY- (remove) arguments.
func parseAnnotationArgs(args []string) (map[string]string, []string, error) {
	set := map[string]string{}
	var remove []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && k != "" {
			set[k] = v
			continue
		}
		if k, ok := strings.CutSuffix(a, "-"); ok && k != "" {
			remove = append(remove, k)
			continue
		}
		return nil, nil, serverError("error: invalid annotation format: " + a)
	}
	if len(set) == 0 && len(remove) == 0 {
		return nil, nil, serverError("error: at least one annotation update is required")
	}
	for _, k := range remove {
		if _, both := set[k]; both {
			return nil, nil, serverError("error: can not both modify and remove the following annotation(s) in the same command: " + k)
		}
	}
	return set, remove, nil
}

// applyAnnotations changes obj's annotations as kubectl does: without
// --overwrite an existing key with another value is an error. Client-side
// errors print as kubectl's do, after "error: ".
func applyAnnotations(obj *am.Object, set map[string]string, remove []string, overwrite bool) error {
	if !overwrite {
		for _, k := range slices.Sorted(maps.Keys(set)) {
			if old, ok := obj.Annotations[k]; ok && old != set[k] {
				return serverError(fmt.Sprintf("error: --overwrite is false but found the following declared annotation(s): '%s' already has a value (%s)", k, old))
			}
		}
	}
	if obj.Annotations == nil {
		obj.Annotations = map[string]string{}
	}
	maps.Copy(obj.Annotations, set)
	for _, k := range remove {
		delete(obj.Annotations, k)
	}
	return nil
}
