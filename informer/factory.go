package informer

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
)

// maxFactoryInformers bounds a factory: call IDs carry the informer's
// index in their low 8 bits, so answers route without a lookup table.
const maxFactoryInformers = 256

// SharedInformerFactory opens one informer (one reflector, one watch) per
// resource, however many controllers ask for it.
type SharedInformerFactory struct {
	defaults  InformerConfig
	informers []*SharedIndexInformer // creation order
	seq       []uint64
}

// NewSharedInformerFactory returns a factory whose informers inherit
// defaults (Rand, FIFO kind, watch-list setting, resync, namespace).
func NewSharedInformerFactory(defaults InformerConfig) *SharedInformerFactory {
	return &SharedInformerFactory{defaults: defaults}
}

// InformerFor returns the informer of resource, creating it on first use.
func (f *SharedInformerFactory) InformerFor(resource string) *SharedIndexInformer {
	return f.informerFor(resource, f.defaults)
}

// InformerOfAll returns the informer of every object of resource in the
// factory's namespace, creating it on first use: a controller's second
// lister, for an object its reconcile needs (the factory's defaults but
// not the kind and selectors its first informer was made for).
func (f *SharedInformerFactory) InformerOfAll(resource string) *SharedIndexInformer {
	cfg := f.defaults
	cfg.Kind, cfg.LabelSelector, cfg.FieldSelector = "", "", ""
	return f.informerFor(resource, cfg)
}

// informerFor is the factory's informer of resource with cfg's selectors,
// made on first use: a controller's informer of some pods and its lister
// of all of them are two informers, as two factories are in client-go.
func (f *SharedInformerFactory) informerFor(resource string, cfg InformerConfig) *SharedIndexInformer {
	for _, inf := range f.informers {
		if inf.cfg.Resource == resource && inf.cfg.LabelSelector == cfg.LabelSelector && inf.cfg.FieldSelector == cfg.FieldSelector {
			return inf
		}
	}
	if len(f.informers) == maxFactoryInformers {
		panic(fmt.Sprintf("informer: more than %d informers in one factory", maxFactoryInformers))
	}
	cfg.Resource = resource
	if r, ok := am.LookupResource(resource); ok && cfg.Kind == "" {
		cfg.Kind = r.Kind
	}
	idx := len(f.informers)
	f.seq = append(f.seq, 0)
	cfg.IDFunc = func() uint64 {
		f.seq[idx]++
		return f.seq[idx]<<8 | uint64(idx)
	}
	inf := NewSharedIndexInformer(cfg)
	f.informers = append(f.informers, inf)
	return inf
}

// Start starts every informer not started yet.
func (f *SharedInformerFactory) Start(now time.Duration) {
	for _, inf := range f.informers {
		inf.Start(now)
	}
}

// Informers lists the informers in creation order.
func (f *SharedInformerFactory) Informers() []*SharedIndexInformer { return f.informers }

// Owner returns the informer that made call id.
func (f *SharedInformerFactory) Owner(id uint64) (*SharedIndexInformer, bool) {
	i := int(id & 0xff)
	if i >= len(f.informers) {
		return nil, false
	}
	return f.informers[i], true
}

// TakeCalls drains every informer's calls, informer by informer.
func (f *SharedInformerFactory) TakeCalls() []Call {
	var out []Call
	for _, inf := range f.informers {
		out = append(out, inf.TakeCalls()...)
	}
	return out
}

// Step steps every informer.
func (f *SharedInformerFactory) Step(now time.Duration) {
	for _, inf := range f.informers {
		inf.Step(now)
	}
}

// NextWake is the earliest wake of any informer.
func (f *SharedInformerFactory) NextWake(now time.Duration) (time.Duration, bool) {
	var at time.Duration
	ok := false
	for _, inf := range f.informers {
		if t, iok := inf.NextWake(now); iok && (!ok || t < at) {
			at, ok = t, true
		}
	}
	return at, ok
}

// HasSynced reports whether every started informer has synced.
func (f *SharedInformerFactory) HasSynced() bool {
	for _, inf := range f.informers {
		if inf.started && !inf.synced {
			return false
		}
	}
	return true
}
