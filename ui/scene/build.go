package scene

import (
	"strconv"
	"strings"
)

// MaxEach is how many members of a group the scene shows one by one;
// beyond it the group is one actor with a count.
const MaxEach = 6

// Step is what the shown lesson step says about the scene.
type Step struct {
	Highlights []string // the step's highlight targets ("apiserver.ring", "client:poller-0")
	Hidden     []string // actor names hidden now (see Hidden): "poller", "cache:secrets"
	Resource   string   // the resource the step is about ("configmaps"); "" for pods
	// Dispatcher: the step points at the dispatcher of Resource's caches,
	// whose counters the stage then draws beside the cache.
	Dispatcher bool
	Figure     string // the figure the step names (lessons.FigureKinds), "" for none: ui/view.BuildFigure adds it
}

// Build makes the scene of w for a step: every actor the world has,
// grouped where there are many, less what the step hides, and the focus.
// The step's figure is added by its builder (AddFigure; ui/view's
// registry of figures, BuildFigure, names it).
func Build(w World, st Step) Scene {
	b := builder{w: w, st: st}
	b.etcd()
	b.replicas()
	b.clients()
	b.lists()
	b.charts()
	sc := Scene{Actors: b.hideAll(), Resources: append([]string{}, w.Resources...)}
	sc.Focus = focusIDs(&sc, st)
	return sc
}

type builder struct {
	w   World
	st  Step
	out []Actor
}

func (b *builder) add(a Actor) { b.out = append(b.out, a) }

// replicas adds each API server, its caches of the resources the world
// uses, their watchers, Priority and Fairness and memory.
func (b *builder) replicas() {
	for _, r := range b.w.Replicas {
		a := Actor{ID: r.Name, Kind: KindAPIServer, Label: r.Name, Replica: r.Name, Down: !r.Up}
		switch {
		case !r.Up:
			a.Detail = "down: " + r.Down
		case r.Readiness != "":
			a.Detail = r.Readiness
		}
		b.add(a)
		for _, c := range r.Caches {
			if !contains(b.w.Resources, c.Resource) {
				continue
			}
			b.cache(r.Name, c)
		}
		if len(r.Levels) > 0 {
			load := apfLoad(r.Levels)
			b.add(Actor{ID: APFID(r.Name), Kind: KindAPF, Parent: r.Name, Replica: r.Name,
				Label: "Priority and Fairness", Detail: load.Words(), APF: &load})
		}
		m := Actor{ID: MemoryID(r.Name), Kind: KindMemory, Parent: r.Name, Replica: r.Name,
			Label: "memory", Bytes: r.Memory, Limit: r.Limit, Detail: Bytes(r.Memory)}
		if r.Limit > 0 {
			m.Detail += " of " + Bytes(r.Limit)
		}
		b.add(m)
	}
}

func (b *builder) cache(replica string, c Cache) {
	id := CacheID(replica, c.Resource)
	ring := c.Ring
	a := Actor{ID: id, Kind: KindCache, Parent: replica, Replica: replica, Resource: c.Resource,
		Label: c.Resource + " cache", Ring: &ring, Detail: c.Ready, Ready: c.Ready, Stalled: c.Stalled}
	if b.st.Dispatcher && c.Resource == b.st.resource() {
		d := c.Dispatch
		a.Dispatch = &d
	}
	b.add(a)
	if c.WatcherN == 0 {
		return
	}
	if c.WatcherN <= MaxEach && len(c.Watchers) == c.WatcherN {
		for _, cw := range c.Watchers {
			d := "up to date"
			if cw.Queued > 0 {
				d = strconv.Itoa(cw.Queued) + " events behind"
			}
			b.add(Actor{ID: CacheWatcherID(id, cw.Client), Kind: KindCacheWatcher, Parent: id, Replica: replica,
				Resource: c.Resource, Label: cw.Client, Owner: cw.Client, Queued: cw.Queued, Detail: d})
		}
		return
	}
	queued := 0
	for _, cw := range c.Watchers {
		queued = max(queued, cw.Queued)
	}
	b.add(Actor{ID: CacheWatchersID(id), Kind: KindCacheWatcher, Parent: id, Replica: replica, Resource: c.Resource,
		Count: c.WatcherN, Label: plural(c.WatcherN, "watcher", "watchers"), Queued: queued})
}

// resource is the resource the step is about.
func (st Step) resource() string {
	if st.Resource == "" {
		return "pods"
	}
	return st.Resource
}

// APFLoad is Priority and Fairness at a glance: the busiest level (the
// most seats in use and requests waiting) by name, with its seats, queue
// and 429s; or, while none is busy, every level's seats summed (Level "").
type APFLoad struct {
	Level                 string
	InUse, Limit, Waiting int
	Rejected              int64 // 429s of the busiest level since the process started
}

