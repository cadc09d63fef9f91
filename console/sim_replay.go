package console

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
	"watchscope/recording"
	"watchscope/watchcache"
)

func init() {
	registerSim(map[string]simVerb{
		"replay": (*Shell).simReplay,
	})
}

// ReplayNode is the client node a replay writes from.
const ReplayNode = "replay"

// simReplay feeds the writes of a recording (what `watchscope record` saw
// a real API server send; package recording) into the simulated cluster,
// so every tool of the lessons can be tried on a real workload's shape:
//
//	sim replay FILE.wsrec
//
// FILE is a console file: a recording dropped on the page, or one written
// with cat > FILE. First each recorded resource's watch cache is fixed at
// the capacity the server reported (watch_cache_capacity, its last
// sample): the API servers restart with --watch-cache-sizes as `sim set`
// does, and the replay waits until they serve. Then every recorded watch
// event is sent again as a write from node "replay" at its recorded time
// from that moment, to the same object with the same size: ADDED as a
// CREATE, MODIFIED as an UPDATE, DELETED as a DELETE. The recording names
// the objects that existed before it began only by count, so an UPDATE of
// an object the simulation lacks creates it, and a CREATE of one it has
// updates it. Resources the simulation does not model are named and
// skipped. `sim advance` then plays it; like every run, it is
// deterministic.
func (sh *Shell) simReplay(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: sim replay FILE.wsrec (a console file: drop the recording on the page, or write it with cat > FILE <<'EOF')")
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	text, ok := sh.readFile(args[0])
	if !ok {
		return "", fmt.Errorf("sim replay: %s: no such console file (drop the .wsrec on the page, or write it with cat > %s <<'EOF')", args[0], args[0])
	}
	rec, err := recording.Parse(args[0], []byte(text))
	if err != nil {
		return "", err
	}
	p := &replay{sh: sh, res: map[string]am.Resource{}}
	var b strings.Builder
	sizes := p.plan(rec, &b)
	if len(p.writes) == 0 {
		return b.String(), fmt.Errorf("sim replay: %s has no writes of a resource the simulation models", args[0])
	}
	if sizes != "" {
		change, _ := knobChange("watch-cache-sizes", sizes)
		err := sh.w.ReconfigureAPIServers("watch-cache-sizes="+sizes+" (sim replay)", func(c *apiserver.Config) {
			change(c)
			c.LegacyFixedWatchCacheSizes = true
		})
		if err != nil {
			return b.String(), err
		}
		sh.waitServing()
		fmt.Fprintf(&b, "%d API server replica(s) restarted with --watch-cache-sizes=%s in the legacy fixed sizing (the pre-1.19 model, where a size fixes the ring; 1.36 sizes it dynamically)\n", len(sh.w.APIServers), sizes)
	}
	p.start = sh.w.Now()
	p.tick()
	last := time.Duration(p.writes[len(p.writes)-1].T) * time.Millisecond
	fmt.Fprintf(&b, "replaying %d writes over %s from now (sim advance %s plays them all)\n", len(p.writes), last, last.Round(time.Second)+time.Second)
	return b.String(), nil
}

// replay is one running `sim replay`.
type replay struct {
	sh     *Shell
	res    map[string]am.Resource // the recording's resource names the simulation models
	writes []recording.Write
	next   int
	start  time.Duration
}

// plan keeps the writes of modelled resources, describes each resource in
// b and returns the --watch-cache-sizes value of the recorded capacities.
func (p *replay) plan(rec *recording.Recording, b *strings.Builder) string {
	fmt.Fprintf(b, "recording of %s (%s), started %s\n", rec.Header.Server, strings.Join(rec.Header.Resources, ", "), rec.Header.Started)
	if rec.Truncated {
		fmt.Fprintln(b, "(the file ends mid-line: replaying up to its last whole line)")
	}
	writes := rec.Writes()
	var sizes []string
	for _, s := range rec.Summary() {
		r, ok := am.LookupResource(s.Name)
		if !ok || r.GroupResource() != s.Name {
			fmt.Fprintf(b, "  %s: not modelled by the simulation, skipped\n", s.Name)
			continue
		}
		p.res[s.Name] = r
		n := 0
		for _, x := range writes {
			if x.Res == s.Name {
				n++
			}
		}
		cache := "watch cache sized dynamically (no capacity recorded)"
		if s.Capacity > watchcache.MaxCapacity {
			cache = fmt.Sprintf("watch cache sized dynamically (the recorded capacity %d is over the ring's upper bound %d)", s.Capacity, watchcache.MaxCapacity)
		} else if s.Capacity > 0 {
			cache = fmt.Sprintf("watch cache fixed at %d events (recorded capacity)", s.Capacity)
			sizes = append(sizes, fmt.Sprintf("%s#%d", s.Name, s.Capacity))
		}
		fmt.Fprintf(b, "  %s: %d writes, %s\n", s.Name, n, cache)
	}
	for _, x := range writes {
		if _, ok := p.res[x.Res]; ok {
			p.writes = append(p.writes, x)
		}
	}
	return strings.Join(sizes, ",")
}

// tick sends every write that is due and schedules itself for the next.
func (p *replay) tick() {
	w := p.sh.w
	for ; p.next < len(p.writes); p.next++ {
		at := p.start + time.Duration(p.writes[p.next].T)*time.Millisecond
		if at > w.Now() {
			w.After(at-w.Now(), p.tick)
			return
		}
		p.send(p.writes[p.next])
	}
}

// send writes one recorded event again.
func (p *replay) send(x recording.Write) {
	r := p.res[x.Res]
	ns, name := "", x.Key
	if r.Namespaced {
		ns, name, _ = strings.Cut(x.Key, "/")
	}
	obj := &am.Object{Kind: r.Kind, SizeBytes: int32(min(x.Size, math.MaxInt32)),
		ObjectMeta: am.ObjectMeta{Name: name, Namespace: ns}}
	req := apiserver.Request{Resource: r.Resource, Namespace: ns, Name: name, Body: obj}
	var fallback apiserver.Verb // sent instead when the answer is code
	var code int32
	switch x.Type {
	case "ADDED":
		req.Verb, fallback, code = apiserver.CREATE, apiserver.UPDATE, 409
	case "MODIFIED":
		req.Verb, fallback, code = apiserver.UPDATE, apiserver.CREATE, 404
	case "DELETED":
		req.Verb, req.Body = apiserver.DELETE, nil
	default:
		return
	}
	w := p.sh.w
	w.Do(ReplayNode, req, func(resp apiserver.Response) {
		if code != 0 && resp.Code == code {
			req.Verb, req.ID = fallback, 0
			w.Do(ReplayNode, req, func(apiserver.Response) {})
		}
	})
}
