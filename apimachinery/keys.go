package apimachinery

import "strings"

// DefaultEtcdPrefix is kube-apiserver's --etcd-prefix default.
const DefaultEtcdPrefix = "/registry"

// Key is the etcd key of one object (B1):
//
//	/registry/pods/default/nginx       namespaced
//	/registry/minions/node-1            cluster-scoped (nodes keep their historic prefix)
func (r Resource) Key(namespace, name string) string {
	if !r.Namespaced || namespace == "" {
		return DefaultEtcdPrefix + "/" + r.StoragePrefix + "/" + name
	}
	return DefaultEtcdPrefix + "/" + r.StoragePrefix + "/" + namespace + "/" + name
}

// KeyPrefix is the prefix every key of this resource starts with, with a
// trailing slash: "/registry/pods/". Continue tokens are relative to it.
func (r Resource) KeyPrefix() string {
	return DefaultEtcdPrefix + "/" + r.StoragePrefix + "/"
}

// NamespacePrefix is the prefix of one namespace's objects:
// "/registry/pods/default/". For a cluster-scoped resource or an empty
// namespace it is KeyPrefix.
func (r Resource) NamespacePrefix(namespace string) string {
	if !r.Namespaced || namespace == "" {
		return r.KeyPrefix()
	}
	return r.KeyPrefix() + namespace + "/"
}

// SplitKey returns the namespace and name encoded in a key of this
// resource; ok is false for a key outside KeyPrefix.
func (r Resource) SplitKey(key string) (namespace, name string, ok bool) {
	rest, found := strings.CutPrefix(key, r.KeyPrefix())
	if !found || rest == "" {
		return "", "", false
	}
	if !r.Namespaced {
		return "", rest, !strings.Contains(rest, "/")
	}
	namespace, name, found = strings.Cut(rest, "/")
	return namespace, name, found && name != "" && !strings.Contains(name, "/")
}

// HasPathPrefix reports whether key lies under prefix on a path-segment
// boundary, as the cacher's filter checks it: "/registry/pods/default"
// covers "/registry/pods/default/x" but not "/registry/pods/default2/x".
func HasPathPrefix(key, prefix string) bool {
	if !strings.HasPrefix(key, prefix) {
		return false
	}
	if len(key) == len(prefix) || strings.HasSuffix(prefix, "/") {
		return true
	}
	return key[len(prefix)] == '/'
}