// apfLoad is the load of levels ls (exempt levels left out).
func apfLoad(ls []Level) APFLoad {
	var all APFLoad
	var busiest *Level
	for i, l := range ls {
		if l.Exempt {
			continue
		}
		all.InUse, all.Limit, all.Waiting = all.InUse+l.InUse, all.Limit+l.Limit, all.Waiting+l.Waiting
		if l.InUse+l.Waiting+int(l.Rejected) > 0 && (busiest == nil || l.InUse+l.Waiting > busiest.InUse+busiest.Waiting) {
			busiest = &ls[i]
		}
	}
	if busiest == nil {
		return all
	}
	return APFLoad{Level: busiest.Name, InUse: busiest.InUse, Limit: busiest.Limit, Waiting: busiest.Waiting, Rejected: busiest.Rejected}
}

// Seats is "240 of 245 seats".
func (l APFLoad) Seats() string {
	return strconv.Itoa(l.InUse) + " of " + strconv.Itoa(l.Limit) + " seats"
}

// Words is the load in one line: "workload-low: 240 of 245 seats · 251
// waiting · 77 refused (429)".
func (l APFLoad) Words() string {
	d := l.Seats() + " · " + strconv.Itoa(l.Waiting) + " waiting"
	if l.Level != "" {
		d = l.Level + ": " + d
	}
	if l.Rejected > 0 {
		d += " · " + Thousands(l.Rejected) + " refused (429)"
	}
	return d
}

// clients adds the client processes and their informers, the kubelets
// as one group, and the pollers.
func (b *builder) clients() {
	for _, g := range groupClients(b.w.Clients) {
		c := g.first
		if g.n > 1 {
			b.add(Actor{ID: ClientID(g.name), Kind: KindClient, Count: g.n, Label: plural(g.n, g.name, g.name+"s"), Owner: g.name,
				Detail: c.Role})
			for _, inf := range c.Informers {
				parts := inf.Informer
				b.add(Actor{ID: InformerID(g.name, inf.Resource), Kind: KindInformer, Parent: ClientID(g.name), Owner: g.name,
					Count: g.n, Resource: inf.Resource, Label: g.name + "s · " + inf.Resource + " informers", Parts: &parts,
					Detail: "one each, like " + c.Name + "'s: " + inf.Phase})
			}
			continue
		}
		b.add(Actor{ID: ClientID(c.Name), Kind: KindClient, Label: c.Name, Owner: c.Name, Detail: c.Role})
		for i, inf := range c.Informers {
			if i == MaxEach {
				break
			}
			parts := inf.Informer
			b.add(Actor{ID: InformerID(c.Name, inf.Resource), Kind: KindInformer, Parent: ClientID(c.Name), Owner: c.Name,
				Resource: inf.Resource, Label: c.Name + " · " + inf.Resource + " informer", Parts: &parts,
				Detail: inf.Phase + " · " + strconv.Itoa(inf.Indexer) + " in Indexer"})
		}
	}
	if n := b.w.Kubelets; n > 0 {
		b.add(Actor{ID: Kubelets, Kind: KindKubelets, Count: n, Resource: "pods",
			Label: plural(n, "kubelet", "kubelets"), Detail: strconv.Itoa(b.w.Watching) + " watching their pods"})
	}
	ps := b.w.Pollers
	switch {
	case len(ps) > 0 && len(ps) <= 3:
		for _, p := range ps {
			b.add(Actor{ID: PollerID(p), Kind: KindPoller, Label: p, Owner: p, Resource: b.w.PollWhat,
				Detail: "LISTs " + b.w.PollWhat + " on a timer"})
		}
	case len(ps) > 3:
		b.add(Actor{ID: Pollers, Kind: KindPoller, Count: len(ps), Resource: b.w.PollWhat,
			Label: plural(len(ps), "poller", "pollers"), Detail: "LIST " + b.w.PollWhat + " on a timer"})
	}
}

// clientGroup is clients that differ only in a number ("kubectl-w-7").
type clientGroup struct {
	name  string
	n     int
	first Client
}

// groupClients keeps clients one by one while a name's family has at
// most MaxEach members; a larger family becomes one counted group.
func groupClients(cs []Client) []clientGroup {
	count := map[string]int{}
	for _, c := range cs {
		count[family(c.Name)]++
	}
	var out []clientGroup
	at := map[string]int{}
	for _, c := range cs {
		f := family(c.Name)
		if count[f] <= MaxEach {
			out = append(out, clientGroup{name: c.Name, n: 1, first: c})
			continue
		}
		if _, ok := at[f]; !ok {
			at[f] = len(out)
			out = append(out, clientGroup{name: f, n: count[f], first: c})
		}
	}
	return out
}

