// Package apimachinery holds the shapes of k8s.io/apimachinery that the
// simulation needs: the object model (kind, metadata, a few spec fields),
// storage keys, label and field selectors, watch event types, continue
// tokens and the Status errors the API server returns.
//
// It imports nothing from the rest of WatchScope, so every other layer
// (the watch cache, the request layer, the informers, the console) speaks
// the same vocabulary. Names and error texts follow the real packages
// (pkg/labels, pkg/fields, pkg/api/errors, apiserver pkg/storage) so that a
// learner who later reads Kubernetes finds the same words.
//
// Objects are small on purpose. A 10 KB Secret is modelled by its
// SizeBytes field, not by 10 KB of padding: the watch cache of a large
// simulated cluster keeps 150,000 objects and must stay within a budget of
// about 1.5 KB of real memory per cached object.
package apimachinery
