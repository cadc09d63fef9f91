package live

import (
	"slices"
	"strings"
	"time"

	"strconv"

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
// on the heavy beats (see heavyRefresh), not every tick. With h nil (a
// picture of a step while it runs, frames.go) it counts the watching
// kubelets itself and has no charts.
func castWorld(w *engine.World, h *heavyParts, step *lessons.StepResult, lessonRes []string) scene.World {
	var cw scene.World
	cw.Lists = stepLists(step)
	cw.Etcd = []scene.Member{{Name: engine.EtcdNode, Rev: w.Etcd.Rev(), CompactRev: max(0, w.Etcd.CompactRev())}}
	m := w.Etcd.Metrics()
	cw.DB = scene.DBFile{Size: m.DbTotalSizeInBytes, InUse: m.DbTotalSizeInUse, Quota: m.QuotaBackendBytes}
	cw.Now = w.Now()
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
			if infs := c.Informers(); h == nil && len(infs) > 0 && infs[0].Reflector().Phase() == "watching" {
				cw.Watching++
			}
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
					Handlers: len(st.Listeners), Workqueue: workqueueOf(c, st.Resource),
					FIFOKeys: inf.QueuedKeys(scene.MaxStageKeys), HandlerKeys: inf.PendingKeys(scene.MaxStageKeys)}})
		}
		cw.Clients = append(cw.Clients, sc)
	}
	if h != nil {
		cw.Watching = h.kubelets.watching
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
	cw.Replicas = castReplicas(w, cw.Resources)
	if h != nil {
		cw.Charts = sceneCharts(h.charts)
	}
	return cw
}

// sceneCharts are the charts as the scene draws them.
func sceneCharts(charts []view.Series) []scene.Chart {
	out := make([]scene.Chart, 0, len(charts))
	for _, c := range charts {
		out = append(out, scene.Chart{Metric: c.Name, Values: c.Values, Last: c.Last, Summed: c.Summed})
	}
	return out
}

// castReplicas copies each replica (its memory, Priority and Fairness,
// the requests in flight) with its caches of resources.
func castReplicas(w *engine.World, resources []string) []scene.Replica {
	out := make([]scene.Replica, 0, len(w.APIServers))
	for _, s := range w.APIServers {
		clientOf := watcherClients(s)
		ro, mu := s.Inflight()
		r := scene.Replica{Name: s.Name(), Up: s.Up(), Down: s.DownReason(), Memory: s.MemoryBytes(), Limit: s.Config().Memory.Limit,
			Inflight: ro + mu, Readiness: s.Readiness()}
		for _, l := range s.Levels() {
			r.Levels = append(r.Levels, scene.Level{Name: l.Name, Limit: l.Limit, InUse: l.SeatsInUse,
				Waiting: l.Waiting, Rejected: l.Rejected, Exempt: l.Exempt, RejectOnLimit: l.RejectsInsteadOfQueue})
		}
		for _, res := range resources {
			c := s.Cacher(res)
			if c == nil {
				continue
			}
			win := c.Window()
			objs, _ := c.StoreStats()
			sc := scene.Cache{Resource: res, WatcherN: c.WatcherCount(),
				Ready: [...]string{"Pending", "Ready", "Stopped"}[min(int(c.ReadyState()), 2)],
				Ring: scene.Ring{Start: win.StartIndex, Capacity: win.Capacity, Len: win.EndIndex - win.StartIndex, OldestRV: win.OldestWatchableRV,
					RV: c.ResourceVersion(), Objects: objs}, Stalled: s.EtcdWatchStalled(res), Dispatch: dispatchOf(c, w.Now())}
			if sc.WatcherN <= scene.MaxEach {
				for _, x := range c.Watchers() {
					name := clientOf[x]
					if name == "" {
						name = "watch " + strconv.Itoa(x.ID())
					}
					q := x.InputLen() + x.ResultLen()
					sc.Watchers = append(sc.Watchers, scene.CacheWatcher{Client: name, Queued: q, Cap: x.ChanSize()})
					if q > 0 {
						sc.Ring.Behind = append(sc.Ring.Behind, q)
					}
				}
			}
			r.Caches = append(r.Caches, sc)
		}
		out = append(out, r)
	}
	return out
}