// family is a name without its trailing number: "kubectl-w-7" -> "kubectl-w".
func family(name string) string {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	if i == len(name) || i == 0 {
		return name
	}
	return strings.TrimRight(name[:i], "-")
}

// lists adds the step's LIST answers as pages (the last few) and the
// snapshots they were served from.
func (b *builder) lists() {
	var ls []ListCall
	for _, l := range b.w.Lists { // a poller's or a kubelet's routine LIST is not a page to look at
		routine := strings.HasPrefix(l.Client, "poller-") || strings.HasPrefix(l.Client, "node-")
		if !routine || l.Page > 1 || l.Continue != "" {
			ls = append(ls, l)
		}
	}
	const keep = 8
	first := max(0, len(ls)-keep)
	snaps := map[uint64]bool{}
	for i, l := range ls {
		if l.Source == "cache-snapshot" && !snaps[l.RV] {
			snaps[l.RV] = true
			b.add(Actor{ID: SnapshotID(l.RV), Kind: KindSnapshot, Replica: l.Replica, Resource: l.Resource,
				Parent: CacheID(l.Replica, l.Resource), RV: l.RV, Label: "snapshot at rv " + itoa64(int64(l.RV)),
				Detail: l.Resource + " as they were at rv " + itoa64(int64(l.RV))})
		}
		if i < first {
			continue
		}
		d := l.Client + " · " + thousands(l.Items) + " items · " + l.Source
		switch {
		case l.Error != "":
			d = l.Client + " · no answer: " + l.Error
		case l.Code != 200:
			d = l.Client + " · " + strconv.Itoa(l.Code) + " · " + l.Source
		}
		label := "LIST " + l.Resource
		if l.Page > 1 || l.Continue != "" {
			label += " · page " + strconv.Itoa(l.Page)
		}
		b.add(Actor{ID: PageID(i + 1), Kind: KindPage, Replica: l.Replica, Resource: l.Resource, Client: l.Client,
			Label: label, Items: l.Items, RV: l.RV, Seats: l.Seats,
			Continue: l.Continue, Source: l.Source, Detail: d, Err: l.Error})
	}
}

// charts adds the lesson's charts, labelled in words.
func (b *builder) charts() {
	for i, c := range b.w.Charts {
		b.add(Actor{ID: ChartID(i), Kind: KindChart, Label: HumanMetric(c.Metric), Metric: c.Metric,
			Value: c.Last, Series: c.Values, Summed: c.Summed})
	}
}

// hideAll drops the actors the step hides, and their children.
func (b *builder) hideAll() []Actor {
	if len(b.st.Hidden) == 0 {
		return b.out
	}
	gone := map[string]bool{}
	out := b.out[:0]
	for _, a := range b.out {
		if gone[a.Parent] || hiddenBy(a, b.st.Hidden) {
			gone[a.ID] = true
			continue
		}
		out = append(out, a)
	}
	return out
}

// hiddenBy reports whether one of names ("poller", "cache:secrets",
// "client:kubectl") matches a.
func hiddenBy(a Actor, names []string) bool {
	for _, n := range names {
		kind, param, _ := strings.Cut(n, ":")
		if Kind(kind) != a.Kind {
			continue
		}
		if param == "" || param == a.Resource || param == a.Label || param == a.Replica ||
			strings.HasSuffix(a.ID, "/"+param) {
			return true
		}
	}
	return false
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// shortList is names joined by commas when that is at most max bytes,
// else how many there are ("3 resources"): a pill has no room for more.
func shortList(names []string, max int, what string) string {
	if j := strings.Join(names, ", "); len(j) <= max {
		return j
	}
	return strconv.Itoa(len(names)) + " " + what
}

// other names a group the stage draws with its count ("×3 other caches"),
// so the label says less: the count is beside it.
func other(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return thousands(n) + " " + many
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

func thousands(n int) string { return Thousands(int64(n)) }

// Thousands prints n with comma separators: 150,000.
func Thousands(n int64) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Bytes prints a byte count in binary units: "512 KiB", "1.4 GiB".
func Bytes(b int64) string {
	const k = 1024
	switch {
	case b >= k*k*k:
		return strconv.FormatFloat(float64(b)/(k*k*k), 'f', 1, 64) + " GiB"
	case b >= k*k:
		return strconv.FormatFloat(float64(b)/(k*k), 'f', 1, 64) + " MiB"
	case b >= k:
		return strconv.FormatInt(b/k, 10) + " KiB"
	}
	return strconv.FormatInt(b, 10) + " B"
}
