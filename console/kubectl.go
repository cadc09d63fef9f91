package console

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// kubectl implements the kubectl verbs that teach watches: get (with
// chunking, selectors, resourceVersion, -w and --raw), create, run and
// delete. Requests go over the simulated network to an API server replica
// and take virtual time, exactly as the lessons' clients' do.

var kubectlCommands = []string{"get", "create", "run", "delete", "annotate", "label", "patch", "apply"}

var kubectlShort = map[string]string{
	"n": "namespace", "A": "all-namespaces", "l": "selector", "o": "output", "w": "watch",
}

// resourceAliases are kubectl's short names for the resources the
// simulation knows.
// createShort is kubectl run's and create's short flags: -l is --labels there.
var createShort = map[string]string{"n": "namespace", "l": "labels"}

var resourceAliases = map[string]string{
	"po": "pods", "pod": "pods", "no": "nodes", "node": "nodes", "ns": "namespaces",
	"namespace": "namespaces", "cm": "configmaps", "configmap": "configmaps",
	"secret": "secrets", "svc": "services", "service": "services", "ep": "endpoints",
	"ev": "events", "event": "events", "deploy": "deployments", "deployment": "deployments",
	"rs": "replicasets", "replicaset": "replicasets", "lease": "leases",
	"endpointslice": "endpointslices",
}

func lookupKubectlResource(name string) (am.Resource, error) {
	if full, ok := resourceAliases[strings.ToLower(name)]; ok {
		name = full
	}
	if r, ok := am.LookupResource(name); ok {
		return r, nil
	}
	return am.Resource{}, serverError(fmt.Sprintf("error: the server doesn't have a resource type %q", name))
}

func (sh *Shell) kubectl(words []string) (string, error) {
	if len(words) == 0 {
		return "", errors.New("kubectl needs a command (get, create, run, delete, annotate, label, patch, apply)")
	}
	var (
		out   string
		err   error
		calls = sh.calls
	)
	switch words[0] {
	case "get":
		out, err = sh.kubectlGet(words[1:])
	case "create":
		out, err = sh.kubectlCreate(words[1:])
	case "run":
		out, err = sh.kubectlRun(words[1:])
	case "delete":
		out, err = sh.kubectlDelete(words[1:])
	case "annotate":
		out, err = sh.kubectlAnnotate(words[1:])
	case "label":
		out, err = sh.kubectlLabel(words[1:])
	case "patch":
		out, err = sh.kubectlPatch(words[1:])
	case "apply":
		out, err = sh.kubectlApply(words[1:])
	default:
		return "", unknownCommand(words[0], "kubectl", kubectlCommands)
	}
	var fe flagError
	if errors.As(err, &fe) {
		// kubectl's flag error function: pflag's words, then where help is.
		return "", serverError(fmt.Sprintf("error: %s\nSee 'kubectl %s --help' for usage.", fe, kubectlPath(words)))
	}
	if err == nil || sh.calls != calls { // a command refused before it was sent takes no time
		sh.w.RunFor(kubectlSettle)
	}
	return out, err
}

// namespaceOf applies -n / -A to a resource: cluster-scoped resources
// ignore both; namespaced ones default to "default".
func namespaceOf(p parsedFlags, r am.Resource) (ns string, all bool) {
	if !r.Namespaced {
		return "", false
	}
	if p.Bool("all-namespaces") {
		return "", true
	}
	return p.String("namespace", "default"), false
}

