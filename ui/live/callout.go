package live

import (
	"cmp"
	"strconv"
	"strings"

	"watchscope/apiserver"
	"watchscope/console"
	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/scene"
)

// stepCallout finds the shown step's key answer, the one the stage draws
// large beside the actor that received it: an OOM kill, an ERROR event on
// a watch (410 Expired), an error status (429, 504, 409), an etcd error a
// command printed, or a LIST page's continue token. Only answers to the
// step's own commands count: a kubelet's relist in the background is
// not what the narration is about.
func stepCallout(step *lessons.StepResult, sc *scene.Scene) *scene.Callout {
	if step == nil {
		return nil
	}
	ours := ownRequests(step.Events)
	var best *scene.Callout
	rank := 0
	consider := func(r int, co *scene.Callout) {
		if r > rank {
			best, rank = co, r
		}
	}
	for _, e := range step.Events {
		switch {
		case e.Kind == engine.KindKilled && e.Reason == engine.ReasonOOMKilled: // not a restart for a flag change
			consider(5, &scene.Callout{Actor: e.Node, Text: e.Node + " OOMKilled: " + firstClause(cmp.Or(e.Message, e.Detail)), Event: uint64(e.ID)})
		case e.Kind == engine.KindWatcherTerminated && e.Client != "":
			// the server gave up on a watcher too slow to read its events
			consider(4, &scene.Callout{Actor: receiver(sc, e.Client, e.Resource), Text: terminatedText(e), Event: uint64(e.ID)})
		case e.Kind == engine.KindWatchError && ours[e.Req]:
			consider(4, &scene.Callout{Actor: receiver(sc, e.Client, e.Resource), Text: statusText(e), Event: uint64(e.ID)})
		case e.Kind == engine.KindResp && ours[e.Req] && e.Code >= 400 && !createOrUpdate(e):
			consider(3, &scene.Callout{Actor: receiver(sc, e.Client, e.Resource), Text: statusText(e), Event: uint64(e.ID)})
		case e.Code == 410 && (e.Kind == engine.KindWatchError || e.Kind == engine.KindResp) && !ownList(step.Events, ours):
			// a client's own 410 (an informer resuming too late): the step's
			// story when its commands got no error of their own and listed
			// nothing (a LIST of its own is the story: consistent-reads
			// step 3 read 500 pods from etcd while kubelets met 410s from
			// the restart the flag needed)
			consider(2, &scene.Callout{Actor: receiver(sc, e.Client, e.Resource), Text: statusText(e), Event: uint64(e.ID)})
		}
	}
	if best != nil {
		if ev, ok := eventOf(step.Events, best.Event); ok && ev.Client != "" && !ownActor(sc, best.Actor, ev.Client) {
			best.Client = ev.Client
		}
		return best
	}
	for _, a := range step.Actions {
		if line, ok := etcdError(a.Output); ok {
			return &scene.Callout{Actor: errorReceiver(sc, a.Command), Text: line}
		}
	}
	if co := bookmarkCallout(step, sc); co != nil {
		return co
	}
	pages := sc.Of(scene.KindPage)
	for i := len(pages) - 1; i >= 0; i-- {
		if p := pages[i]; p.Continue != "" {
			return &scene.Callout{Actor: p.ID, Text: `metadata.continue: "` + p.Continue + `"`,
				Event: pageEvent(step.Events, p.Continue)}
		}
	}
	return nil
}

// createOrUpdate: the load generator's CREATE of an object an earlier
// load left, answered 409 AlreadyExists, after which it UPDATEs it (as
// kubectl apply would): its own routine, not the step's news.
func createOrUpdate(e engine.TraceEvent) bool {
	return e.Client == console.LoadNode && e.Code == 409 && e.Reason == "AlreadyExists"
}

// pageEvent is the step's answer that carried a LIST page's continue
// token (0 when an earlier step's LIST did).
func pageEvent(evs []engine.TraceEvent, token string) uint64 {
	for i := len(evs) - 1; i >= 0; i-- {
		if e := evs[i]; e.Kind == engine.KindResp && e.Continue == token {
			return uint64(e.ID)
		}
	}
	return 0
}

// terminatedText is a slow watcher's end as the stage says it: no ERROR
// event reaches the client, its stream just closes.
func terminatedText(e engine.TraceEvent) string {
	return "closed for unresponsiveness: " + e.Client + "'s " + e.Resource + " watch"
}

// statusText is an error answer as the client reads it: "410 Expired:
// too old resource version: 600 (601)", "429 TooManyRequests: ...".
func statusText(e engine.TraceEvent) string {
	return strconv.Itoa(int(e.Code)) + " " + e.Reason + ": " + e.Message
}

