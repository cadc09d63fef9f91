package console

import (
	"errors"
	"fmt"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// kubectlDelete is kubectl delete TYPE NAME... or TYPE --all. As
// kubectl's builder does (ContinueOnError, RequireObject false), each
// name is a DELETE of its own, sent without reading the object first; a
// name that is not found does not stop the others, and the errors come
// last, after what was deleted. --all lists the objects and deletes each;
// it (like -l) ignores not-found unless --ignore-not-found=false is
// given, and prints "No resources found" when nothing was deleted.
func (sh *Shell) kubectlDelete(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Bools: []string{"all", "ignore-not-found"}, Values: []string{"namespace"}, Short: kubectlShort, Plain: true,
	})
	if err != nil {
		return "", err
	}
	if len(p.Args) == 0 {
		return "", serverError("error: You must provide one or more resources by argument or filename.")
	}
	r, err := lookupKubectlResource(p.Args[0])
	if err != nil {
		return "", err
	}
	ns, _ := namespaceOf(p, r)
	names := p.Args[1:]
	all := p.Bool("all")
	ignore := p.Bool("ignore-not-found")
	if _, set := p.values["ignore-not-found"]; !set && all {
		ignore = true
	}
	switch {
	case all && len(names) > 0:
		return "", serverError("error: name cannot be provided when a selector is specified")
	case !all && len(names) == 0:
		return "", serverError("error: resource(s) were provided, but no name was specified")
	case all:
		list, err := sh.listAll(r, ns, am.ListOptions{})
		if err != nil {
			return "", err
		}
		for _, o := range list.Items {
			names = append(names, o.Name)
		}
	}
	var out strings.Builder
	var errs []string
	deleted := 0
	for _, name := range names {
		_, err := sh.call(apiserver.Request{Verb: apiserver.DELETE, Resource: r.Resource, Namespace: ns, Name: name})
		if err != nil {
			if ignore && isNotFound(err) {
				continue
			}
			errs = append(errs, ErrorLine(err))
			continue
		}
		deleted++
		if ns != "" {
			fmt.Fprintf(&out, "%s %q deleted from %s namespace\n", strings.ToLower(r.Kind), name, ns)
		} else {
			fmt.Fprintf(&out, "%s %q deleted\n", strings.ToLower(r.Kind), name)
		}
	}
	if len(errs) > 0 {
		// kubectl prints every error after the deletions; all but the last
		// are output here, so the command's error stays one line.
		for _, e := range errs[:len(errs)-1] {
			out.WriteString(e + "\n")
		}
		return out.String(), serverError(errs[len(errs)-1])
	}
	if deleted == 0 && all {
		return "No resources found\n", nil
	}
	return out.String(), nil
}

// isNotFound reports whether the server answered 404 (call has already
// rendered its answer as kubectl prints it).
func isNotFound(err error) bool {
	var se serverError
	return errors.As(err, &se) && strings.HasPrefix(string(se), "Error from server (NotFound)")
}
