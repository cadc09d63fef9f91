package console

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

func init() {
	registerSim(map[string]simVerb{
		"apf":   (*Shell).simAPF,
		"burst": (*Shell).simBurst,
	})
}

// simAPF prints API Priority and Fairness on one replica: every priority
// level as a table (the shape of the real
// /debug/api_priority_and_fairness/dump_priority_levels), or one level in
// etcdctl's `-w fields` layout so lessons can read each number:
//
//	sim apf [LEVEL] [apiserver-N]
//
//	"PriorityLevel" : "workload-low"
//	"NominalSeats" : 245            seats the level may use at once
//	"MaxSeatsPerRequest" : 37       the most one request is charged there
//	"SeatsInUse" : 10               held by executing requests (and by
//	                                watches still sending initial events)
//	"Waiting" : 0                   requests in the level's queues
//	"Dispatched" : 3                requests started since the process began
//	"Rejected" : 0                  429s: queue-full, time-out, concurrency-limit
//	"RetryAfter" : 1                the Retry-After its next 429 will carry
func (sh *Shell) simAPF(args []string) (string, error) {
	if len(args) > 2 {
		return "", errors.New("usage: sim apf [LEVEL] [apiserver-N]")
	}
	var level string
	if len(args) > 0 && !strings.HasPrefix(args[0], "apiserver-") {
		level, args = args[0], args[1:]
	}
	srv, err := sh.replica(args)
	if err != nil {
		return "", err
	}
	levels := srv.Levels()
	if levels == nil {
		return "", fmt.Errorf("%s runs with --enable-priority-and-fairness=false (max-in-flight)", srv.Name())
	}
	if level == "" {
		return levelTable(levels), nil
	}
	var names []string
	for _, l := range levels {
		if l.Name == level {
			return levelFields(l), nil
		}
		names = append(names, l.Name)
	}
	if near := suggest(level, names); near != "" {
		return "", fmt.Errorf("no priority level %q (did you mean %q?)", level, near)
	}
	return "", fmt.Errorf("no priority level %q (they are %s)", level, strings.Join(names, ", "))
}

func levelTable(levels []apiserver.Level) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 6, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PRIORITY-LEVEL\tSEATS\tMAX-PER-REQUEST\tIN-USE\tWAITING\tDISPATCHED\tREJECTED\tRETRY-AFTER")
	for _, l := range levels {
		if l.Exempt {
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t-\t-\t-\n", l.Name)
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%d\t%d\t%ds\n", l.Name, l.Limit, maxSeatsText(l), l.SeatsInUse, l.Waiting,
			l.Dispatched, l.Rejected, l.RetryAfter)
	}
	tw.Flush()
	return b.String()
}

func maxSeatsText(l apiserver.Level) string {
	if l.MaxSeats == 0 {
		return "-"
	}
	return fmt.Sprint(l.MaxSeats)
}

func levelFields(l apiserver.Level) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q : %q\n", "PriorityLevel", l.Name)
	writeIntFields(&b, []intField{{"NominalSeats", int64(l.Limit)}, {"MaxSeatsPerRequest", int64(l.MaxSeats)},
		{"SeatsInUse", int64(l.SeatsInUse)}, {"Waiting", int64(l.Waiting)}, {"Dispatched", l.Dispatched},
		{"Rejected", l.Rejected}, {"RetryAfter", int64(l.RetryAfter)}})
	return b.String()
}

// maxBurst bounds one burst: a relist storm's worth, not a benchmark.
const maxBurst = 5000

// simBurst sends COUNT LISTs at the same instant from one client (one
// APF flow), the way a controller that lists in many goroutines at once
// does, and returns without waiting for the answers:
//
//	sim burst COUNT RESOURCE --as CLIENT [-n NS|-A] [--chunk-size N] [--resource-version RV]
//
// Each is a single page (--chunk-size is its limit; default 0: all).
// The answers arrive as the world runs: RESP events in the trace, the
// 429s in apiserver_request_total and in sim apf's Rejected.
func (sh *Shell) simBurst(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Bools:  []string{"all-namespaces"},
		Values: []string{"namespace", "chunk-size", "resource-version", "as"}, Short: kubectlShort,
	})
	if err != nil {
		return "", err
	}
	const usage = "usage: sim burst COUNT RESOURCE --as CLIENT [-n NS|-A] [--chunk-size N] [--resource-version RV]"
	client := p.String("as", "")
	if len(p.Args) != 2 || client == "" {
		return "", errors.New(usage)
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	var count int
	if _, err := fmt.Sscan(p.Args[0], &count); err != nil || count < 1 || count > maxBurst {
		return "", fmt.Errorf("invalid count %q: a whole number from 1 to %d", p.Args[0], maxBurst)
	}
	r, err := lookupKubectlResource(p.Args[1])
	if err != nil {
		return "", err
	}
	chunk, err := p.Int64("chunk-size", 0)
	if err != nil || chunk < 0 {
		return "", fmt.Errorf("invalid --chunk-size %q", p.String("chunk-size", ""))
	}
	ns, _ := namespaceOf(p, r)
	req := apiserver.Request{Verb: apiserver.LIST, Resource: r.Resource, Namespace: ns,
		Options: am.ListOptions{ResourceVersion: p.String("resource-version", ""), Limit: chunk}}
	for range count {
		sh.w.Do(client, req, func(apiserver.Response) {})
	}
	return fmt.Sprintf("%s sent %d LISTs of %s at once\n", client, count, r.Resource), nil
}
