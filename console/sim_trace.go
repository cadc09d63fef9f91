package console

import (
	"errors"
	"fmt"
	"strings"

	"watchscope/engine"
)

func init() {
	registerSim(map[string]simVerb{
		"trace": (*Shell).simTrace,
	})
}

// simTrace prints what one client's informers did, from the world's trace:
// each request with its parameters, each answer, and each decision of the
// reflector (back-off waits, the WatchList-versus-LIST choice, 410s), with
// its virtual time, oldest first. The trace keeps a window of recent
// events; older ones are gone (the count says how many were dropped).
//
//	sim trace informer CLIENT [RESOURCE]
func (sh *Shell) simTrace(args []string) (string, error) {
	if len(args) < 2 || len(args) > 3 || args[0] != "informer" {
		return "", errors.New("usage: sim trace informer CLIENT [RESOURCE]")
	}
	client := args[1]
	if _, ok := sh.w.Client(client); !ok {
		return "", fmt.Errorf("no client %q (sim informers lists them)", client)
	}
	resource := ""
	if len(args) == 3 {
		r, err := lookupKubectlResource(args[2])
		if err != nil {
			return "", err
		}
		resource = r.Resource
	}
	var b strings.Builder
	t := sh.w.Trace
	if d := t.Dropped(); d > 0 {
		fmt.Fprintf(&b, "(%d older trace events are no longer kept)\n", d)
	}
	for _, ev := range t.Recent(t.Window()) {
		mine := (ev.Kind == engine.KindReflector && ev.Node == client) ||
			((ev.Kind == engine.KindReq || ev.Kind == engine.KindResp) && ev.Client == client)
		if !mine || (resource != "" && ev.Resource != "" && ev.Resource != resource) {
			continue
		}
		fmt.Fprintf(&b, "%9.3fs %-9s %s\n", ev.At.Seconds(), ev.Kind, ev.Detail)
	}
	return b.String(), nil
}