func (sh *Shell) kubectlGet(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Bools:  []string{"all-namespaces", "watch", "watch-only", "output-watch-events", "no-headers", "show-labels"},
		Values: []string{"namespace", "selector", "field-selector", "output", "chunk-size", "resource-version", "raw", "sort-by"},
		Short:  kubectlShort,
		Plain:  true,
	})
	if err != nil {
		return "", err
	}
	if raw := p.String("raw", ""); raw != "" {
		return sh.kubectlRaw(raw)
	}
	o, err := parseOutput(p)
	if err != nil {
		return "", err
	}
	if len(p.Args) == 0 {
		return "", errors.New("you must specify the type of resource to get")
	}
	r, err := lookupKubectlResource(p.Args[0])
	if err != nil {
		return "", err
	}
	ns, all := namespaceOf(p, r)
	watching := p.Bool("watch") || p.Bool("watch-only")
	wide := o.format == "wide"
	wv := watchView{out: o, format: o.format, all: all, events: p.Bool("output-watch-events"), header: !o.noHeaders}
	if len(p.Args) == 2 {
		out, obj, err := sh.kubectlGetOne(r, ns, p.Args[1], o, p.String("resource-version", ""))
		if err == nil && watching {
			// One object: kubectl watches it by name from the version it got.
			opts := am.ListOptions{FieldSelector: "metadata.name=" + p.Args[1], ResourceVersion: obj.ResourceVersion}
			wv.header = false
			wv.tp = newTablePrinter(r.Kind, []*am.Object{obj}, all, wv.events, wide, o.showLabels, !o.noHeaders)
			sh.openKubectlWatch(r, ns, wv, opts)
		}
		return out, err
	}
	chunk, err := p.Int64("chunk-size", 500)
	if err != nil {
		return "", err
	}
	if o.sortBy != "" {
		chunk = 0 // kubectl sorts what one unpaged LIST returns
	}
	opts := am.ListOptions{
		LabelSelector: p.String("selector", ""), FieldSelector: p.String("field-selector", ""),
		ResourceVersion: p.String("resource-version", ""), Limit: chunk,
	}
	list, err := sh.listAll(r, ns, opts)
	if err != nil {
		return "", err
	}
	if err := sortObjects(list.Items, o.sortBy, o.human()); errors.Is(err, errNothingPrinted) {
		list.Items = nil // get prints nothing, then its "No resources found"
	} else if err != nil {
		return "", err
	}
	var out string
	switch {
	case p.Bool("watch-only"):
		wv.tp = newTablePrinter(r.Kind, nil, all, wv.events, wide, o.showLabels, !o.noHeaders)
	case watching && wv.events && o.human():
		// The list's items print as ADDED events, under the EVENT header.
		wv.tp = newTablePrinter(r.Kind, list.Items, all, true, wide, o.showLabels, !o.noHeaders)
		out = wv.tp.rows(list.Items, "ADDED", wv.header, wide, sh.w.Now())
		wv.header = false
	case watching && len(list.Items) == 0:
		// kubectl's watch prints the list's objects without its "No
		// resources found": nothing, until the first event brings the header.
	default:
		out, err = sh.renderList(r, list, o, ns, all)
		if err != nil && watching {
			// kubectl's watch prints the list into its own tabwriter and
			// returns before flushing it: no header, the error wrapped.
			return "", serverError("error: unable to output the provided object: " + strings.TrimPrefix(err.Error(), "error: "))
		}
		if err != nil {
			return out, err // what printed before the error (custom-columns' header)
		}
		wv.header = false
	}
	if watching {
		if wv.tp == nil {
			wv.tp = newTablePrinter(r.Kind, list.Items, all, wv.events, wide, o.showLabels, !o.noHeaders)
		}
		opts.ResourceVersion, opts.Limit = list.ResourceVersion, 0
		sh.openKubectlWatch(r, ns, wv, opts)
	}
	return out, nil
}

func (sh *Shell) renderList(r am.Resource, list *am.List, o output, ns string, all bool) (string, error) {
	if len(list.Items) == 0 && o.human() {
		if r.Namespaced && !all {
			return fmt.Sprintf("No resources found in %s namespace.\n", ns), nil
		}
		return "No resources found\n", nil
	}
	return o.render(list.Items, false, all, sh.w.Now(), list.ResourceVersion)
}

// listAll follows continue tokens the way kubectl's chunked list does:
// the first request carries the chosen resourceVersion, later ones only
// the token.
func (sh *Shell) listAll(r am.Resource, ns string, opts am.ListOptions) (*am.List, error) {
	all := &am.List{Kind: r.Kind + "List"}
	for {
		resp, err := sh.call(apiserver.Request{Verb: apiserver.LIST, Resource: r.Resource, Namespace: ns, Options: opts})
		if err != nil {
			return nil, err
		}
		all.Items = append(all.Items, resp.List.Items...)
		all.ResourceVersion = resp.List.ResourceVersion
		if resp.List.Continue == "" {
			return all, nil
		}
		opts.Continue, opts.ResourceVersion = resp.List.Continue, ""
	}
}

// kubectlGetOne is a GET: without --resource-version a quorum read from
// etcd; with one (e.g. 0) it is served by the watch cache.
func (sh *Shell) kubectlGetOne(r am.Resource, ns, name string, o output, rv string) (string, *am.Object, error) {
	resp, err := sh.call(apiserver.Request{Verb: apiserver.GET, Resource: r.Resource, Namespace: ns, Name: name,
		Options: am.ListOptions{ResourceVersion: rv}})
	if err != nil {
		return "", nil, err
	}
	out, err := o.render([]*am.Object{resp.Object}, true, false, sh.w.Now(), "")
	return out, resp.Object, err
}

