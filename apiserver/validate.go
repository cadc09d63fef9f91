package apiserver

import (
	"fmt"

	am "watchscope/apimachinery"
	"watchscope/watchcache"
)

// parsed is a request after the handler's decoding: its resource, its
// selectors and resourceVersion parsed, its options validated.
type parsed struct {
	res    am.Resource
	labels am.LabelSelector
	fields am.FieldSelector
	rv     uint64
}

func (p parsed) hasSelectors() bool { return !p.labels.Empty() || !p.fields.Empty() }

// parse decodes and validates req in the order the real handler chain
// meets the problems: unknown path (404), wrong verb for the path (405),
// malformed selectors and resourceVersion (400), then ListOptions
// validation (422).
func (s *Server) parse(req Request) (parsed, error) {
	var p parsed
	res, ok := am.LookupResource(req.Resource)
	if !ok || (res.Resource != req.Resource && res.GroupResource() != req.Resource) {
		return p, newNotFoundResource()
	}
	p.res = res
	if err := checkVerbPath(res, req); err != nil {
		return p, err
	}
	var err error
	// An empty selector parses to nil: most requests (every write) have
	// none, and are spared the parsers' allocations.
	if sel := req.Options.LabelSelector; sel != "" {
		if p.labels, err = am.ParseLabelSelector(sel); err != nil {
			return p, listError(res, req, err.Error())
		}
	}
	if sel := req.Options.FieldSelector; sel != "" {
		if p.fields, err = am.ParseFieldSelector(sel); err != nil {
			return p, listError(res, req, err.Error())
		}
	}
	if err := res.ValidateFieldSelector(p.fields); err != nil {
		return p, listError(res, req, err.(*am.StatusError).ErrStatus.Message)
	}
	rv := req.Options.ResourceVersion
	if req.Verb.mutating() && req.Body != nil {
		rv = req.Body.ResourceVersion
	}
	if p.rv, err = watchcache.ParseResourceVersion(rv); err != nil {
		if req.Verb.mutating() {
			return p, err
		}
		return p, am.NewInvalidResourceVersion(rv, req.Verb == LIST)
	}
	if req.Verb == LIST && req.Options.Continue != "" && req.Options.ResourceVersionMatch == "" {
		// The list delegator reads the token before choosing cache or etcd.
		if rv != "" && rv != "0" {
			return p, am.NewBadRequest("specifying resource version is not allowed when using continue")
		}
		if _, _, err := am.DecodeContinue(req.Options.Continue, res.NamespacePrefix(req.Namespace)); err != nil {
			return p, am.NewBadRequest("invalid continue token: " + err.Error())
		}
	}
	if errs := validateListOptions(req, !s.cfg.DisableWatchList); len(errs) > 0 {
		return p, newInvalidListOptions(errs)
	}
	return p, nil
}

// listError is a selector problem as the registry's List reports it: for a
// LIST, prefixed with what could not be found (the WATCH and the others
// get the bare message).
func listError(res am.Resource, req Request, msg string) error {
	if req.Verb != LIST {
		return am.NewBadRequest(msg)
	}
	return am.NewBadRequest(fmt.Sprintf("Unable to find %q that match label selector %q, field selector %q: %s",
		res.Group+"/"+res.Version+", Resource="+res.Resource, req.Options.LabelSelector, req.Options.FieldSelector, msg))
}

// checkVerbPath rejects verbs the path cannot take: GET, UPDATE and
// DELETE need a name, CREATE a body, a cluster-scoped resource no namespace.
func checkVerbPath(res am.Resource, req Request) error {
	switch req.Verb {
	case GET, UPDATE, DELETE:
		if req.Name == "" && (req.Body == nil || req.Body.Name == "") {
			return newMethodNotSupported(res, req.Verb)
		}
	case CREATE:
		if req.Body == nil || req.Body.Name == "" {
			return am.NewBadRequest("the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf")
		}
	case LIST, WATCH:
	default:
		return newMethodNotSupported(res, req.Verb)
	}
	if !res.Namespaced && req.Namespace != "" {
		return newNotFoundResource()
	}
	return nil
}

// validateListOptions is metainternalversion's ValidateListOptions for a
// LIST and validateWatchOptions for a WATCH, as field error texts.
func validateListOptions(req Request, watchListEnabled bool) []string {
	o := req.Options
	match := o.ResourceVersionMatch
	const m = "resourceVersionMatch"
	var errs []string
	forbid := func(field, msg string) { errs = append(errs, field+": Forbidden: "+msg) }
	if req.Verb == WATCH {
		if o.SendInitialEvents != nil {
			if match != "NotOlderThan" {
				forbid(m, "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan")
			}
			if !watchListEnabled {
				forbid("sendInitialEvents", "sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled")
			}
		}
		if match != "" {
			if o.SendInitialEvents == nil {
				forbid(m, "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided")
			}
			if match != "NotOlderThan" {
				errs = append(errs, fmt.Sprintf("%s: Unsupported value: %q: supported values: %q", m, match, "NotOlderThan"))
			}
			if o.Continue != "" {
				forbid(m, "resourceVersionMatch is forbidden when continue is provided")
			}
		}
		return errs
	}
	if req.Verb != LIST {
		return nil
	}
	if match != "" {
		if o.ResourceVersion == "" {
			forbid(m, "resourceVersionMatch is forbidden unless resourceVersion is provided")
		}
		if o.Continue != "" {
			forbid(m, "resourceVersionMatch is forbidden when continue is provided")
		}
		if match != "Exact" && match != "NotOlderThan" {
			errs = append(errs, fmt.Sprintf("%s: Unsupported value: %q: supported values: %q, %q, %q", m, match, "Exact", "NotOlderThan", ""))
		}
		if match == "Exact" && o.ResourceVersion == "0" {
			forbid(m, `resourceVersionMatch "exact" is forbidden for resourceVersion "0"`)
		}
	}
	if o.SendInitialEvents != nil {
		forbid("sendInitialEvents", "sendInitialEvents is forbidden for list")
	}
	return errs
}
