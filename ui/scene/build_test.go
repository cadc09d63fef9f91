package scene

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"watchscope/lessons"
)

// TestKindsAreTheLessonVocabulary: a lesson's scene block names exactly
// the kinds the scene draws.
func TestKindsAreTheLessonVocabulary(t *testing.T) {
	var ks []string
	for _, k := range Kinds {
		ks = append(ks, string(k))
	}
	if !slices.Equal(ks, lessons.SceneKinds) {
		t.Fatalf("scene kinds %v, lesson vocabulary %v", ks, lessons.SceneKinds)
	}
}

// TestAddFigureNumbersItsMarks: AddFigure sets the figure's kind and
// numbers its marks; a builder with nothing to show adds no figure.
func TestAddFigureNumbersItsMarks(t *testing.T) {
	var sc Scene
	sc.AddFigure("file", FileFigure, World{}, Step{})
	if sc.Figure != nil {
		t.Fatalf("a world with no database file got the figure %+v", sc.Figure)
	}
	sc.AddFigure("file", FileFigure, World{DB: DBFile{Size: 4096, InUse: 1024, Quota: 8192}}, Step{})
	f := sc.Figure
	if f == nil || f.Kind != "file" || len(f.Marks) != 3 || f.Marks[0].ID != "figure/0" || f.Marks[2].ID != "figure/2" {
		t.Fatalf("figure %+v", f)
	}
}

// TestRVAxisMarksTheAskedRVOutside: a 410's asked-for RV left of the
// cache window is marked outside it; one inside is not.
func TestRVAxisMarksTheAskedRVOutside(t *testing.T) {
	w := world()
	w.Facts = []Fact{{What: FactAsked, RV: 600, Oldest: 601}, {What: FactWatch, RV: 700}}
	w.Replicas[0].Caches[0].Ring.OldestRV, w.Replicas[0].Caches[0].Ring.RV = 601, 900
	st := Step{Figure: FigRVAxis}
	sc := Build(w, st)
	sc.AddFigure(FigRVAxis, RVAxisFigure, w, st)
	f := sc.Figure
	if f == nil || len(f.Window) != 2 || f.Window[0] != 601 || f.Window[1] != 900 {
		t.Fatalf("figure %+v", f)
	}
	if len(f.Marks) != 3 || !f.Marks[0].Outside || f.Marks[1].Outside || f.Marks[2].Label != "etcd now" {
		t.Errorf("marks %+v: want asked 600 outside, watch from 700 inside, etcd now", f.Marks)
	}
	if f.From != 600 || f.To != 900 {
		t.Errorf("axis %d..%d, want 600..900", f.From, f.To)
	}
}

func world() World {
	return World{
		Etcd: []Member{{Name: "etcd-0", Rev: 900, CompactRev: 10, Watches: []Watch{
			{Stream: 0, ID: 0, Owner: "apiserver-0/cache/pods", Key: "/registry/pods/", Prefix: true, MinRev: 901, Synced: true},
			{Stream: 1, ID: 0, Owner: "apiserver-0/cache/leases", Key: "/registry/leases/", Prefix: true, MinRev: 901, Synced: true},
		}}},
		Replicas: []Replica{{Name: "apiserver-0", Up: true, Memory: 300 << 20, Limit: 512 << 20, Caches: []Cache{
			{Resource: "pods", Ring: Ring{Capacity: 300, Len: 300, OldestRV: 601, RV: 900}, WatcherN: 2,
				Watchers: []CacheWatcher{{Client: "app"}, {Client: "kubectl", Queued: 4}}},
			{Resource: "leases", Ring: Ring{Capacity: 100}},
		}}},
		Clients:   []Client{{Name: "app", Informers: []InformerState{{Resource: "pods", Informer: Informer{Phase: "watching", Indexer: 150}}}}},
		Resources: []string{"pods"},
	}
}

