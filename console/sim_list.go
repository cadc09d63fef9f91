package console

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

func init() {
	registerSim(map[string]simVerb{
		"list": (*Shell).simList,
	})
}

// simList is a controller's LIST without the terminal: the same requests
// `kubectl get` sends (limit and continue tokens, a chosen
// resourceVersion), answered over the simulated network by an API server
// replica, but summarized instead of printed, because the interesting
// part of listing 200,000 secrets is what it costs, not the names:
//
//	sim list RESOURCE [-n NS|-A] [--chunk-size N] [--resource-version RV] [--as CLIENT]
//
//	"Items" : 20000                objects returned
//	"Requests" : 40                requests sent (pages)
//	"ResponseBytes" : 41943040     bytes of response bodies
//	"LargestPageBytes" : 1048576   the largest single response
//	"ServedBy" : "cache"           route of the first page: cache, etcd, ...
//	"Replica" : "apiserver-1"      who answered
//	"ResourceVersion" : 3227       the first page's list resourceVersion
//	"PageResourceVersions" : 1     distinct list resourceVersions among the
//	                               pages (1: one consistent snapshot)
//	"PriorityLevel" : "global-default"  what APF classified the first page as
//	"Seats" : 8                    the first page's APF work estimate
//	"Seconds" : 0.021              simulated time from the first request to
//	                               the last answer (queueing included)
//
// --as sends from another client node than kubectl: another APF flow,
// and, by the default FlowSchemas, maybe another priority level
// (controller-* is a service account: workload-low).
//
// --chunk-size 0 sends one unpaginated request; the default is 500, as
// kubectl's. A failed request (an OOM-killed replica resets the
// connection) ends the list with kubectl's error line.
func (sh *Shell) simList(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Bools:  []string{"all-namespaces"},
		Values: []string{"namespace", "chunk-size", "resource-version", "as"}, Short: kubectlShort,
	})
	if err != nil {
		return "", err
	}
	if len(p.Args) != 1 {
		return "", errors.New("usage: sim list RESOURCE [-n NS|-A] [--chunk-size N] [--resource-version RV] [--as CLIENT]")
	}
	r, err := lookupKubectlResource(p.Args[0])
	if err != nil {
		return "", err
	}
	chunk, err := p.Int64("chunk-size", 500)
	if err != nil || chunk < 0 {
		return "", fmt.Errorf("invalid --chunk-size %q", p.String("chunk-size", ""))
	}
	ns, _ := namespaceOf(p, r)
	opts := am.ListOptions{ResourceVersion: p.String("resource-version", ""), Limit: chunk}
	sum := listSummary{start: sh.w.Now()}
	client := p.String("as", kubectlNode)
	for {
		resp, err := sh.callAs(client, apiserver.Request{Verb: apiserver.LIST, Resource: r.Resource, Namespace: ns, Options: opts})
		sum.took = sh.w.Now() - sum.start
		if err != nil {
			return sum.text(), err
		}
		sum.add(resp)
		if resp.List == nil || resp.List.Continue == "" {
			return sum.text(), nil
		}
		opts.Continue, opts.ResourceVersion = resp.List.Continue, ""
	}
}

// listSummary adds up the pages of one list.
type listSummary struct {
	items, requests int
	bytes, largest  int64
	route, replica  string
	rvs             []string // distinct list resourceVersions, in page order
	level           string
	seats           int
	start, took     time.Duration
}

func (s *listSummary) add(resp apiserver.Response) {
	s.requests++
	if resp.List != nil {
		s.items += len(resp.List.Items)
		if rv := resp.List.ResourceVersion; !slices.Contains(s.rvs, rv) {
			s.rvs = append(s.rvs, rv)
		}
	}
	s.bytes += int64(resp.SizeBytes)
	s.largest = max(s.largest, int64(resp.SizeBytes))
	if s.route == "" {
		s.route, s.replica = resp.Route, resp.Replica
		s.level, s.seats = resp.PriorityLevel, resp.Seats
	}
}

func (s listSummary) text() string {
	if s.requests == 0 {
		return ""
	}
	var b strings.Builder
	for _, f := range []struct {
		name string
		v    int64
	}{{"Items", int64(s.items)}, {"Requests", int64(s.requests)}, {"ResponseBytes", s.bytes}, {"LargestPageBytes", s.largest}} {
		fmt.Fprintf(&b, "%q : %d\n", f.name, f.v)
	}
	fmt.Fprintf(&b, "%q : %q\n%q : %q\n", "ServedBy", s.route, "Replica", s.replica)
	if len(s.rvs) > 0 {
		fmt.Fprintf(&b, "%q : %s\n%q : %d\n", "ResourceVersion", s.rvs[0], "PageResourceVersions", len(s.rvs))
	}
	if s.level != "" {
		fmt.Fprintf(&b, "%q : %q\n%q : %d\n", "PriorityLevel", s.level, "Seats", s.seats)
	}
	fmt.Fprintf(&b, "%q : %s\n", "Seconds", strconv.FormatFloat(s.took.Seconds(), 'f', 3, 64))
	return b.String()
}
