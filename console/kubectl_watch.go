package console

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/engine"
)

// kubectlWatch is a `kubectl get -w` or `kubectl get --raw '...watch=1...'`
// left running, like a watch in another terminal. Events arrive over the
// simulated network; what they print waits in out until the shell drains
// it after the next command.
type kubectlWatch struct {
	out   strings.Builder
	ended bool
}

func (k *kubectlWatch) drain() (string, bool) {
	s := k.out.String()
	k.out.Reset()
	return s, k.ended
}

// watchView is how a kubectl watch prints: the output format, -A, whether
// each row starts with its event type (--output-watch-events), whether the
// header is still to come (--watch-only, or an empty list), and the table
// whose column widths later rows keep.
type watchView struct {
	out         output // the printer's flags (jsonpath, custom-columns, ...)
	format      string
	all, events bool
	header      bool
	tp          *tablePrinter
}

// openKubectlWatch starts kubectl's watch after its initial list: from the
// list's resourceVersion, printing each object as a table row (or in the
// chosen format) as it arrives. Rows keep the columns as wide as the table
// printed so far (kubectl's printer remembers them), so they stay aligned
// under the header until a longer cell widens its column.
func (sh *Shell) openKubectlWatch(r am.Resource, ns string, v watchView, opts am.ListOptions) {
	kw := &kubectlWatch{}
	opts.Watch = true
	req := apiserver.Request{Verb: apiserver.WATCH, Resource: r.Resource, Namespace: ns, Options: opts}
	var h *engine.WatchHandle
	h = sh.w.Watch(kubectlNode, req, func(ev am.WatchEvent) {
		switch {
		case kw.ended:
		case ev.Type == am.Bookmark:
		case ev.Type == am.Error:
			fmt.Fprintf(&kw.out, "Error from server (%s): %s\n", ev.Status.Reason, ev.Status.Message)
		case v.format == "" || v.format == "wide":
			kw.out.WriteString(v.tp.rows([]*am.Object{ev.Object}, string(ev.Type), v.header, v.format == "wide", sh.w.Now()))
			v.header = false
		case v.format == "custom-columns":
			// One printer for the watch: its header comes with the first row.
			out, err := v.out.customRows([]*am.Object{ev.Object}, v.header)
			if err != nil {
				// kubectl's watch ends at the first event it cannot print,
				// and says nothing: get.go drops intr.Run's error, and the
				// header sat unflushed in its tabwriter.
				kw.ended = true
				sh.w.After(0, h.Stop)
				return
			}
			kw.out.WriteString(out)
			v.header = false
		default:
			out, err := v.out.render([]*am.Object{ev.Object}, true, v.all, sh.w.Now(), "")
			if err != nil {
				out = ErrorLine(err) + "\n"
			}
			kw.out.WriteString(out)
		}
	}, func(err error) {
		if err != nil {
			fmt.Fprintf(&kw.out, "%v\n", kubectlError(err))
		}
		kw.ended = true
	})
	sh.watches = append(sh.watches, kw)
}

// kubectlRaw is `kubectl get --raw PATH`: the API server's own bytes. A
// watch (watch=1 or watch=true) prints each event as one JSON line exactly
// as the server streams it, and stays open.
func (sh *Shell) kubectlRaw(raw string) (string, error) {
	switch path, query, _ := strings.Cut(raw, "?"); path {
	case "/metrics":
		return sh.kubectlMetrics()
	case "/readyz":
		return sh.kubectlReadyz(query)
	}
	req, err := parseRawPath(raw)
	if err != nil {
		return "", err
	}
	if req.Options.Watch {
		req.Verb = apiserver.WATCH
		kw := &kubectlWatch{}
		sh.w.Watch(kubectlNode, req, func(ev am.WatchEvent) {
			kw.out.WriteString(am.WatchEventLine(ev) + "\n")
		}, func(err error) {
			if err != nil {
				fmt.Fprintf(&kw.out, "%v\n", kubectlError(err))
			}
			kw.ended = true
		})
		sh.watches = append(sh.watches, kw)
		return "", nil
	}
	resp, err := sh.call(req)
	if err != nil {
		return "", err
	}
	if resp.Object != nil {
		return marshalLine(resp.Object), nil
	}
	return marshalLine(rawList(resp.List)), nil
}

// rawList is the wire shape of a list body: kind, apiVersion, metadata
// (resourceVersion, continue, remainingItemCount), items.
func rawList(l *am.List) any {
	type meta struct {
		ResourceVersion    string `json:"resourceVersion,omitempty"`
		Continue           string `json:"continue,omitempty"`
		RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
	}
	apiVersion := "v1"
	if r, ok := am.LookupResource(strings.TrimSuffix(l.Kind, "List")); ok {
		apiVersion = r.APIVersion()
	}
	items := make([]listItem, len(l.Items))
	for i, o := range l.Items {
		items[i] = listItem{o}
	}
	return struct {
		Kind       string     `json:"kind"`
		APIVersion string     `json:"apiVersion"`
		Metadata   meta       `json:"metadata"`
		Items      []listItem `json:"items"`
	}{l.Kind, apiVersion, meta{l.ResourceVersion, l.Continue, l.RemainingItemCount}, items}
}

// listItem is an object inside a list body: the API server leaves out
// each item's kind and apiVersion (the list's own say them once).
type listItem struct{ *am.Object }

func (it listItem) MarshalJSON() ([]byte, error) {
	b, err := it.Object.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if _, rest, ok := bytes.Cut(b, []byte(`"metadata":`)); ok {
		return append([]byte(`{"metadata":`), rest...), nil
	}
	return b, nil
}

// parseRawPath reads /api/v1/[namespaces/NS/]RESOURCE[/NAME][?query] and
// /apis/GROUP/VERSION/... into a request.
func parseRawPath(raw string) (apiserver.Request, error) {
	path, query, _ := strings.Cut(raw, "?")
	parts := strings.Split(strings.Trim(path, "/"), "/")
	var rest []string
	switch {
	case len(parts) >= 3 && parts[0] == "api" && parts[1] == "v1":
		rest = parts[2:]
	case len(parts) >= 4 && parts[0] == "apis":
		rest = parts[3:]
	default:
		return apiserver.Request{}, serverError(fmt.Sprintf("Error from server (NotFound): the server could not find the requested resource (path %q)", path))
	}
	req := apiserver.Request{Verb: apiserver.LIST}
	if len(rest) >= 3 && rest[0] == "namespaces" {
		req.Namespace, rest = rest[1], rest[2:]
	}
	if len(rest) == 0 || len(rest) > 2 {
		return req, serverError(fmt.Sprintf("Error from server (NotFound): the server could not find the requested resource (path %q)", path))
	}
	req.Resource = rest[0]
	if len(rest) == 2 {
		req.Verb, req.Name = apiserver.GET, rest[1]
	}
	opts, err := am.ParseListOptions(query)
	if err != nil {
		return req, kubectlError(err)
	}
	req.Options = opts
	if opts.Watch && req.Name != "" {
		return req, errors.New("watching a single object by name is not simulated; use fieldSelector=metadata.name=NAME")
	}
	return req, nil
}
