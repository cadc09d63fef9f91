package console

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

func init() {
	registerSim(map[string]simVerb{
		"load": (*Shell).simLoad,
	})
}

// LoadNode is the client node the load generator writes from.
const LoadNode = "loadgen"

// simLoad starts a write load through the API server, the way a busy
// cluster churns objects, for as long as asked and then stops:
//
//	sim load RESOURCE WRITES_PER_SECOND DURATION [-n NS] [--objects K] [--size S] [-l KEY=VALUE]
//
// The first K writes CREATE objects load-0 .. load-K-1 (default 10; one
// left by an earlier load is updated instead); every later write UPDATEs
// the next one in turn. Each write is a real request
// from node "loadgen": it goes through Priority and Fairness, becomes one
// etcd revision and one event in the resource's watch cache. Lessons use
// it to fill a ring buffer at a known rate and then let the world go
// quiet, so every number they read afterwards holds still.
func (sh *Shell) simLoad(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Values: []string{"namespace", "objects", "size", "selector"}, Short: kubectlShort,
	})
	if err != nil {
		return "", err
	}
	if len(p.Args) != 3 {
		return "", errors.New("usage: sim load RESOURCE WRITES_PER_SECOND DURATION [-n NS] [--objects K] [--size S] [-l KEY=VALUE]")
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	r, err := lookupKubectlResource(p.Args[0])
	if err != nil {
		return "", err
	}
	rate, err := strconv.ParseFloat(p.Args[1], 64)
	if err != nil || rate <= 0 || rate > 100000 {
		return "", fmt.Errorf("invalid rate %q: writes per second from 0 to 100000", p.Args[1])
	}
	d, err := parseDuration(p.Args[2])
	if err != nil {
		return "", err
	}
	g, err := newLoadGen(sh, r, p, rate)
	if err != nil {
		return "", err
	}
	g.total = int(math.Round(rate * d.Seconds()))
	g.tick()
	return fmt.Sprintf("loadgen: %g writes/s to %s for %s (%d objects)\n", rate, r.Resource, d, g.objects), nil
}

// loadGen is one running `sim load`.
type loadGen struct {
	sh      *Shell
	res     am.Resource
	ns      string
	objects int
	size    int32
	labels  map[string]string
	every   time.Duration
	total   int // writes to send: rate x duration
	writes  int
}

func newLoadGen(sh *Shell, r am.Resource, p parsedFlags, rate float64) (*loadGen, error) {
	n, err := p.Int64("objects", 10)
	if err != nil || n < 1 || n > 100000 {
		return nil, fmt.Errorf("invalid --objects %q: from 1 to 100000", p.String("objects", ""))
	}
	size, err := parseSize(p.String("size", "1Ki"))
	if err != nil {
		return nil, err
	}
	g := &loadGen{sh: sh, res: r, objects: int(n), size: size,
		every: max(time.Duration(float64(time.Second)/rate), time.Microsecond)}
	g.ns, _ = namespaceOf(p, r)
	if sel := p.String("selector", ""); sel != "" {
		k, v, ok := strings.Cut(sel, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("invalid -l %q: want KEY=VALUE", sel)
		}
		g.labels = map[string]string{k: v}
	}
	return g, nil
}

// tick sends one write and schedules the next, until the load ends.
func (g *loadGen) tick() {
	w := g.sh.w
	if g.writes >= g.total {
		return
	}
	i := g.writes % g.objects
	verb := apiserver.UPDATE
	if g.writes < g.objects {
		verb = apiserver.CREATE
	}
	g.writes++
	name := fmt.Sprintf("load-%d", i)
	obj := &am.Object{Kind: g.res.Kind, SizeBytes: g.size,
		ObjectMeta: am.ObjectMeta{Name: name, Namespace: g.ns, Labels: g.labels,
			Annotations: map[string]string{"write": strconv.Itoa(g.writes)}}}
	req := apiserver.Request{Verb: verb, Resource: g.res.Resource, Namespace: g.ns, Name: name, Body: obj}
	w.Do(LoadNode, req, func(resp apiserver.Response) {
		if verb == apiserver.CREATE && resp.Code == 409 {
			// Left by an earlier load: update it instead, as kubectl apply would.
			req.Verb, req.ID = apiserver.UPDATE, 0
			w.Do(LoadNode, req, func(apiserver.Response) {})
		}
	})
	w.After(g.every, g.tick)
}
