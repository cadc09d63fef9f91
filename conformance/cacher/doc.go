// Package cacher runs kube-apiserver's real watch cache
// (k8s.io/apiserver/pkg/storage/cacher over its etcd3 storage over a real
// embedded etcd) and watchscope/watchcache (over watchscope/mvcc) through
// the same scripted scenarios and compares what a client sees. Everything
// is in the tests; this file only carries the package documentation.
package cacher
