package recording

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Resource sums up what a recording saw of one resource.
type Resource struct {
	Name                      string
	Events                    int // ADDED + MODIFIED + DELETED
	Added, Modified, Deleted  int
	Bookmarks, Errors, Closed int
	Lists                     int // LIST requests sent (the first and every re-LIST)
	Gone                      int // 410s: ERROR events and refused LISTs
	GoneMessage               string
	// FirstRV and LastRV bound the revisions seen (lists, events, bookmarks).
	FirstRV, LastRV int64
	// Capacity is the watch cache's ring size from the last metrics
	// sample (0: not sampled).
	Capacity int
	// Rate is the events per second the server's watch cache received
	// (the rise of MetricReceived, across restarts that reset it, when sampled
	// twice or more, else the events recorded after the first list).
	Rate float64
	// Window is how long the cache's ring lasts at Rate: a watcher away
	// longer than this comes back to a 410. +Inf when nothing is written
	// or, with Capacity 0, unknown (see HasWindow).
	Window float64
}

// HasWindow reports whether the window could be computed (the capacity
// was sampled and events arrive).
func (r Resource) HasWindow() bool { return r.Capacity > 0 && r.Rate > 0 }

// Duration is the time of the recording's last record, in milliseconds.
func (rec *Recording) Duration() int64 {
	if len(rec.Records) == 0 {
		return 0
	}
	return rec.Records[len(rec.Records)-1].T
}

// Summary sums up each resource of the header, in the header's order
// (then any other resource the records name, sorted).
func (rec *Recording) Summary() []Resource {
	names := slices.Clone(rec.Header.Resources)
	by := map[string]*Resource{}
	get := func(n string) *Resource {
		if r, ok := by[n]; ok {
			return r
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
		by[n] = &Resource{Name: n}
		return by[n]
	}
	for _, n := range rec.Header.Resources {
		get(n)
	}
	firstListDone := map[string]int64{}
	for _, x := range rec.Records {
		if x.Res == "" {
			continue
		}
		r := get(x.Res)
		r.add(x)
		if x.Kind == KindList && x.Code == 200 {
			if _, ok := firstListDone[x.Res]; !ok {
				firstListDone[x.Res] = x.T
			}
		}
	}
	slices.Sort(names[len(rec.Header.Resources):])
	out := make([]Resource, 0, len(names))
	for _, n := range names {
		r := by[n]
		rec.window(r, firstListDone)
		out = append(out, *r)
	}
	return out
}

func (r *Resource) add(x Record) {
	switch x.Kind {
	case KindEvent:
		r.Events++
		switch x.Type {
		case "ADDED":
			r.Added++
		case "MODIFIED":
			r.Modified++
		case "DELETED":
			r.Deleted++
		}
	case KindBookmark:
		r.Bookmarks++
	case KindError:
		r.Errors++
		r.gone(x)
	case KindClosed:
		r.Closed++
	case KindRequest:
		if x.Verb == "LIST" {
			r.Lists++
		}
	case KindList:
		r.gone(x)
	}
	if rv, err := strconv.ParseInt(x.RV, 10, 64); err == nil && rv > 0 {
		if r.FirstRV == 0 || rv < r.FirstRV {
			r.FirstRV = rv
		}
		r.LastRV = max(r.LastRV, rv)
	}
}

func (r *Resource) gone(x Record) {
	if x.Code != 410 {
		return
	}
	r.Gone++
	if r.GoneMessage == "" {
		r.GoneMessage = x.Message
	}
}

// window fills Capacity, Rate and Window. A counter series is absent
// from /metrics until it first counts, and an API server's restart starts
// it again from nothing: a sample without it reads 0, and a fall is a
// restart (what rose after it is the new value), as Prometheus' rate().
func (rec *Recording) window(r *Resource, listed map[string]int64) {
	var firstT, lastT int64
	var received, last float64
	n := 0
	for _, x := range rec.Records {
		if x.Kind != KindMetrics {
			continue
		}
		v := 0.0
		for _, s := range x.Samples {
			if !r.names(s) {
				continue
			}
			switch s.Name {
			case MetricCapacity:
				// A ring holds at most a few hundred thousand events; a
				// value past int32 (a hand-edited file) is no capacity,
				// and converting it to int would differ natively and in wasm.
				r.Capacity = 0
				if s.Value >= 1 && s.Value <= math.MaxInt32 {
					r.Capacity = int(s.Value)
				}
			case MetricReceived:
				v = s.Value
			}
		}
		switch {
		case n == 0:
			firstT = x.T
		case v >= last:
			received += v - last
		default:
			received += v
		}
		lastT, last = x.T, v
		n++
	}
	if n >= 2 && lastT > firstT {
		r.Rate = received / (float64(lastT-firstT) / 1000)
	} else if start, ok := listed[r.Name]; ok && rec.Duration() > start {
		r.Rate = float64(r.liveEvents(rec, start)) / (float64(rec.Duration()-start) / 1000)
	}
	r.Window = math.Inf(1)
	if r.HasWindow() {
		r.Window = float64(r.Capacity) / r.Rate
	}
}

// liveEvents counts the events after the first list: writes, not the
// initial state a watch-list streams.
func (r *Resource) liveEvents(rec *Recording, after int64) int {
	n := 0
	for _, x := range rec.Records {
		if x.Kind == KindEvent && x.Res == r.Name && x.T > after {
			n++
		}
	}
	return n
}

// names reports whether a metrics sample is about this resource: r.Name
// is the plural with its group unless core ("pods",
// "leases.coordination.k8s.io"), the sample's labels split them.
func (r *Resource) names(s Sample) bool {
	res, group, _ := strings.Cut(r.Name, ".")
	return s.Resource == res && s.Group == group
}

// Until is the recording as it stood at t milliseconds: its records up to
// and including t (a recording's records are in time order), so its
// Summary counts what had arrived by then and its windows use the metric
// samples taken by then. A t past the end is the whole recording.
func (rec *Recording) Until(t int64) *Recording {
	n := 0
	for n < len(rec.Records) && rec.Records[n].T <= t {
		n++
	}
	out := *rec
	out.Records = rec.Records[:n:n]
	return &out
}
