package apimachinery

import (
	"strconv"
	"strings"
	"unsafe"
)

// One string per decoded object.
//
// A 5,000-node world keeps ~150,000 pods, and every one of them is filed
// under a key several times over: the watch cache's store and trigger
// index under "/registry/pods/ns/name", and every informer that holds the
// pod (the controller-manager's, its kubelet's) under "ns/name". Built
// separately, those keys, plus the decoded name, uid and resourceVersion,
// were six small strings per pod: a quarter of the live heap's objects,
// each one more thing for every GC cycle to mark.
//
// The decoder instead writes the etcd key, the uid and the resourceVersion
// into one allocation and makes the object's strings views of it:
//
//	"/registry/pods/ns-3/web-17" "6f0c…" "4242"
//	 └──────── storageKey ────┘
//	                └ MetaNamespaceKey ┘
//	                     └ Name ┘  └ UID ┘ └ ResourceVersion
//
// (the name is taken from the key only when the key really ends in
// "/<name>"; otherwise it gets its own bytes in the same allocation).
//
// The views are only ever used after checking them byte for byte against
// the object's exported fields, so an object that was copied and renamed,
// or built by hand, gets exactly the key it got before, only built anew.
// Objects are immutable once decoded, so the one allocation lives as long
// as the object (a key kept by a map after the object is replaced keeps
// ~100 bytes alive, no more).

// setStrings sets Name, UID and ResourceVersion (rv 0: unset) from the
// decoded name and uid bytes, all in one allocation that starts with key.
func (o *Object) setStrings(key, name, uid []byte, rv uint64) {
	nameInKey := len(name) > 0 && len(key) > len(name) &&
		key[len(key)-len(name)-1] == '/' && string(key[len(key)-len(name):]) == string(name)
	var digits [20]byte
	rvText := digits[:0]
	if rv != 0 {
		rvText = strconv.AppendUint(rvText, rv, 10)
	}
	n := len(key) + len(uid) + len(rvText)
	if !nameInKey {
		n += len(name)
	}
	if n == 0 {
		return
	}
	b := make([]byte, 0, n)
	b = append(b, key...)
	if !nameInKey {
		b = append(b, name...)
	}
	b = append(b, uid...)
	b = append(b, rvText...)
	// b is never written again, so a string may share its bytes.
	s := unsafe.String(unsafe.SliceData(b), len(b))
	o.storageKey, s = s[:len(key)], s[len(key):]
	if nameInKey {
		o.Name = o.storageKey[len(key)-len(name):]
	} else {
		o.Name, s = s[:len(name)], s[len(name):]
	}
	o.UID, o.ResourceVersion = s[:len(uid)], s[len(uid):]
}

// MetaNamespaceKey is client-go's MetaNamespaceKeyFunc: "<namespace>/<name>",
// or just "<name>" for a cluster-scoped object. For an object decoded with
// its storage key the result is a view of that key: no allocation.
func (o *Object) MetaNamespaceKey() string {
	if o.Namespace == "" {
		return o.Name
	}
	k := o.storageKey
	if tail := len(o.Namespace) + 1 + len(o.Name); len(k) >= tail &&
		strings.HasSuffix(k, o.Name) && k[len(k)-len(o.Name)-1] == '/' &&
		k[len(k)-tail:len(k)-len(o.Name)-1] == o.Namespace {
		return k[len(k)-tail:]
	}
	return o.Namespace + "/" + o.Name
}

// ObjectKey is r.Key(o.Namespace, o.Name), the key the watch cache files
// o under; for an object decoded from that very key it is the decoded
// key itself: no allocation.
func (r Resource) ObjectKey(o *Object) string {
	if k := o.storageKey; k != "" && r.isKeyOf(k, o.Namespace, o.Name) {
		return k
	}
	return r.Key(o.Namespace, o.Name)
}

// isKeyOf reports whether k == r.Key(namespace, name), without building
// the right-hand side.
func (r Resource) isKeyOf(k, namespace, name string) bool {
	rest, ok := strings.CutPrefix(k, DefaultEtcdPrefix+"/")
	if !ok {
		return false
	}
	if rest, ok = strings.CutPrefix(rest, r.StoragePrefix); !ok {
		return false
	}
	if rest, ok = strings.CutPrefix(rest, "/"); !ok {
		return false
	}
	if r.Namespaced && namespace != "" {
		if rest, ok = strings.CutPrefix(rest, namespace); !ok {
			return false
		}
		if rest, ok = strings.CutPrefix(rest, "/"); !ok {
			return false
		}
	}
	return rest == name
}