func TestBuildCastFromTheWorld(t *testing.T) {
	sc := Build(world(), Step{Highlights: []string{"apiserver.ring", "apiserver.watchers", "console"}})
	c := sc.Find("apiserver-0/cache/pods")
	if c == nil || c.Ring.Capacity != 300 || c.Ring.OldestRV != 601 || c.Parent != "apiserver-0" {
		t.Fatalf("pods cache: %+v", c)
	}
	if sc.Find("apiserver-0/cache/leases") != nil {
		t.Error("a leases cache is drawn though the world does not use leases")
	}
	if a := sc.Find("etcd-0/watches/other-caches"); a == nil || a.Count != 1 || a.Detail != "leases" {
		t.Errorf("the unused cache's etcd watch is not counted as another cache's: %+v", a)
	}
	if w := sc.Find("apiserver-0/cache/pods/watcher/kubectl"); w == nil || w.Detail != "4 events behind" {
		t.Errorf("kubectl's cache watcher: %+v", w)
	}
	want := []string{"apiserver-0/cache/pods", "apiserver-0/cache/pods/watcher/app", "apiserver-0/cache/pods/watcher/kubectl"}
	if !slices.Equal(sc.Focus, want) {
		t.Errorf("focus %v, want %v", sc.Focus, want)
	}
	b, _ := json.Marshal(sc.Find("apiserver-0/cache/pods"))
	for _, field := range []string{`"capacity":300`, `"len":300`, `"oldestRV":601`, `"rv":900`, `"kind":"cache"`} {
		if !strings.Contains(string(b), field) {
			t.Errorf("cache JSON %s lacks %s", b, field)
		}
	}
}

func TestGroupsCountTheirMembers(t *testing.T) {
	w := world()
	for i := range 200 {
		w.Etcd[0].Watches = append(w.Etcd[0].Watches, Watch{Stream: 2 + i, Owner: "etcd-clients", Key: "/registry/pods/"})
		w.Clients = append(w.Clients, Client{Name: "kubectl-w-" + itoa64(int64(i)), Role: "kubectl"})
	}
	w.Kubelets, w.Pollers = 5000, []string{"poller-0", "poller-1", "poller-2", "poller-3"}
	sc := Build(w, Step{Highlights: []string{"etcd.watchers", "client:poller-2", "client:node-7"}})
	if g := sc.Find("etcd-0/watches"); g == nil || g.Count != 200 || g.Label != "200 direct watchers" {
		t.Errorf("etcd's direct watchers: %+v", g)
	}
	if g := sc.Find("client/kubectl-w"); g == nil || g.Count != 200 {
		t.Errorf("the kubectl clients: %+v", g)
	}
	if g := sc.Find(Kubelets); g == nil || g.Count != 5000 {
		t.Errorf("kubelets: %+v", g)
	}
	if !sc.Focused(Pollers) || !sc.Focused(Kubelets) || !sc.Focused("etcd-0/watches") {
		t.Errorf("focus %v: want the pollers, the kubelets and etcd's watchers", sc.Focus)
	}
}

func TestPagesAndSnapshots(t *testing.T) {
	w := world()
	w.Lists = []ListCall{
		{Client: "kubectl", Replica: "apiserver-0", Resource: "pods", Code: 200, Items: 500, RV: 900, Source: "cache-consistent", Continue: "tok1", Page: 1},
		{Client: "kubectl", Replica: "apiserver-0", Resource: "pods", Code: 200, Items: 500, RV: 900, Source: "cache-snapshot", Page: 2},
	}
	sc := Build(w, Step{Highlights: []string{"client:kubectl"}})
	p1, p2 := sc.Find(PageID(1)), sc.Find(PageID(2))
	if p1 == nil || p1.Continue != "tok1" || p1.Label != "LIST pods · page 1" || p2 == nil || p2.Continue != "" {
		t.Fatalf("pages: %+v %+v", p1, p2)
	}
	if s := sc.Find(SnapshotID(900)); s == nil || s.Parent != "apiserver-0/cache/pods" {
		t.Errorf("snapshot: %+v", s)
	}
	if !sc.Focused(PageID(1)) {
		t.Errorf("client:kubectl focuses %v, want kubectl's LIST pages", sc.Focus)
	}
}

