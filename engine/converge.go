package engine

import (
	"fmt"

	am "watchscope/apimachinery"
	"watchscope/informer"
	"watchscope/mvcc"
)

// Divergence is one difference between an informer's store and etcd's
// truth: Want is etcd's resourceVersion for the key ("" = the object does
// not exist, or not for this informer), Got the store's ("" = missing).
type Divergence struct {
	Client, Resource, Key string
	Want, Got             string
}

func (d Divergence) String() string {
	return fmt.Sprintf("%s %s %s: etcd rv=%q store rv=%q", d.Client, d.Resource, d.Key, d.Want, d.Got)
}

// Convergence is the result of comparing every informer with etcd.
type Convergence struct {
	Converged bool
	Informers int
	Objects   int // objects compared, summed over informers
	// Differences lists the first 20 divergences; Total counts all.
	Differences []Divergence
	Total       int
}

// maxListedDifferences bounds Convergence.Differences.
const maxListedDifferences = 20

// CheckConvergence compares every running informer's store with what etcd
// holds now: the same keys, each with the same resourceVersion (the etcd
// mod_revision). An informer that converged has seen the effect of every
// write, whether through its watch or through a relist.
func (w *World) CheckConvergence() Convergence {
	truths := map[string]*truth{}
	var out Convergence
	for _, c := range w.clients {
		if c.stopped {
			continue
		}
		for _, inf := range c.factory.Informers() {
			cfg := inf.Config()
			t, ok := truths[cfg.Resource]
			if !ok {
				t = w.readTruth(cfg.Resource)
				truths[cfg.Resource] = t
			}
			out.Informers++
			out.Objects += compareStore(&out, c.node, inf, t.select_(cfg))
		}
	}
	out.Converged = out.Total == 0
	return out
}

// truth is one resource's objects in etcd, in key order.
type truth struct {
	all    []truthEntry
	byNode map[string][]truthEntry
}

type truthEntry struct {
	key, rv string // key is the informer key: namespace/name or name
	obj     *am.Object
}

func (w *World) readTruth(resource string) *truth {
	r, _ := am.LookupResource(resource)
	prefix := []byte(r.KeyPrefix())
	resp, err := w.Etcd.Range(mvcc.RangeRequest{Key: prefix, RangeEnd: mvcc.PrefixEnd(prefix)})
	t := &truth{byNode: map[string][]truthEntry{}}
	if err != nil {
		return t
	}
	for _, kv := range resp.Kvs {
		o, err := am.Decode(kv.Value, uint64(kv.ModRevision))
		if err != nil {
			continue
		}
		e := truthEntry{key: informer.MetaNamespaceKey(o), rv: o.ResourceVersion, obj: o}
		t.all = append(t.all, e)
		if o.Spec.NodeName != "" {
			t.byNode[o.Spec.NodeName] = append(t.byNode[o.Spec.NodeName], e)
		}
	}
	return t
}

// select_ is the part of the truth an informer with cfg should hold.
func (t *truth) select_(cfg informer.InformerConfig) []truthEntry {
	src := t.all
	fields, _ := am.ParseFieldSelector(cfg.FieldSelector)
	if node, ok := fields.RequiresExactMatch("spec.nodeName"); ok {
		src = t.byNode[node]
	}
	labels, _ := am.ParseLabelSelector(cfg.LabelSelector)
	if cfg.Namespace == "" && len(fields) == 0 && labels.Empty() {
		return src
	}
	var out []truthEntry
	for _, e := range src {
		if (cfg.Namespace == "" || e.obj.Namespace == cfg.Namespace) && fields.Matches(e.obj.Field) && labels.Matches(e.obj.Labels) {
			out = append(out, e)
		}
	}
	return out
}

// compareStore records the differences between want and inf's store and
// returns how many objects it compared.
func compareStore(out *Convergence, client string, inf *informer.SharedIndexInformer, want []truthEntry) int {
	store := inf.Indexer()
	res := inf.Config().Resource
	diff := func(key, w, g string) {
		out.Total++
		if len(out.Differences) < maxListedDifferences {
			out.Differences = append(out.Differences, Divergence{Client: client, Resource: res, Key: key, Want: w, Got: g})
		}
	}
	for _, e := range want {
		got := ""
		if o, ok := store.GetByKey(e.key); ok {
			got = o.ResourceVersion
		}
		if got != e.rv {
			diff(e.key, e.rv, got)
		}
	}
	if store.Len() != len(want) {
		in := make(map[string]bool, len(want))
		for _, e := range want {
			in[e.key] = true
		}
		for _, k := range store.ListKeys() {
			if !in[k] {
				o, _ := store.GetByKey(k)
				diff(k, "", o.ResourceVersion)
			}
		}
	}
	return len(want)
}
