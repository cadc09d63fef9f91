package console

import (
	"reflect"
	"strings"
	"testing"

	am "watchscope/apimachinery"
)

// FuzzParseRawPath: kubectl get --raw's URL and query parser never panics,
// refuses with one line, and what it accepts survives a round trip: the
// options it read, written back as a query and read again, are the same
// options (so what is sent is what was typed).
func FuzzParseRawPath(f *testing.F) {
	for _, s := range []string{
		"/api/v1/pods", "/api/v1/namespaces/default/pods?watch=1&resourceVersion=0&allowWatchBookmarks=true",
		"/apis/apps/v1/deployments?limit=5&continue=abc", "/api/v1/namespaces/default/configmaps/a?resourceVersion=abc",
		"/api/v1/pods?labelSelector=a%20in%20(x,y)&fieldSelector=spec.nodeName%3Dn1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan",
		"/api/v1/pods?timeoutSeconds=-1", "/api/v1/pods?watch=maybe", "/metricz", "///", "/api/v1/namespaces//pods?%zz",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		req, err := parseRawPath(raw)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(strings.TrimSuffix(msg, "\n"), "\n") && !strings.Contains(raw, "\n") {
				t.Fatalf("%q: error %q is not one line", raw, msg)
			}
			return
		}
		again, err := am.ParseListOptions(req.Options.Query())
		if err != nil {
			t.Fatalf("%q: its own query %q is refused: %v", raw, req.Options.Query(), err)
		}
		if !reflect.DeepEqual(again, req.Options) {
			t.Fatalf("%q: options %+v came back as %+v", raw, req.Options, again)
		}
	})
}
