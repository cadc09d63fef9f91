package console

import (
	"errors"
	"fmt"
	"strings"

	"watchscope/informer"
)

func init() {
	registerSim(map[string]simVerb{
		"inspect": (*Shell).simInspect,
	})
}

// simInspect prints one client's informer for one resource in etcdctl's
// `-w fields` layout, so lessons can read each number with `field NAME`:
//
//	sim inspect CLIENT [RESOURCE]      (RESOURCE may be left out when the
//	                                    client has a single informer)
//
//	"Client" : "app"
//	"Resource" : "pods"
//	"Phase" : "watching"               the reflector's state
//	"Synced" : "true"                  HasSynced
//	"Store" : 500                      objects in the local cache (Indexer)
//	"LastSyncResourceVersion" : 3015   where a re-watch resumes
//	"Relists" : 1                      ListAndWatch runs after the first
//	"Expired410" : 1                   410s met
//	"NormalCloses" : 2                 watches ended cleanly, re-opened at the last RV
//	"Backoffs" : 1                     back-off waits
//	"FIFO" : 0                         deltas waiting in the FIFO
//	"Backlog" : 0                      notifications waiting in the handlers' buffers
//	"RingCapacity" : 1024              the largest handler buffer's size
//	"Delivered" : 3000                 notifications the handlers finished
//	"Handlers" : 2                     event handlers sharing this informer
//	"ClientWatches" : 2                watches the whole process has open
func (sh *Shell) simInspect(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", errors.New("usage: sim inspect CLIENT [RESOURCE]")
	}
	c, ok := sh.w.Client(args[0])
	if !ok {
		return "", fmt.Errorf("no client %q (sim informers lists them)", args[0])
	}
	infs := c.Informers()
	var inf *informer.SharedIndexInformer
	switch {
	case len(args) == 2:
		r, err := lookupKubectlResource(args[1])
		if err != nil {
			return "", err
		}
		for _, i := range infs {
			if i.Stats().Resource == r.Resource {
				inf = i
			}
		}
	case len(infs) == 1:
		inf = infs[0]
	default:
		return "", fmt.Errorf("%s has %d informers: name the resource", args[0], len(infs))
	}
	if inf == nil {
		return "", fmt.Errorf("%s has no informer for %s", args[0], args[1])
	}
	return inspectText(args[0], inf, c.OpenWatches()), nil
}

func inspectText(client string, inf *informer.SharedIndexInformer, watches int) string {
	st := inf.Stats()
	backlog, ring, delivered := 0, 0, 0
	for _, l := range st.Listeners {
		backlog += l.Backlog
		ring = max(ring, l.RingCapacity)
		delivered += l.Delivered
	}
	m := st.Reflector
	var b strings.Builder
	for _, f := range [][2]string{{"Client", client}, {"Resource", st.Resource}, {"Phase", st.Phase},
		{"Synced", fmt.Sprint(st.HasSynced)}} {
		fmt.Fprintf(&b, "%q : %q\n", f[0], f[1])
	}
	fmt.Fprintf(&b, "%q : %d\n", "Store", st.StoreSize)
	fmt.Fprintf(&b, "%q : %s\n", "LastSyncResourceVersion", orZero(inf.LastSyncResourceVersion()))
	for _, f := range []struct {
		name string
		v    int
	}{{"Relists", m.Relists}, {"Expired410", m.Expired410}, {"NormalCloses", m.NormalCloses},
		{"Backoffs", m.BackoffWaits}, {"FIFO", st.QueueDepth}, {"Backlog", backlog},
		{"RingCapacity", ring}, {"Delivered", delivered}, {"Handlers", len(st.Listeners)},
		{"ClientWatches", watches}} {
		fmt.Fprintf(&b, "%q : %d\n", f.name, f.v)
	}
	return b.String()
}

// orZero prints an unset resourceVersion as 0, so the field stays a number.
func orZero(rv string) string {
	if rv == "" {
		return "0"
	}
	return rv
}
