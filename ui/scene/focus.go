package scene

import "strings"

// focusIDs maps the step's highlight targets (lessons.Targets) to the
// actors they name. A target with nothing to point at in this world (a
// cache's watchers before any client watches) names its parent instead,
// and targets that are not actors (the console, the timeline) name none.
func focusIDs(sc *Scene, st Step) []string {
	var out []string
	seen := map[string]bool{}
	add := func(as []*Actor) bool {
		for _, a := range as {
			if !seen[a.ID] {
				seen[a.ID] = true
				out = append(out, a.ID)
			}
		}
		return len(as) > 0
	}
	res := st.Resource
	if res == "" {
		res = "pods"
	}
	for _, t := range st.Highlights {
		name, param, _ := strings.Cut(t, ":")
		switch name {
		case "etcd.tape", "etcd.revision", "etcd.compaction", "etcd.key", "etcd.tombstone":
			add(sc.Of(KindEtcd))
		case "etcd.watchers", "etcd.progress":
			_ = add(sc.Of(KindEtcdWatch)) || add(sc.Of(KindEtcd))
		case "etcd.watch":
			_ = add(nthConsoleWatch(sc, param)) || add(sc.Of(KindEtcd))
		case "apiserver.ring", "apiserver.store":
			_ = add(where(sc, KindCache, res)) || add(sc.Of(KindCache)) || add(sc.Of(KindAPIServer))
		case "apiserver.broadcaster", "apiserver.watchers":
			_ = add(where(sc, KindCacheWatcher, res)) || add(where(sc, KindCache, res)) || add(sc.Of(KindAPIServer))
		case "apiserver.apf":
			_ = add(sc.Of(KindAPF)) || add(sc.Of(KindAPIServer))
		case "apiserver.memory":
			_ = add(sc.Of(KindMemory)) || add(sc.Of(KindAPIServer))
		case "apiserver.replica":
			add(byID(sc, param))
		case "client.reflector", "client.fifo", "client.indexer", "client.handlers":
			// the informers of the step's resource (polling-vs-watching's
			// five configmaps watchers, not the controller manager's pods
			// and leases informers beside them), else every informer
			_ = add(where(sc, KindInformer, res)) || add(sc.Of(KindInformer)) || add(sc.Of(KindKubelets)) || add(sc.Of(KindClient))
		case "client":
			add(clientNamed(sc, param))
		case "metric":
			add(chartOf(sc, param))
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

func where(sc *Scene, k Kind, resource string) []*Actor {
	var out []*Actor
	for _, a := range sc.Of(k) {
		if a.Resource == resource {
			out = append(out, a)
		}
	}
	return out
}

func byID(sc *Scene, id string) []*Actor {
	if a := sc.Find(id); a != nil {
		return []*Actor{a}
	}
	return nil
}

// nthConsoleWatch is the console's watch number n (etcd.watch:N), in the
// order the console opened them.
func nthConsoleWatch(sc *Scene, n string) []*Actor {
	i := 0
	for _, a := range sc.Of(KindEtcdWatch) {
		if a.Source != "client/etcdctl" {
			continue
		}
		if itoa64(int64(i)) == n {
			return []*Actor{a}
		}
		i++
	}
	return nil
}

// clientNamed is a client by name: its actor, its informers, or the
// group it is counted in (a poller, a kubelet).
func clientNamed(sc *Scene, name string) []*Actor {
	if as := byID(sc, ClientID(name)); as != nil {
		for i := range sc.Actors { // the stage draws a client with informers as its informers
			if a := &sc.Actors[i]; a.Kind == KindInformer && a.Parent == ClientID(name) {
				as = append(as, a)
			}
		}
		return as
	}
	if as := byID(sc, PollerID(name)); as != nil {
		return as
	}
	switch {
	case strings.HasPrefix(name, "poller-"):
		return byID(sc, Pollers)
	case strings.HasPrefix(name, "node-"):
		return byID(sc, Kubelets)
	}
	var out []*Actor
	for _, a := range sc.Of(KindCacheWatcher) {
		if a.Label == name {
			out = append(out, a)
		}
	}
	for _, a := range sc.Of(KindPage) { // a command's LISTs (kubectl get)
		if a.Client == name {
			out = append(out, a)
		}
	}
	return out
}

// chartOf is the chart of a metric (by name, labels ignored).
func chartOf(sc *Scene, series string) []*Actor {
	base, _, _ := strings.Cut(series, "{")
	for _, a := range sc.Of(KindChart) {
		if b, _, _ := strings.Cut(a.Metric, "{"); b == base {
			return []*Actor{a}
		}
	}
	return nil
}

// Directive is one line of a step's `scene` block: show or hide actors
// of a kind ("poller") or one of them ("cache:secrets", "client:kubectl").
type Directive struct {
	Show bool
	Name string
}

// Hidden is what is hidden at step (0-based, -1 before the first) of a
// lesson whose steps carry dirs. An actor name a later step shows first
// is hidden until then, so actors appear when the narration introduces
// them; a hide lasts until a later show.
func Hidden(dirs [][]Directive, step int) []string {
	state := map[string]bool{} // name -> shown
	var order []string
	for i, ds := range dirs {
		for _, d := range ds {
			if _, ok := state[d.Name]; !ok {
				order = append(order, d.Name)
				state[d.Name] = !d.Show // before its first directive: the opposite of it
			}
			if i <= step {
				state[d.Name] = d.Show
			}
		}
	}
	var out []string
	for _, n := range order {
		if !state[n] {
			out = append(out, n)
		}
	}
	return out
}
