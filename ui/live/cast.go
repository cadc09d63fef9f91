package live

import (
	"strconv"
	"strings"

	"watchscope/apiserver"
	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/scene"
	"watchscope/ui/view"
	"watchscope/watchcache"
)

// castWorld copies what the scene draws out of the engine world: etcd's
// watches, each replica's caches of the resources the world uses, the
// clients but the kubelets (counted), the pollers, the shown step's LISTs
// and the charts. It reads the clients one by one, so the session calls it
// on the heavy beats (see heavyRefresh), not every tick.
func castWorld(w *engine.World, h *heavyParts, apis []view.APIServer, step *lessons.StepResult, lessonRes []string) scene.World {
	var cw scene.World
	cw.Lists = stepLists(step)
	cw.Etcd = []scene.Member{{Name: engine.EtcdNode, Rev: w.Etcd.Rev(), CompactRev: max(0, w.Etcd.CompactRev())}}
	for _, wi := range w.Etcd.Watches() {
		cw.Etcd[0].Watches = append(cw.Etcd[0].Watches, scene.Watch{Stream: wi.Stream, ID: wi.ID, Owner: wi.Owner,
			Key: wi.Key, Prefix: wi.Prefix, MinRev: wi.MinRev, Synced: wi.Synced, Queued: wi.Queued})
	}
	used := map[string]bool{}
	for _, r := range lessonRes {
		used[r] = true
	}
	for _, c := range w.Clients() {
		if role(c.Node()) == "kubelet" {
			cw.Kubelets++
			used["pods"] = true
			continue
		}
		sc := scene.Client{Name: c.Node(), Role: role(c.Node())}
		for _, inf := range c.Informers() {
			st := inf.Stats()
			used[st.Resource] = true
			lrv := inf.LastSyncResourceVersion()
			if lrv == "" {
				lrv = "-"
			}
			sc.Informers = append(sc.Informers, scene.InformerState{Resource: st.Resource, Synced: st.HasSynced,
				Informer: scene.Informer{Phase: st.Phase, LastRV: lrv, FIFO: st.QueueDepth, Indexer: st.StoreSize,
					Handlers: len(st.Listeners)}})
		}
		cw.Clients = append(cw.Clients, sc)
	}
	for _, k := range h.kubelets {
		if k.Phase == "watching" {
			cw.Watching++
		}
	}
	if cl := w.Cluster(); cl != nil && cl.Config().Pollers > 0 {
		cw.PollWhat = "configmaps"
		used[cw.PollWhat] = true
		for i := range cl.Config().Pollers {
			cw.Pollers = append(cw.Pollers, "poller-"+strconv.Itoa(i))
		}
	}
	for _, l := range cw.Lists {
		used[l.Resource] = true
	}
	for _, s := range w.APIServers {
		for _, r := range apiserver.CachedResources {
			if c := s.Cacher(r); c != nil && c.WatcherCount() > 0 {
				used[r] = true
			}
		}
	}
	for _, r := range apiserver.CachedResources {
		if used[r] {
			cw.Resources = append(cw.Resources, r)
		}
	}
	cw.Replicas = castReplicas(w, cw.Resources, apis)
	for _, c := range h.charts {
		cw.Charts = append(cw.Charts, scene.Chart{Metric: c.Name, Values: c.Values, Last: c.Last, Summed: c.Summed})
	}
	return cw
}

// castReplicas copies each replica (apis: as the snapshot has it) with
// its caches of resources.
func castReplicas(w *engine.World, resources []string, apis []view.APIServer) []scene.Replica {
	out := make([]scene.Replica, 0, len(w.APIServers))
	for i, s := range w.APIServers {
		a := apis[i]
		clientOf := watcherClients(s)
		r := scene.Replica{Name: a.Name, Up: a.Up, Down: a.Down, Memory: a.MemoryBytes, Limit: a.MemoryLimit,
			Levels: a.Levels, Inflight: a.Inflight}
		for _, res := range resources {
			c := s.Cacher(res)
			if c == nil {
				continue
			}
			win := c.Window()
			objs, _ := c.StoreStats()
			sc := scene.Cache{Resource: res, WatcherN: c.WatcherCount(),
				Ready: [...]string{"Pending", "Ready", "Stopped"}[min(int(c.ReadyState()), 2)],
				Ring: scene.Ring{Capacity: win.Capacity, Len: win.EndIndex - win.StartIndex, OldestRV: win.OldestWatchableRV,
					RV: c.ResourceVersion(), Objects: objs}}
			if sc.WatcherN <= scene.MaxEach {
				for _, x := range c.Watchers() {
					name := clientOf[x]
					if name == "" {
						name = "watch " + strconv.Itoa(x.ID())
					}
					sc.Watchers = append(sc.Watchers, scene.CacheWatcher{Client: name,
						Queued: x.InputLen() + x.ResultLen(), Cap: x.ChanSize()})
				}
			}
			r.Caches = append(r.Caches, sc)
		}
		out = append(out, r)
	}
	return out
}

// watcherClients maps the cache watchers of s to the clients whose
// watches they serve, when there are few streams to look through (the
// scene shows watchers one by one only when a cache has few).
func watcherClients(s *apiserver.Server) map[*watchcache.CacheWatcher]string {
	sts := s.Streams()
	if len(sts) > 8*scene.MaxEach {
		return nil
	}
	out := make(map[*watchcache.CacheWatcher]string, len(sts))
	for _, st := range sts {
		if cw := st.CacheWatcher(); cw != nil {
			out[cw] = st.Req.Client
		}
	}
	return out
}