// ownRequests are the requests of the step that its commands sent: a
// REQ whose cause chain, inside the step, reaches a CMD event.
func ownRequests(evs []engine.TraceEvent) map[uint64]bool {
	byID := make(map[engine.EventID]*engine.TraceEvent, len(evs))
	for i := range evs {
		byID[evs[i].ID] = &evs[i]
	}
	out := map[uint64]bool{}
	for i := range evs {
		if evs[i].Kind != engine.KindReq {
			continue
		}
		for e, n := &evs[i], 0; e != nil && n < 64; e, n = byID[e.Cause], n+1 {
			if e.Kind == engine.KindCmd {
				out[evs[i].Req] = true
				break
			}
		}
	}
	return out
}

// receiver is the actor that got an answer meant for client about
// resource.
func receiver(sc *scene.Scene, client, resource string) string {
	c := struct{ client, resource string }{client, resource}
	for _, id := range []string{scene.InformerID(c.client, c.resource), scene.ClientID(c.client)} {
		if sc.Find(id) != nil {
			return id
		}
	}
	for _, w := range sc.Of(scene.KindCacheWatcher) {
		if w.Label == c.client {
			return w.ID
		}
	}
	if strings.HasPrefix(c.client, "node-") && sc.Find(scene.Kubelets) != nil {
		return scene.Kubelets
	}
	if cs := sc.Of(scene.KindCache); len(cs) > 0 {
		for _, ca := range cs {
			if ca.Resource == c.resource {
				return ca.ID
			}
		}
	}
	return "apiserver-0"
}

// etcdError is the error line a command printed, when it is etcd's own;
// a watch etcd canceled reads "watch was canceled (etcdserver: ...)" and
// the compact revision the answer names ("CompactRevision":9 in -w
// json), which the narration points at.
func etcdError(out string) (string, bool) {
	lines := strings.Split(out, "\n")
	for _, line := range lines {
		if strings.HasPrefix(line, "Error: etcdserver:") || strings.HasPrefix(line, "Error: rpc error") {
			return strings.TrimPrefix(line, "Error: "), true
		}
		if cause, ok := strings.CutPrefix(line, "watch was canceled ("); ok {
			text := "watch canceled: " + strings.TrimSuffix(cause, ")")
			for _, l := range lines {
				if _, rest, ok := strings.Cut(l, `"CompactRevision":`); ok {
					if n, _, _ := strings.Cut(rest, ","); n != "0" {
						text += " (compact revision " + n + ")"
					}
				}
			}
			return text, true
		}
	}
	return "", false
}

// errorReceiver: an etcdctl command's error is etcd's answer to the console.
func errorReceiver(sc *scene.Scene, cmd string) string {
	if ws := sc.Of(scene.KindEtcdWatch); strings.HasPrefix(cmd, "watch ") && len(ws) > 0 {
		return ws[len(ws)-1].ID
	}
	return "etcd-0"
}

// firstClause is a detail up to its first "; ".
func firstClause(s string) string {
	c, _, _ := strings.Cut(s, "; ")
	return c
}

// eventOf is the step's event id.
func eventOf(evs []engine.TraceEvent, id uint64) (engine.TraceEvent, bool) {
	for _, e := range evs {
		if uint64(e.ID) == id {
			return e, true
		}
	}
	return engine.TraceEvent{}, false
}

// ownActor: the actor drawn for the answer is the client's own (its
// informer, its box, its watcher pill: scene.Actor.Owner), or the
// kubelets, not a stand-in such as the cache that served it.
func ownActor(sc *scene.Scene, id, client string) bool {
	a := sc.Find(id)
	return a != nil && (a.Owner == client || id == scene.Kubelets)
}

// bookmarkCallout: the BOOKMARK events the step's own raw watch (kubectl
// get --raw ...watch=1) received (a quiet watch kept fresh, the bookmarks
// lesson), counted, with the newest resourceVersion they carried; nil
// when none came.
func bookmarkCallout(step *lessons.StepResult, sc *scene.Scene) *scene.Callout {
	ours := ownRequests(step.Events)
	var last engine.TraceEvent
	n := 0
	for _, e := range step.Events {
		if e.Kind == engine.KindBookmark && e.Client == "kubectl" && ours[e.Req] && !e.InitialEventsEnd {
			last, n = e, n+1
		}
	}
	if n == 0 {
		return nil
	}
	text := "BOOKMARK ×" + strconv.Itoa(n) + ": no object, only the newest resourceVersion, " + strconv.FormatUint(last.RV, 10)
	co := &scene.Callout{Actor: receiver(sc, last.Client, last.Resource), Text: text, Event: uint64(last.ID)}
	if !ownActor(sc, co.Actor, last.Client) {
		co.Client = last.Client
	}
	return co
}

// ownList reports whether one of the step's own requests was a LIST that
// got its answer.
func ownList(evs []engine.TraceEvent, ours map[uint64]bool) bool {
	for _, e := range evs {
		if e.Kind == engine.KindResp && ours[e.Req] && e.Verb == apiserver.LIST && e.Code == 200 {
			return true
		}
	}
	return false
}