// dispatchOf is c's dispatcher's counters, as `sim dispatch` prints them.
func dispatchOf(c *watchcache.Cacher, now time.Duration) scene.Dispatch {
	st := c.DispatchStats()
	return scene.Dispatch{Watchers: c.WatcherCount(), Indexed: c.IndexedWatcherCount(), Events: st.Events,
		Offers: st.Offers, LastOffers: st.LastOffers, Blocked: st.BlockedEvents, WaitedMs: st.Waited.Milliseconds(),
		LongestMs: st.LongestWait.Milliseconds(), BudgetMs: c.DispatchBudget(now).Milliseconds(),
		Cut: c.Metrics().TerminatedWatchersTotal}
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

// stepLists reads the LISTs the step made from its trace: each answer
// (RESP) to a LIST request, with its client, replica, items, revision,
// where it was served from and the continue token it carried.
func stepLists(step *lessons.StepResult) []scene.ListCall {
	if step == nil {
		return nil
	}
	var out []scene.ListCall
	page := map[string]int{}     // client -> the page its newest LIST was
	asked := map[uint64]string{} // request -> the continue token it carried
	for _, e := range step.Events {
		if e.Verb != apiserver.LIST {
			continue
		}
		switch e.Kind {
		case engine.KindReq:
			asked[e.Req] = e.Continue
		case engine.KindResp:
			cont, ok := asked[e.Req]
			if !ok {
				continue
			}
			if cont == "" {
				page[e.Client] = 1
			} else {
				page[e.Client]++
			}
			l := scene.ListCall{Event: uint64(e.ID), Client: e.Client, Replica: e.Node, Resource: e.Resource,
				Code: int(e.Code), Items: int(e.Items), RV: e.RV, Source: e.Route, Continue: e.Continue, Page: page[e.Client],
				Seats: int(e.Seats), Resumed: cont != ""}
			if e.Code == 0 {
				l.Error = e.Reason // the client's own connection error: no answer came
			}
			out = append(out, l)
		}
	}
	return out
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
	st.Figure = p.figureOf(shown)
	st.Dispatcher = p.pointsAtDispatcher(lv.Highlights)
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

// pointsAtDispatcher: a step with highlights hl points at a cache's
// dispatcher, whose counters the stage then draws, when the lesson reads
// those counters (`sim dispatch`: too-many-watchers) and the step names
// the dispatcher or the watchers it serves (apiserver.broadcaster,
// apiserver.watchers).
func (p *lessonPlay) pointsAtDispatcher(hl []string) bool {
	if !slices.Contains(hl, "apiserver.broadcaster") && !slices.Contains(hl, "apiserver.watchers") {
		return false
	}
	for _, s := range p.l.Steps {
		for _, a := range s.Actions {
			if strings.HasPrefix(a.Command, "sim dispatch ") {
				return true
			}
		}
	}
	return false
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

// buildCast is the scene for the world and lesson p's shown step.
func buildCast(w *engine.World, h *heavyParts, p *lessonPlay) scene.Scene {
	if p == nil {
		return scene.Build(castWorld(w, h, nil, nil), scene.Step{})
	}
	lv := p.view()
	step := p.shownResult()
	st := p.sceneStep(lv)
	cw := castWorld(w, h, step, p.resources())
	if step != nil && st.Figure != "" { // read only for a figure: a storm's step holds thousands of events
		cw.Facts = figureFacts(step.Events, 0)
	}
	cw.Moments = p.moments(st.Figure, 0)
	sc := scene.Build(cw, st)
	view.BuildFigure(&sc, cw, st)
	sc.Callout = stepCallout(step, &sc)
	return sc
}

// chartResource is the resource a chart of a per-resource metric counts
// when lesson p names none: the one the shown step is about.
func chartResource(p *lessonPlay) string {
	if p == nil {
		return "pods"
	}
	if r := p.sceneStep(p.view()).Resource; r != "" {
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
	sc.Packets = s.replay.flight.List()
	placeCast(&sc, s.places)
	return &sc
}

// TextsIn lays the current frame out in theme th and returns its text
// boxes; the stage on screen keeps its own theme.
func (s *Session) TextsIn(th view.Theme) []scene.TextBox {
	snap := s.snap
	snap.UI = s.chrome
	snap.UI.Theme = th
	sc := view.BuildStage(snap, &s.motion, s.clock.Anim())
	return view.TextBoxes(&sc)
}

// workqueueOf is the client's controller queue fed by its informer of
// resource, or nil.
func workqueueOf(c *engine.Client, resource string) *scene.Workqueue {
	ctrl := c.ControllerFor(resource)
	if ctrl == nil {
		return nil
	}
	st := ctrl.Queue.Stats()
	queued, waiting := ctrl.Queue.Keys(scene.MaxStageKeys)
	return &scene.Workqueue{Name: st.Name, Depth: st.Depth, Processing: st.Processing, BackingOff: st.Waiting,
		Reconciles: ctrl.Reconciles, Failed: ctrl.Failures, Queued: queued, Waiting: waiting, Working: ctrl.Working()}
}