// stepLists reads the LISTs the step made from its trace: each request
// (a REQ with verb LIST, its client, resource and continue token) and its
// answer (the RESP to the same request: code, items, RV, route). A page's
// continue token is the one the next request of the same client carries,
// or, for the step's last page, the one its command printed.
func stepLists(step *lessons.StepResult) []scene.ListCall {
	if step == nil {
		return nil
	}
	page := map[string]int{} // client -> the page its newest LIST was
	reqs := map[uint64]engine.TraceEvent{}
	var out []scene.ListCall
	last := map[string]int{} // client -> its newest list in out
	for _, e := range step.Events {
		switch {
		case e.Kind == engine.KindReq && e.Verb == apiserver.LIST:
			if i, ok := last[e.Client]; ok && e.Continue != "" && out[i].Continue == "" {
				out[i].Continue = e.Continue
			}
			reqs[e.Req] = e
		case e.Kind == engine.KindResp:
			r, ok := reqs[e.Req]
			if !ok {
				continue
			}
			delete(reqs, e.Req)
			l := listAnswer(e, r.Client, r.Resource)
			if r.Continue == "" {
				page[r.Client] = 1
			} else {
				page[r.Client]++
			}
			l.Page = page[r.Client]
			out = append(out, l)
			last[r.Client] = len(out) - 1
		}
	}
	lastPageToken(step, out)
	return out
}

// listAnswer is a LIST's answer: its code, items, RV and route, or the
// client's own connection error when no answer came.
func listAnswer(e engine.TraceEvent, client, resource string) scene.ListCall {
	l := scene.ListCall{Event: uint64(e.ID), Client: client, Replica: e.Node, Resource: resource, Source: e.Route}
	if e.Code == 0 {
		l.Error = e.Reason
		return l
	}
	l.Code, l.Items, l.RV = int(e.Code), int(e.Items), e.RV
	return l
}

// lastPageToken gives the step's last LIST the continue token its
// command printed (kubectl get --raw shows metadata.continue).
func lastPageToken(step *lessons.StepResult, out []scene.ListCall) {
	if len(out) == 0 || out[len(out)-1].Continue != "" || len(step.Actions) == 0 {
		return
	}
	o := step.Actions[len(step.Actions)-1].Output
	const key = `"continue":"`
	i := strings.Index(o, key)
	if i < 0 {
		return
	}
	tok, _, _ := strings.Cut(o[i+len(key):], `"`)
	out[len(out)-1].Continue = tok
}

// sceneStep is what the shown lesson step says about the scene.
func (p *lessonPlay) sceneStep(lv *view.LessonView) scene.Step {
	st := scene.Step{Highlights: lv.Highlights}
	shown := p.r.Next() - 1
	if p.pending {
		shown = p.r.Next()
	}
	var dirs [][]scene.Directive
	for _, s := range p.l.Steps {
		var ds []scene.Directive
		for _, d := range s.Scene {
			ds = append(ds, scene.Directive{Show: d.Show, Name: d.Name})
		}
		dirs = append(dirs, ds)
	}
	st.Hidden = scene.Hidden(dirs, shown)
	if shown >= 0 && shown < len(p.l.Steps) {
		for _, a := range p.l.Steps[shown].Actions {
			if r := scene.CommandResource(a.Command); r != "" {
				st.Resource = r
				break
			}
		}
	}
	if st.Resource == "" {
		if rs := p.resources(); len(rs) > 0 {
			st.Resource = rs[0]
		}
	}
	return st
}

// resources are the resources the lesson's commands act on, in the
// order they first appear.
func (p *lessonPlay) resources() []string {
	var out []string
	for _, s := range p.l.Steps {
		for _, a := range s.Actions {
			if r := scene.CommandResource(a.Command); r != "" && !contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// shownResult is the played step on screen, nil at the intro or while a
// question shows for a step not yet run.
func (p *lessonPlay) shownResult() *lessons.StepResult {
	if p.pending || p.r.Next() == 0 {
		return nil
	}
	res := p.r.Results()[p.r.Next()-1]
	return &res
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// buildCast is the scene for the world and the shown step.
func (s *Session) buildCast(w *engine.World, h *heavyParts) scene.Scene {
	if s.lesson == nil {
		return scene.Build(castWorld(w, h, h.apis, nil, nil), scene.Step{})
	}
	lv := s.lesson.view()
	return scene.Build(castWorld(w, h, h.apis, s.lesson.shownResult(), s.lesson.resources()), s.lesson.sceneStep(lv))
}

// chartResource is the resource a chart of a per-resource metric counts
// when the lesson names none: the one the shown step is about.
func (s *Session) chartResource() string {
	if s.lesson == nil {
		return "pods"
	}
	if r := s.lesson.sceneStep(s.lesson.view()).Resource; r != "" {
		return r
	}
	return "pods"
}

// sceneState is state().scene: the cast, with the text boxes the last
// layout drew.
func (s *Session) sceneState() *scene.Scene {
	sc := s.snap.Cast
	sc.Texts = s.texts
	if sc.Texts == nil {
		sc.Texts = []scene.TextBox{}
	}
	if sc.Actors == nil {
		sc.Actors = []scene.Actor{}
	}
	sc.Packets = s.flight.List()
	return &sc
}
