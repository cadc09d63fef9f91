package apimachinery

import (
	"maps"
	"slices"
	"strconv"
	"time"
)

// Object is one Kubernetes object as the simulation sees it: the parts of
// TypeMeta and ObjectMeta that watches and selectors look at, the one spec
// field the lessons need (spec.nodeName of a Pod, the watch cache's indexed
// trigger) and a simulated serialized size.
//
// Objects stored in the watch cache or handed to watchers are shared and
// must be treated as immutable; use DeepCopy before changing one.
type Object struct {
	Kind string
	ObjectMeta
	Spec ObjectSpec
	// Data is a ConfigMap's or Secret's data (kubectl create configmap
	// --from-literal); nil for other kinds.
	Data map[string]string
	// SizeBytes is the simulated size of the object's serialized form
	// (what etcd would store and what a LIST would carry). Zero means "as
	// small as the encoded metadata".
	SizeBytes int32
	// storageKey is the etcd key the object was decoded from, when it was
	// decoded with one (MapInterner.DecodeWithKey); Name and the keys the
	// cache and informers file the object under are views of it (see
	// objectkey.go). Empty for objects built any other way.
	storageKey string
}

// ObjectMeta mirrors metav1.ObjectMeta (the subset the simulation uses).
type ObjectMeta struct {
	Name      string
	Namespace string
	UID       string
	// ResourceVersion is the decimal etcd mod_revision of this version of
	// the object (B1). Empty for an object that was never stored.
	ResourceVersion string
	Labels          map[string]string
	Annotations     map[string]string
	// CreationTimestamp is virtual time since the world started; the JSON
	// form renders it as RFC 3339 counted from Epoch.
	CreationTimestamp time.Duration
}

// ObjectSpec holds the typed spec fields the lessons need.
type ObjectSpec struct {
	// NodeName is a Pod's spec.nodeName: the node the pod is bound to, the
	// field every kubelet watches its pods by.
	NodeName string
}

// Epoch is the wall-clock instant virtual time zero maps to in printed
// timestamps. It is fixed so that traces are reproducible.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// RV parses the object's resourceVersion; 0 when unset or malformed.
func (o *Object) RV() uint64 {
	rv, _ := strconv.ParseUint(o.ResourceVersion, 10, 64)
	return rv
}

// WithResourceVersion returns a shallow copy of o carrying rv. Label and
// annotation maps are shared, which is safe because objects are immutable.
func (o *Object) WithResourceVersion(rv uint64) *Object {
	c := *o
	c.ResourceVersion = strconv.FormatUint(rv, 10)
	return &c
}

// DeepCopy returns a copy that shares no maps with o.
func (o *Object) DeepCopy() *Object {
	if o == nil {
		return nil
	}
	c := *o
	c.Labels = maps.Clone(o.Labels)
	c.Annotations = maps.Clone(o.Annotations)
	c.Data = maps.Clone(o.Data)
	return &c
}

// Fields returns the object's field set for field selectors: the
// metadata fields every kind supports plus the kind's extra fields.
// The watch cache computes this on demand rather than storing a map per
// object (the real cacher stores one; here memory is the budget).
func (o *Object) Fields() FieldSet {
	f := FieldSet{"metadata.name": o.Name}
	if o.Namespace != "" || isNamespacedKind(o.Kind) {
		f["metadata.namespace"] = o.Namespace
	}
	if o.Kind == "Pod" {
		for _, k := range podFields {
			f[k], _ = o.Field(k)
		}
	}
	return f
}

// podFields are the fields kube-apiserver lets a pod field selector name
// beyond metadata's (pod.ToSelectableFields, v1.36). The simulation has
// no kubelet and no scheduler's other choices, so besides spec.nodeName
// they hold what a real pod holds while no kubelet has reported: phase
// Pending, no IP, and the defaults the server fills in.
var podFields = []string{"spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName",
	"spec.hostNetwork", "status.phase", "status.podIP", "status.nominatedNodeName"}

// podDefaults is each pod field but spec.nodeName as the simulated pods hold it.
var podDefaults = map[string]string{"spec.restartPolicy": "Always", "spec.schedulerName": "default-scheduler",
	"spec.serviceAccountName": "default", "spec.hostNetwork": "false", "status.phase": "Pending"}

// Field returns one field selector value without building a map.
func (o *Object) Field(name string) (string, bool) {
	switch name {
	case "metadata.name":
		return o.Name, true
	case "metadata.namespace":
		return o.Namespace, true
	case "spec.nodeName":
		return o.Spec.NodeName, o.Kind == "Pod"
	case "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName", "spec.hostNetwork",
		"status.phase", "status.podIP", "status.nominatedNodeName":
		return podDefaults[name], o.Kind == "Pod"
	}
	return "", false
}

// SortedLabelKeys returns the label keys in byte order, the order every
// printed form uses.
func (o *Object) SortedLabelKeys() []string {
	return slices.Sorted(maps.Keys(o.Labels))
}

// String is the one short text form of an object: kind, namespace/name
// and resourceVersion, e.g. "Pod default/nginx@42".
func (o *Object) String() string {
	if o == nil {
		return "<nil>"
	}
	name := o.Name
	if o.Namespace != "" {
		name = o.Namespace + "/" + o.Name
	}
	return o.Kind + " " + name + "@" + o.ResourceVersion
}
