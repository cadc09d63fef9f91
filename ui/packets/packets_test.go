package packets

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"watchscope/engine"
)

// cluster is one replica with a pods cache watched by app and a counted
// group of 200 kubectls.
var cluster = Topology{Etcd: "etcd-0", Caches: []Cache{{ID: "apiserver-0/cache/pods", Replica: "apiserver-0",
	Resource: "pods", Watchers: []Watcher{{ID: "apiserver-0/cache/pods/watcher/app", Count: 1},
		{ID: "apiserver-0/cache/pods/watchers", Count: 200}}}}}

func text(ps []Packet) string {
	var lines []string
	for _, p := range ps {
		s := fmt.Sprintf("%s -> %s %q x%d", p.From, p.To, p.Label, p.Count)
		if p.Error {
			s += " error"
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

// TestPackets: one row per rule, the packets an event puts on the wires.
func TestPackets(t *testing.T) {
	create := []Event{
		{ID: 1, Kind: engine.KindReq, Node: "loadgen", Req: 7, Client: "loadgen", Verb: "CREATE", Resource: "pods"},
		{ID: 2, Kind: engine.KindResp, Node: "apiserver-0", Req: 7, Client: "loadgen", Verb: "CREATE", Resource: "pods", Code: 201, RV: 601, Route: "etcd"},
	}
	for _, tc := range []struct {
		name   string
		events []Event
		want   string
	}{
		{"a write: request, PUT to etcd, ADDED to the cache and its watchers, the answer", create, strings.Join([]string{
			`client/loadgen -> apiserver-0 "CREATE pods" x1`,
			`apiserver-0 -> etcd-0 "PUT rv=601" x1`,
			`etcd-0 -> apiserver-0/cache/pods "ADDED rv=601" x1`,
			`apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/app "ADDED rv=601" x1`,
			`apiserver-0/cache/pods -> apiserver-0/cache/pods/watchers "ADDED rv=601" x200`,
			`apiserver-0 -> client/loadgen "201 rv=601" x1`}, "\n")},
		{"a LIST from the cache", []Event{
			{ID: 1, Kind: engine.KindReq, Req: 3, Client: "app", Verb: "LIST", Resource: "pods"},
			{ID: 2, Kind: engine.KindResp, Node: "apiserver-1", Req: 3, Client: "app", Verb: "LIST", Resource: "pods", Code: 200, Items: 500, Route: "cache"}},
			`client/app -> apiserver-1 "LIST pods" x1` + "\n" + `apiserver-1 -> client/app "200 · 500 items" x1`},
		{"a LIST from etcd reads a range", []Event{
			{ID: 2, Kind: engine.KindResp, Node: "apiserver-0", Req: 3, Client: "app", Verb: "LIST", Resource: "secrets", Code: 200, Items: 2, Route: "etcd"}},
			`apiserver-0 -> etcd-0 "RANGE secrets" x1` + "\n" + `apiserver-0 -> client/app "200 · 2 items" x1`},
		{"429 and 504 are errors", []Event{
			{ID: 1, Kind: engine.KindResp, Node: "apiserver-0", Req: 1, Client: "node-3", Verb: "LIST", Code: 429},
			{ID: 2, Kind: engine.KindResp, Node: "apiserver-0", Req: 2, Client: "kubectl", Verb: "GET", Code: 504}},
			`apiserver-0 -> client/node-3 "429" x1 error` + "\n" + `apiserver-0 -> client/kubectl "504" x1 error`},
		{"a refused connection", []Event{{ID: 1, Kind: engine.KindResp, Node: "apiserver-0", Req: 1, Client: "app", Code: 0}},
			`apiserver-0 -> client/app "refused" x1 error`},
		{"a 410 from the cache to the watch", []Event{
			{ID: 1, Kind: engine.KindWatchError, Node: "apiserver-0", Client: "app", Resource: "pods", Code: 410, RV: 911}},
			`apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/app "410" x1 error`},
		{"etcd's direct watchers hear of a write before its client", []Event{
			{ID: 1, Kind: engine.KindReq, Req: 4, Client: "kubectl", Verb: "CREATE", Resource: "pods"},
			{ID: 2, Kind: engine.KindWatchResp, Node: "etcd-0"},
			{ID: 3, Kind: engine.KindResp, Node: "apiserver-0", Req: 4, Client: "kubectl", Verb: "CREATE", Resource: "pods", Code: 201, RV: 48, Route: "etcd"}},
			strings.Join([]string{`client/kubectl -> apiserver-0 "CREATE pods" x1`, `etcd-0 -> etcd-0/watches "ADDED rv=48" x1`,
				`apiserver-0 -> etcd-0 "PUT rv=48" x1`, `etcd-0 -> apiserver-0/cache/pods "ADDED rv=48" x1`,
				`apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/app "ADDED rv=48" x1`,
				`apiserver-0/cache/pods -> apiserver-0/cache/pods/watchers "ADDED rv=48" x200`,
				`apiserver-0 -> client/kubectl "201 rv=48" x1`}, "\n")},
		{"etcd's direct watchers get the last write", []Event{
			{ID: 1, Kind: engine.KindPut, Node: "etcd-0", RV: 9},
			{ID: 2, Kind: engine.KindWatchResp, Node: "etcd-0"}},
			`client/etcdctl -> etcd-0 "PUT rv=9" x1` + "\n" + `etcd-0 -> etcd-0/watches "PUT rv=9" x1`},
		{"compaction, by etcdctl and by the API server", []Event{
			{ID: 1, Kind: engine.KindCompact, Node: "etcd-0", RV: 9}, {ID: 2, Kind: engine.KindCompact, Node: "apiserver-0", RV: 12}},
			`client/etcdctl -> etcd-0 "COMPACT rv=9" x1` + "\n" + `apiserver-0 -> etcd-0 "COMPACT rv=12" x1`},
		{"an OOM kill; a restart sends nothing", []Event{{ID: 1, Kind: engine.KindKilled, Node: "apiserver-2", Reason: "OOMKilled"},
			{ID: 2, Kind: engine.KindKilled, Node: "apiserver-0", Reason: "restart"}},
			`apiserver-2/memory -> apiserver-2 "OOMKilled" x1 error`},
		{"a BOOKMARK to a watcher of its own, and to one of a counted group", []Event{
			{ID: 1, Kind: engine.KindBookmark, Node: "apiserver-0", Client: "app", Resource: "pods", RV: 900},
			{ID: 2, Kind: engine.KindBookmark, Node: "apiserver-0", Client: "kubectl-7", Resource: "pods", RV: 901}},
			`apiserver-0/cache/pods -> apiserver-0/cache/pods/watcher/app "BOOKMARK rv=900" x1` + "\n" +
				`apiserver-0/cache/pods -> apiserver-0/cache/pods/watchers "BOOKMARK rv=901" x1`},
		{"requests say their short parameters as the URL has them", []Event{
			{ID: 1, Kind: engine.KindReq, Req: 1, Client: "app", Verb: "LIST", Resource: "pods", Limit: 500},
			{ID: 2, Kind: engine.KindReq, Req: 2, Client: "app", Verb: "WATCH", Resource: "pods", AskedRV: "601"},
			{ID: 3, Kind: engine.KindReq, Req: 3, Client: "app", Verb: "LIST", Resource: "pods", AskedRV: "0", Limit: 500},
			{ID: 4, Kind: engine.KindResp, Node: "apiserver-0", Req: 1, Client: "app", Verb: "LIST", Resource: "pods", Code: 200, Items: 500, Route: "cache"},
			{ID: 5, Kind: engine.KindResp, Node: "apiserver-0", Req: 2, Client: "app", Verb: "WATCH", Resource: "pods", Code: 200, Route: "cache"},
			{ID: 6, Kind: engine.KindResp, Node: "apiserver-0", Req: 3, Client: "app", Verb: "LIST", Resource: "pods", Code: 200, Items: 500, Route: "cache"}},
			strings.Join([]string{`client/app -> apiserver-0 "LIST pods limit=500" x1`, `client/app -> apiserver-0 "WATCH pods rv=601" x1`,
				`client/app -> apiserver-0 "LIST pods limit=500 rv=0" x1`, `apiserver-0 -> client/app "200 · 500 items" x1`,
				`apiserver-0 -> client/app "200" x1`, `apiserver-0 -> client/app "200 · 500 items" x1`}, "\n")},
		{"a request never answered in the step draws nothing", []Event{{ID: 1, Kind: engine.KindReq, Req: 9, Client: "app", Verb: "WATCH"}}, ``},
		{"a reflector's log line is no message", []Event{{ID: 1, Kind: engine.KindReflector, Node: "app"}}, ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewModel(cluster, tc.events)
			var got []Packet
			for _, e := range tc.events {
				got = append(got, m.Packets(e)...)
			}
			if text(got) != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", text(got), tc.want)
			}
		})
	}
}

// TestStalledCacheHearsNothing: a write while the cache is not reading
// its etcd watch reaches etcd and its client, but no event goes to the
// cache or from it to its watchers.
func TestStalledCacheHearsNothing(t *testing.T) {
	stalled := cluster
	stalled.Caches = []Cache{cluster.Caches[0]}
	stalled.Caches[0].Stalled = true
	events := []Event{
		{ID: 1, Kind: engine.KindReq, Node: "loadgen", Req: 7, Client: "loadgen", Verb: "CREATE", Resource: "pods"},
		{ID: 2, Kind: engine.KindResp, Node: "apiserver-0", Req: 7, Client: "loadgen", Verb: "CREATE", Resource: "pods", Code: 201, RV: 601, Route: "etcd"},
	}
	m := NewModel(stalled, events)
	var got []Packet
	for _, e := range events {
		got = append(got, m.Packets(e)...)
	}
	want := strings.Join([]string{`client/loadgen -> apiserver-0 "CREATE pods" x1`,
		`apiserver-0 -> etcd-0 "PUT rv=601" x1`, `apiserver-0 -> client/loadgen "201 rv=601" x1`}, "\n")
	if text(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", text(got), want)
	}
}

// TestClientResolver: a client's messages start at the actor the cast
// draws for it (a kubelet's at the kubelets group).
func TestClientResolver(t *testing.T) {
	topo := Topology{Client: func(name string) string {
		if strings.HasPrefix(name, "node-") {
			return "kubelets"
		}
		return "client/" + name
	}}
	m := NewModel(topo, []Event{{Kind: engine.KindResp, Node: "apiserver-0", Req: 1}})
	got := m.Packets(Event{ID: 5, Kind: engine.KindReq, Req: 1, Client: "node-17", Verb: "WATCH", Resource: "pods"})
	if text(got) != `kubelets -> apiserver-0 "WATCH pods" x1` {
		t.Errorf("got %s", text(got))
	}
}

// TestFlightStreams: packets on one wire within StreamGap travel as one
// stream with their count; they arrive after Trip; errors stay landed
// until Clear; the list stays bounded.
func TestFlightStreams(t *testing.T) {
	var f Flight
	ms := time.Millisecond
	for i := 0; i < 200; i++ { // 200 copies in one instant: one stream
		f.Launch(Packet{From: "etcd-0", To: "etcd-0/watches", Label: "PUT rv=9", Count: 1}, 10*ms)
	}
	f.Launch(Packet{From: "a", To: "b", Label: "410", Count: 1, Error: true}, 20*ms)
	f.Launch(Packet{From: "etcd-0", To: "etcd-0/watches", Label: "PUT rv=10", Count: 1}, 400*ms) // a new stream
	if got := text(f.List()); got != `etcd-0 -> etcd-0/watches "PUT rv=9" x200`+"\n"+`a -> b "410" x1 error`+"\n"+`etcd-0 -> etcd-0/watches "PUT rv=10" x1` {
		t.Fatalf("in flight:\n%s", got)
	}
	f.Advance(10*ms + Trip)
	if got := text(f.List()); got != `a -> b "410" x1 error`+"\n"+`etcd-0 -> etcd-0/watches "PUT rv=10" x1` {
		t.Errorf("after the first trip:\n%s", got)
	}
	f.Advance(time.Hour)
	if got := text(f.List()); got != `a -> b "410" x1 error` || f.Busy() {
		t.Errorf("an hour later (the error stays, nothing travels): %s busy %v", got, f.Busy())
	}
	f.Each(time.Hour, func(p Packet, progress float64) {
		if progress != 1 {
			t.Errorf("a landed error at progress %v", progress)
		}
	})
	f.Clear()
	if len(f.List()) != 0 {
		t.Error("Clear left packets")
	}
	for i := 0; i < 3*MaxInFlight; i++ {
		f.Launch(Packet{From: "x", To: fmt.Sprint(i), Count: 1}, time.Duration(i)*ms)
	}
	if n := len(f.List()); n != MaxInFlight {
		t.Errorf("%d in flight, want the bound %d", n, MaxInFlight)
	}
}

// TestPacketsCarryTypedEvents: the glyph and the revision a packet shows
// are values (Type, RV) set with its label, never read back out of it: a
// create's write to etcd is a PUT at its revision, its watch events are
// ADDED, a delete's DELETED, a bookmark a bookmark; a request carries none
// but a DELETE, drawn as the deletion it asks for.
func TestPacketsCarryTypedEvents(t *testing.T) {
	evs := []Event{
		{ID: 1, Kind: engine.KindReq, Node: "app", Req: 7, Client: "app", Verb: "CREATE", Resource: "pods"},
		{ID: 2, Kind: engine.KindResp, Node: "apiserver-0", Req: 7, Client: "app", Verb: "CREATE", Resource: "pods", Code: 201, RV: 601, Route: "etcd"},
		{ID: 5, Kind: engine.KindReq, Node: "app", Req: 8, Client: "app", Verb: "DELETE", Resource: "pods"},
		{ID: 3, Kind: engine.KindResp, Node: "apiserver-0", Req: 8, Client: "app", Verb: "DELETE", Resource: "pods", Code: 200, RV: 602, Route: "etcd"},
		{ID: 4, Kind: engine.KindBookmark, Node: "apiserver-0", Client: "app", Resource: "pods", RV: 900},
	}
	m := NewModel(cluster, evs)
	type typed struct {
		label string
		typ   EventType
		rv    uint64
	}
	var got []typed
	for _, e := range evs {
		for _, p := range m.Packets(e) {
			got = append(got, typed{p.Label, p.Type, p.RV})
		}
	}
	want := []typed{
		{"CREATE pods", Request, 0},
		{"PUT rv=601", Modified, 601}, {"ADDED rv=601", Added, 601}, {"ADDED rv=601", Added, 601}, {"ADDED rv=601", Added, 601},
		{"201 rv=601", Request, 601},
		{"DELETE pods", Deleted, 0},
		{"DELETE rv=602", Deleted, 602}, {"DELETED rv=602", Deleted, 602}, {"DELETED rv=602", Deleted, 602}, {"DELETED rv=602", Deleted, 602},
		{"200 rv=602", Request, 602},
		{"BOOKMARK rv=900", Bookmark, 900},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("packets\n got %v\nwant %v", got, want)
	}
}
