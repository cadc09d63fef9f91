package console

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// kubectl label: like annotate, a read-modify-write of one object's labels
// (KEY=VALUE sets, KEY- removes), with kubectl's texts: "labeled",
// "unlabeled" when it only removed, "not labeled" when nothing changed,
// and without --overwrite an error for a key that has another value.

func (sh *Shell) kubectlLabel(words []string) (string, error) {
	e, err := sh.readForEdit(words, "label", "label")
	if err != nil {
		return "", err
	}
	obj := e.obj
	if !e.p.Bool("overwrite") {
		for _, k := range slices.Sorted(maps.Keys(e.set)) {
			if old, ok := obj.Labels[k]; ok && old != e.set[k] {
				return "", serverError(fmt.Sprintf("error: '%s' already has a value (%s), and --overwrite is false", k, old))
			}
		}
	}
	before := maps.Clone(obj.Labels)
	if obj.Labels == nil {
		obj.Labels = map[string]string{}
	}
	maps.Copy(obj.Labels, e.set)
	for _, k := range e.remove {
		delete(obj.Labels, k)
	}
	what := strings.ToLower(e.r.Kind) + "/" + e.name
	if maps.Equal(before, obj.Labels) {
		return what + " not labeled\n", nil
	}
	if err := sh.writeEdit(e); err != nil {
		return "", err
	}
	if len(e.set) == 0 {
		return what + " unlabeled\n", nil
	}
	return what + " labeled\n", nil
}