func (sh *Shell) kubectlCreate(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Values: []string{"namespace", "from-literal", "size", "labels"}, Short: createShort, Plain: true,
	})
	if err != nil {
		return "", err
	}
	args := p.Args
	if len(args) >= 1 && args[0] == "secret" {
		if len(args) < 2 || args[1] != "generic" {
			return "", errors.New("kubectl create secret: only 'generic' secrets are simulated")
		}
		args = append([]string{"secrets"}, args[2:]...)
	}
	if len(args) != 2 {
		return "", errors.New("usage: kubectl create namespace|configmap|secret generic NAME [-n NS] [--size BYTES]")
	}
	r, err := lookupKubectlResource(args[0])
	if err != nil {
		return "", err
	}
	switch r.Resource {
	case "namespaces", "configmaps", "secrets":
	default:
		return "", fmt.Errorf("kubectl create %s is not simulated; use kubectl run for pods", args[0])
	}
	return sh.createObject(r, p, args[1], "")
}

func (sh *Shell) kubectlRun(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Values: []string{"namespace", "image", "size", "node", "labels"}, Short: createShort, Plain: true,
	})
	if err != nil {
		return "", err
	}
	if len(p.Args) != 1 {
		return "", errors.New("NAME is required for run")
	}
	r, _ := am.LookupResource("pods")
	return sh.createObject(r, p, p.Args[0], p.String("node", ""))
}

func (sh *Shell) createObject(r am.Resource, p parsedFlags, name, node string) (string, error) {
	ns, _ := namespaceOf(p, r)
	size, err := parseSize(p.String("size", "0"))
	if err != nil {
		return "", err
	}
	obj := &am.Object{Kind: r.Kind, ObjectMeta: am.ObjectMeta{Name: name, Namespace: ns}, SizeBytes: size}
	obj.Spec.NodeName = node
	if obj.Labels, err = labelsFlag(p, r, name); err != nil {
		return "", err
	}
	if obj.Data, err = literalData(p.Strings("from-literal")); err != nil {
		return "", err
	}
	if _, err := sh.call(apiserver.Request{Verb: apiserver.CREATE, Resource: r.Resource, Namespace: ns, Name: name, Body: obj}); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/%s created\n", strings.ToLower(r.Kind), name), nil
}

// parseSize reads a simulated object size: bytes, or with Ki/Mi suffixes.
func parseSize(s string) (int32, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "Ki"):
		mult, s = 1024, strings.TrimSuffix(s, "Ki")
	case strings.HasSuffix(s, "Mi"):
		mult, s = 1024*1024, strings.TrimSuffix(s, "Mi")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n*mult > 3*1024*1024 {
		return 0, fmt.Errorf("invalid --size %q: a size from 0 to 3Mi, e.g. 10Ki", s)
	}
	return int32(n * mult), nil
}

// labelsFlag is --labels/-l of run and create: KEY=VALUE pairs separated
// by commas. kubectl run labels a pod run=NAME when none are given.
func labelsFlag(p parsedFlags, r am.Resource, name string) (map[string]string, error) {
	spec, ok := p.values["labels"]
	if !ok {
		if r.Resource == "pods" {
			return map[string]string{"run": name}, nil
		}
		return nil, nil
	}
	labels := map[string]string{}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("invalid label spec: %s", kv)
		}
		labels[k] = v
	}
	return labels, nil
}

// literalData is --from-literal KEY=VALUE, repeatable.
func literalData(lits []string) (map[string]string, error) {
	if len(lits) == 0 {
		return nil, nil
	}
	data := map[string]string{}
	for _, l := range lits {
		k, v, ok := strings.Cut(l, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("invalid literal source %s, expected key=value", l)
		}
		if _, dup := data[k]; dup {
			return nil, fmt.Errorf("cannot add key %s, another key by that name already exists in Data for ConfigMap %q", k, "")
		}
		data[k] = v
	}
	return data, nil
}

// kubectlPath is the command path kubectl names in a flag error: the verb,
// and for create its subcommand by its full name.
func kubectlPath(words []string) string {
	if words[0] != "create" {
		return words[0]
	}
	for i, w := range words[1:] {
		switch w {
		case "configmap", "cm":
			return "create configmap"
		case "namespace", "ns":
			return "create namespace"
		case "secret":
			if i+2 < len(words) && words[i+2] == "generic" {
				return "create secret generic"
			}
			return "create secret"
		}
	}
	return "create"
}
