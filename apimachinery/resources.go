package apimachinery

import "strings"

// Resource describes one API resource type: its group, version, plural
// resource name, kind, scope, the etcd key segment it is stored under and,
// for pods, the field the watch cache indexes watchers by.
type Resource struct {
	Group      string
	Version    string
	Resource   string // plural, lower case: "pods"
	Kind       string // "Pod"
	Namespaced bool
	// StoragePrefix is the segment after /registry/ in etcd keys. It is
	// the resource name except for the historic special cases in k/k's
	// SpecialDefaultResourcePrefixes (nodes are stored as "minions").
	StoragePrefix string
	// IndexedTrigger names the field whose exact-match watches the cacher
	// indexes (C9): "spec.nodeName" for pods, "" otherwise.
	IndexedTrigger string
}

// GroupResource prints like schema.GroupResource: "pods",
// "deployments.apps".
func (r Resource) GroupResource() string {
	if r.Group == "" {
		return r.Resource
	}
	return r.Resource + "." + r.Group
}

// APIVersion is the apiVersion field of objects of this resource: "v1",
// "apps/v1".
func (r Resource) APIVersion() string {
	if r.Group == "" {
		return r.Version
	}
	return r.Group + "/" + r.Version
}

// KnownResources lists the resource types the simulation can store, in the
// order discovery would list them.
var KnownResources = []Resource{
	{"", "v1", "pods", "Pod", true, "pods", "spec.nodeName"},
	{"", "v1", "nodes", "Node", false, "minions", ""},
	{"", "v1", "namespaces", "Namespace", false, "namespaces", ""},
	{"", "v1", "configmaps", "ConfigMap", true, "configmaps", ""},
	{"", "v1", "secrets", "Secret", true, "secrets", ""},
	{"", "v1", "services", "Service", true, "services/specs", ""},
	{"", "v1", "endpoints", "Endpoints", true, "services/endpoints", ""},
	{"", "v1", "events", "Event", true, "events", ""},
	{"apps", "v1", "deployments", "Deployment", true, "deployments", ""},
	{"apps", "v1", "replicasets", "ReplicaSet", true, "replicasets", ""},
	{"coordination.k8s.io", "v1", "leases", "Lease", true, "leases", ""},
	{"discovery.k8s.io", "v1", "endpointslices", "EndpointSlice", true, "endpointslices", ""},
}

// LookupResource finds a resource by plural name ("pods"), group-qualified
// name ("deployments.apps") or kind ("Pod").
func LookupResource(name string) (Resource, bool) {
	for _, r := range KnownResources {
		if name == r.Resource || name == r.GroupResource() || name == r.Kind ||
			strings.EqualFold(name, r.Kind) {
			return r, true
		}
	}
	return Resource{}, false
}

func isNamespacedKind(kind string) bool {
	r, ok := LookupResource(kind)
	return ok && r.Namespaced
}
