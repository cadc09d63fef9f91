package apiserver

import (
	"strconv"

	am "watchscope/apimachinery"
)

// The driver syncs every replica's series ten times a virtual second,
// and each write and watch event counts itself in a map keyed by
// strings. What those paths used to build again each time is built once
// here: the series' sorted keys and label pairs, the status code texts
// and the group-resource names.

// seriesKeys is one metric map's keys in sortedKeys order, each with
// its label pairs, kept until the map's key set changes:
//
//	map    {[LIST pods 200]: 7, [GET leases 404]: 1}
//	order  [GET leases 404]      [LIST pods 200]
//	labels [{verb GET} ...]      [{verb LIST} ...]   (shared by every Sample)
type seriesKeys[K comparable] struct {
	order  []K
	labels [][][2]string
}

// metricKey is what sortedKeys can order.
type metricKey interface {
	~string | ~[2]string | ~[3]string | ~[5]string
}

// seriesOf returns c with m's keys and labels, rebuilding them only when
// m's key set differs from the cached one: a set is unchanged when it
// has as many keys and holds every cached key.
func seriesOf[K metricKey, V any](c *seriesKeys[K], m map[K]V, labels func(K) [][2]string) *seriesKeys[K] {
	if len(c.order) == len(m) && holdsAll(m, c.order) {
		return c
	}
	c.order = sortedKeys(m)
	c.labels = make([][][2]string, len(c.order))
	for i, k := range c.order {
		c.labels[i] = labels(k)
	}
	return c
}

func holdsAll[K comparable, V any](m map[K]V, keys []K) bool {
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

// codeText is fmt.Sprint(code) without the allocation for the codes
// every request ends with.
func codeText(code int32) string {
	switch code {
	case 200:
		return "200"
	case 201:
		return "201"
	case 404:
		return "404"
	case 409:
		return "409"
	case 410:
		return "410"
	case 429:
		return "429"
	case 500:
		return "500"
	}
	return strconv.Itoa(int(code))
}

// groupResource is r.GroupResource() without building the string for a
// resource of a group ("leases.coordination.k8s.io") each time: the
// known resources' names are made once.
func groupResource(r am.Resource) string {
	if r.Group == "" {
		return r.Resource
	}
	for i := range knownGroupResources {
		if g := &knownGroupResources[i]; g.resource == r.Resource && g.group == r.Group {
			return g.name
		}
	}
	return r.GroupResource()
}

// knownGroupResources are the group-resource names of am.KnownResources.
var knownGroupResources = func() []struct{ resource, group, name string } {
	var out []struct{ resource, group, name string }
	for _, r := range am.KnownResources {
		out = append(out, struct{ resource, group, name string }{r.Resource, r.Group, r.GroupResource()})
	}
	return out
}()