func TestHiddenBuildsUp(t *testing.T) {
	dirs := [][]Directive{nil, {{Show: true, Name: "poller"}}, {{Show: false, Name: "cache:leases"}}, {{Show: true, Name: "cache:leases"}}}
	cases := []struct {
		step int
		want []string
	}{
		{-1, []string{"poller"}}, {0, []string{"poller"}}, {1, nil}, {2, []string{"cache:leases"}}, {3, nil},
	}
	for _, c := range cases {
		if got := Hidden(dirs, c.step); !slices.Equal(got, c.want) {
			t.Errorf("step %d: hidden %v, want %v", c.step, got, c.want)
		}
	}
	w := world()
	w.Pollers = []string{"poller-0"}
	if sc := Build(w, Step{Hidden: []string{"poller", "cache"}}); len(sc.Of(KindPoller)) != 0 || len(sc.Of(KindCache)) != 0 || len(sc.Of(KindCacheWatcher)) != 0 {
		t.Errorf("hidden actors (or their children) still drawn: %+v", sc.Actors)
	}
}

func TestHumanMetric(t *testing.T) {
	cases := map[string]string{
		`apiserver_request_total{verb="LIST",resource="configmaps"}`: "LIST requests answered · configmaps",
		`watch_cache_capacity{resource="pods"}`:                      "watch cache capacity (slots) · pods",
		`some_new_total`:                                             "some new total",
	}
	for in, want := range cases {
		if got := HumanMetric(in); got != want {
			t.Errorf("HumanMetric(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestCommandResource(t *testing.T) {
	cases := map[string]string{
		"sim cache configmaps":                                        "configmaps",
		"kubectl create configmap news -n ns-0":                       "configmaps",
		"kubectl get --raw '/api/v1/namespaces/default/pods?watch=1'": "pods",
		"kubectl run web":                                             "pods",
		"sim etcd-watchers 200 /registry/pods/":                       "pods",
		"sim list secrets -A --chunk-size 0":                          "secrets",
		"put /registry/pods/default/a v1":                             "",
		"sim advance 10s":                                             "",
	}
	for in, want := range cases {
		if got := CommandResource(in); got != want {
			t.Errorf("CommandResource(%q) = %q, want %q", in, got, want)
		}
	}
}

// client:NAME points at the client's informers too (the stage draws a
// client with informers as its informer boxes), and an informer shows its
// controller's workqueue.
func TestClientFocusReachesItsInformers(t *testing.T) {
	w := world()
	w.Clients[0].Informers[0].Workqueue = &Workqueue{Name: "app", Depth: 7, Reconciles: 40}
	sc := Build(w, Step{Highlights: []string{"client:app"}})
	if !slices.Contains(sc.Focus, InformerID("app", "pods")) {
		t.Errorf("focus %v lacks app's pods informer", sc.Focus)
	}
	b, _ := json.Marshal(sc.Find(InformerID("app", "pods")))
	if !strings.Contains(string(b), `"workqueue":{"name":"app","depth":7,"processing":0,"backingOff":0,"reconciles":40,"failed":0}`) {
		t.Errorf("informer JSON %s lacks its workqueue", b)
	}
}

// The APF actor names the busiest level, with its queue and its 429s;
// an idle server shows every level's seats summed.
func TestLevelsDetail(t *testing.T) {
	idle := []Level{{Name: "exempt", Exempt: true}, {Name: "system", Limit: 74}, {Name: "workload-low", Limit: 245}}
	if got, want := apfLoad(idle).Words(), "0 of 319 seats · 0 waiting"; got != want {
		t.Errorf("idle: %q, want %q", got, want)
	}
	busy := []Level{{Name: "system", Limit: 74, InUse: 10}, {Name: "workload-low", Limit: 245, InUse: 240, Waiting: 251, Rejected: 77}}
	if got, want := apfLoad(busy).Words(), "workload-low: 240 of 245 seats · 251 waiting · 77 refused (429)"; got != want {
		t.Errorf("busy: %q, want %q", got, want)
	}
	if l := apfLoad(busy); l.Level != "workload-low" || l.InUse != 240 || l.Limit != 245 || l.Rejected != 77 {
		t.Errorf("busy load as values: %+v", l)
	}
}

// A LIST's page carries the seats APF charged it.
func TestPageCarriesSeats(t *testing.T) {
	w := world()
	w.Lists = []ListCall{{Client: "controller-report", Replica: "apiserver-0", Resource: "pods", Code: 200, Items: 3000, Source: "cache", Page: 1, Seats: 10}}
	sc := Build(w, Step{})
	if a := sc.Find(PageID(1)); a == nil || a.Seats != 10 {
		t.Fatalf("page %+v, want 10 seats", a)
	}
}
