package console

import (
	"errors"
	"fmt"
	"strings"

	"watchscope/apiserver"
)

func init() {
	registerSim(map[string]simVerb{
		"cache": (*Shell).simCache,
	})
}

// simCache prints one resource's watch cache on one replica, in etcdctl's
// `-w fields` layout so lessons can read each number with `field NAME`:
//
//	sim cache RESOURCE [apiserver-N]
//
//	"Resource" : "pods"               the cache (one per resource type)
//	"Ready" : "Ready"                  Pending while it (re)initializes
//	"ResourceVersion" : 5120           RV the cache is current up to
//	"ListResourceVersion" : 40         RV of its last relist (Replace)
//	"Capacity" : 1000                  ring buffer slots
//	"Events" : 1000                    events in the ring (endIndex-startIndex)
//	"OldestWatchableRV" : 4119         M of "too old resource version: N (M)"
//	"Objects" : 300                    objects in the current-state store
//	"Watchers" : 4                     client watches fed by the broadcaster
//
// A watch may resume from any RV >= OldestWatchableRV; below it the
// cache answers 410 Gone.
func (sh *Shell) simCache(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", errors.New("usage: sim cache RESOURCE [apiserver-N]")
	}
	srv, err := sh.replica(args[1:])
	if err != nil {
		return "", err
	}
	r, err := lookupKubectlResource(args[0])
	if err != nil {
		return "", err
	}
	c := srv.Cacher(r.Resource)
	if c == nil {
		if !srv.Up() {
			return "", fmt.Errorf("%s is not running", srv.Name())
		}
		return "", fmt.Errorf("%s has no watch cache for %s", srv.Name(), r.Resource)
	}
	win := c.Window()
	objects, _ := c.StoreStats()
	var b strings.Builder
	fmt.Fprintf(&b, "%q : %q\n", "Resource", r.Resource)
	fmt.Fprintf(&b, "%q : %q\n", "Ready", c.ReadyState().String())
	for _, f := range []struct {
		name string
		v    uint64
	}{
		{"ResourceVersion", c.ResourceVersion()},
		{"ListResourceVersion", c.ListResourceVersion()},
		{"Capacity", uint64(win.Capacity)},
		{"Events", uint64(win.EndIndex - win.StartIndex)},
		{"OldestWatchableRV", win.OldestWatchableRV},
		{"Objects", uint64(objects)},
		{"Watchers", uint64(c.WatcherCount())},
	} {
		fmt.Fprintf(&b, "%q : %d\n", f.name, f.v)
	}
	return b.String(), nil
}

// replica picks the API server a sim verb is about: the one named in
// args ("apiserver-1"), or the first.
func (sh *Shell) replica(args []string) (*apiserver.Server, error) {
	if len(sh.w.APIServers) == 0 {
		return nil, errNoAPIServer
	}
	if len(args) == 0 {
		return sh.w.APIServers[0], nil
	}
	for _, s := range sh.w.APIServers {
		if s.Name() == args[0] {
			return s, nil
		}
	}
	return nil, fmt.Errorf("no API server named %q (they are apiserver-0 to apiserver-%d)", args[0], len(sh.w.APIServers)-1)
}
