// Package reflector is a differential test of client-go's real Reflector
// (k8s.io/client-go v0.36.3, tools/cache) against watchscope/informer's
// Reflector. Both talk to the same simulated API server (an engine.World
// with one kube-apiserver replica over the simulated etcd), and the
// requests each one sends (verb, resourceVersion, limit,
// sendInitialEvents, resourceVersionMatch, allowWatchBookmarks,
// timeoutSeconds and the wait before each request) must be the same.
//
// The package has no code outside its tests: see README.md (section
// "reflector/") for how the real reflector's goroutines and real time are
// bridged into the deterministic world.
package reflector
