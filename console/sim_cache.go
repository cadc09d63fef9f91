package console

import (
	"fmt"
	"strings"

	"watchscope/apiserver"
	"watchscope/watchcache"
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
	c, res, err := sh.cacheArg("cache", args)
	if err != nil {
		return "", err
	}
	win := c.Window()
	objects, _ := c.StoreStats()
	var b strings.Builder
	fmt.Fprintf(&b, "%q : %q\n", "Resource", res)
	fmt.Fprintf(&b, "%q : %q\n", "Ready", c.ReadyState().String())
	writeIntFields(&b, []intField{
		{"ResourceVersion", int64(c.ResourceVersion())},
		{"ListResourceVersion", int64(c.ListResourceVersion())},
		{"Capacity", int64(win.Capacity)},
		{"Events", int64(win.EndIndex - win.StartIndex)},
		{"OldestWatchableRV", int64(win.OldestWatchableRV)},
		{"Objects", int64(objects)},
		{"Watchers", int64(c.WatcherCount())},
	})
	return b.String(), nil
}

// cacheArg reads `sim VERB RESOURCE [apiserver-N]` into that replica's
// watch cache of the resource.
func (sh *Shell) cacheArg(verb string, args []string) (*watchcache.Cacher, string, error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, "", fmt.Errorf("usage: sim %s RESOURCE [apiserver-N]", verb)
	}
	srv, err := sh.replica(args[1:])
	if err != nil {
		return nil, "", err
	}
	r, err := lookupKubectlResource(args[0])
	if err != nil {
		return nil, "", err
	}
	c := srv.Cacher(r.Resource)
	if c == nil {
		if !srv.Up() {
			return nil, "", fmt.Errorf("%s is not running", srv.Name())
		}
		return nil, "", fmt.Errorf("%s has no watch cache for %s", srv.Name(), r.Resource)
	}
	return c, r.Resource, nil
}

// intField is one whole-number line of a `-w fields` style answer.
type intField struct {
	name string
	v    int64
}

func writeIntFields(b *strings.Builder, fs []intField) {
	for _, f := range fs {
		fmt.Fprintf(b, "%q : %d\n", f.name, f.v)
	}
}

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
