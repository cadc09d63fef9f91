package view

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchscope/ui/scene"
)

// settled builds the scene of s after every motion has finished.
func settled(s Snapshot) Scene {
	m := &Motion{Columns: Columns}
	m.Observe(s, 0)
	return BuildStage(s, m, time.Hour)
}

// textAt finds a text by content; ok is false if absent.
func textAt(sc Scene, str string) (Text, bool) {
	for _, t := range sc.Texts {
		if t.S == str {
			return t, true
		}
	}
	return Text{}, false
}

// marksAt lists the marks centred at x (tolerance 0.5 px) and row y.
func marksAt(sc Scene, x, y float64) []Mark {
	var out []Mark
	for _, m := range sc.Marks {
		if abs(m.X-x) < 0.5 && abs(m.Y-y) < 0.5 {
			out = append(out, m)
		}
	}
	return out
}

// tapeNumber finds the revision number r on the tape row.
func tapeNumber(sc Scene, r int64) (Text, bool) {
	for _, t := range sc.Texts {
		if t.S == strconv.FormatInt(r, 10) && t.Y == TapeTop+14 {
			return t, true
		}
	}
	return Text{}, false
}

func abs(x float64) float64 { return max(x, -x) }

func colX(i int) float64 { return GridRight - Pitch/2 - float64(Columns-1-i)*Pitch }

func TestTapeColumns(t *testing.T) {
	tests := []struct {
		name     string
		rev      int64
		leftmost int64 // revision in the first column
	}{
		{"young store fills from the left", 5, 1},
		{"exactly full", Columns, 1},
		{"scrolled: newest on the right", 41, 41 - Columns + 1},
	}
	for _, tc := range tests {
		s := Snapshot{Rev: tc.rev}
		for r := int64(2); r <= tc.rev; r++ {
			s.Records = append(s.Records, Record{Main: r, Key: "k", Version: r - 1})
		}
		sc := settled(s)
		first, ok := tapeNumber(sc, tc.leftmost)
		if !ok || abs(first.X-colX(0)) > 0.5 {
			t.Errorf("%s: revision %d at x=%v (found %v), want the first column x=%v", tc.name, tc.leftmost, first.X, ok, colX(0))
		}
		newest, _ := tapeNumber(sc, tc.rev)
		want := colX(int(tc.rev - tc.leftmost))
		if abs(newest.X-want) > 0.5 {
			t.Errorf("%s: newest revision at x=%v, want %v", tc.name, newest.X, want)
		}
	}
}

func TestTapeShowsCompaction(t *testing.T) {
	s := busySnapshot() // rev 41, compacted at 30; 27 kept, 25..29 otherwise gone
	sc := settled(s)
	tag, ok := textAt(sc, "compact 30")
	if !ok {
		t.Fatal("no compaction tag")
	}
	lineX := colX(int(30-(41-Columns+1))) + Pitch/2
	if abs(tag.X-lineX) > 0.5 {
		t.Errorf("compaction tag at x=%v, want centred on the line at %v", tag.X, lineX)
	}
	var line bool
	for _, l := range sc.Lines {
		if l.X0 == lineX && l.X1 == lineX && l.Color == Dark.Yellow {
			line = true
		}
	}
	if !line {
		t.Errorf("no yellow compaction line at x=%v", lineX)
	}
	tapeY := float64(TapeTop + 66)
	for _, tc := range []struct {
		rev   int64
		marks int
		ink   bool
	}{
		{26, 0, false}, // compacted away: a ghost, no mark, faint number
		{27, 1, false}, // kept by compaction: still drawn, muted number
		{31, 1, true},  // live history
	} {
		x := colX(int(tc.rev - (41 - Columns + 1)))
		if got := len(marksAt(sc, x, tapeY)); got != tc.marks {
			t.Errorf("revision %d: %d marks on the tape, want %d", tc.rev, got, tc.marks)
		}
		num, _ := tapeNumber(sc, tc.rev)
		if (num.Color == Dark.Ink) != tc.ink {
			t.Errorf("revision %d number colour %v, want ink=%v", tc.rev, num.Color, tc.ink)
		}
	}
}

// While the compaction line sweeps, history it has not reached yet stays
// on screen; once it has passed, only what compaction kept remains.
func TestCompactionSweep(t *testing.T) {
	before := busySnapshot()
	before.CompactRev = 24
	before.Records = append([]Record{{Main: 26, Key: "/registry/pods/default/web-0", Version: 1}}, before.Records...)
	after := busySnapshot()
	m := &Motion{Columns: Columns}
	m.Observe(before, 0)
	m.Observe(after, time.Second) // compaction 24 -> 30 starts at 1s
	x26 := colX(int(26 - (41 - Columns + 1)))
	y := float64(TapeTop + 66)
	early := BuildStage(after, m, time.Second+10*time.Millisecond)
	if len(marksAt(early, x26, y)) != 1 {
		t.Error("revision 26 vanished before the line reached it")
	}
	if line := m.CompactLine(time.Second + SweepDur/2); line <= 24 || line >= 30 {
		t.Errorf("halfway through the sweep the line is at %v, want between 24 and 30", line)
	}
	late := BuildStage(after, m, time.Second+SweepDur)
	if len(marksAt(late, x26, y)) != 0 {
		t.Error("revision 26 still drawn after the line passed it")
	}
}

func TestNewRevisionSlidesIn(t *testing.T) {
	s := busySnapshot()
	m := &Motion{Columns: Columns}
	m.Observe(s, 0)
	s.Rev++
	m.Observe(s, time.Second)
	tests := []struct {
		at   time.Duration
		want float64
	}{
		{time.Second, 41}, {time.Second + SlideDur/2, 41 + OutCubic(0.5)}, {time.Second + SlideDur, 42},
	}
	for _, tc := range tests {
		if got := m.Origin(tc.at); abs(got-tc.want) > 1e-9 {
			t.Errorf("origin at %v = %v, want %v", tc.at, got, tc.want)
		}
	}
	if m.Settled(time.Second+SlideDur/2) || !m.Settled(time.Second+SlideDur) {
		t.Error("Settled must be false during the slide and true after")
	}
}

func TestRevKind(t *testing.T) {
	tests := []struct {
		g    Generation
		last bool
		want []Kind
	}{
		{Generation{Created: 2, Revs: []int64{2, 5, 9}}, false, []Kind{Added, Modified, Deleted}},
		{Generation{Created: 12, Revs: []int64{12, 15}}, true, []Kind{Added, Modified}},
		{Generation{Created: 2, Revs: []int64{5, 9}}, false, []Kind{Modified, Deleted}}, // creation compacted
		{Generation{Created: 2, Revs: []int64{9}}, false, []Kind{Deleted}},              // tombstone at the compact revision
		{Generation{Created: 3, Revs: []int64{3}}, true, []Kind{Added}},
	}
	for _, tc := range tests {
		var got []Kind
		for i := range tc.g.Revs {
			got = append(got, revKind(tc.g, i, tc.last))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%+v last=%v: %v, want %v", tc.g, tc.last, got, tc.want)
		}
	}
}

func TestMergeGenerations(t *testing.T) {
	before := []Generation{{Created: 2, Revs: []int64{2, 5, 9}}, {Created: 12, Revs: []int64{12, 15}}}
	cur := []Generation{{Created: 12, Revs: []int64{15}}} // compacted at 15
	tests := []struct {
		line float64
		want string
	}{
		{2, "[{2 [5 9]} {12 [12 15]}]"}, // the line has only just left 2
		{9.5, "[{12 [12 15]}]"},
		{15, "[{12 [15]}]"},
	}
	for _, tc := range tests {
		got := mergeGenerations(cur, before, tc.line)
		var short []string
		for _, g := range got {
			short = append(short, fmt.Sprintf("{%d %v}", g.Created, g.Revs))
		}
		if s := fmt.Sprint(short); s != tc.want {
			t.Errorf("line %v: %s, want %s", tc.line, s, tc.want)
		}
	}
	empty := []Generation{{Created: 4, Revs: []int64{4, 6}}, {}}
	got := mergeGenerations(empty, []Generation{{Created: 2, Revs: []int64{2, 3}}, {Created: 4, Revs: []int64{4, 6}}, {}}, 1)
	if len(got[len(got)-1].Revs) != 0 {
		t.Errorf("the empty generation of a deleted key must stay last: %+v", got)
	}
}

func TestTextForms(t *testing.T) {
	keys := []struct{ key, prefix, leaf string }{
		{"/registry/pods/default/web-0", "/registry/pods/default/", "web-0"},
		{"foo", "", "foo"},
		{"/a/b/", "/a/", "b/"},
	}
	for _, tc := range keys {
		if p, l := splitKey(tc.key); p != tc.prefix || l != tc.leaf {
			t.Errorf("splitKey(%q) = %q %q, want %q %q", tc.key, p, l, tc.prefix, tc.leaf)
		}
	}
	times := []struct {
		d    time.Duration
		want string
	}{{0, "0.0 s"}, {12400 * time.Millisecond, "12.4 s"}, {185200 * time.Millisecond, "3m05.2s"}}
	for _, tc := range times {
		if got := SimTime(tc.d); got != tc.want {
			t.Errorf("SimTime(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
	clips := []struct {
		s    string
		n    int
		want string
	}{{"OK\n", 10, "OK"}, {"abcdef", 4, "abcd"}, {"kubectl get pods -w", 14, "kubectl get"}, {"abc", 3, "abc"}, {"abc", 1, ""}}
	for _, tc := range clips {
		if got := clip(tc.s, tc.n); got != tc.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}

// Every text must sit inside the canvas, be readable from the back of a
// room (design size >= 14 px, 9+ px at 1280x720) and use a real role.
func TestSceneTextFitsTheCanvas(t *testing.T) {
	s := busySnapshot()
	s.Paused, s.Speed, s.MoreKeys = true, 4, 3
	for _, tx := range settled(s).Texts {
		w := Measure(tx.Font, tx.Size, tx.S)
		left := tx.X - map[Align]float64{Left: 0, Center: w / 2, Right: w}[tx.Align]
		if left < Margin-24 || left+w > DesignW-Margin+24 || tx.Y < 0 || tx.Y+tx.Size*1.3 > DesignH {
			t.Errorf("%q (%.0fpx at %.0f,%.0f, width %.0f) leaves the canvas margins", tx.S, tx.Size, tx.X, tx.Y, w)
		}
		if tx.Size < 14 {
			t.Errorf("%q is %vpx: too small for a projector", tx.S, tx.Size)
		}
	}
}

// TestWrapSeriesNeverCutsAWord: a raw series name too long for a chart
// card breaks where Prometheus names break, into two lines, or three when
// a label would be cut on the second ("workload-…" was).
func TestWrapSeriesNeverCutsAWord(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    float64
		want []string
	}{
		{`process_resident_memory_bytes`, 400, []string{`process_resident_memory_bytes`}},
		{`apiserver_watch_cache_consistent_read_total{resource="secrets"} sum of 3`, 300,
			[]string{`apiserver_watch_cache_consistent_`, `read_total{resource="secrets"}`, `sum of 3`}},
		{`apiserver_flowcontrol_work_estimated_seats_count{priority_level="workload-low"}`, 320,
			[]string{`apiserver_flowcontrol_work_estimated_`, `seats_count`, `{priority_level="workload-low"}`}},
		{`apiserver_watch_events_total{resource="pods"}`, 300, []string{`apiserver_watch_events_total`, `{resource="pods"}`}},
	} {
		got := wrapSeries(tc.s, 14, tc.w)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapSeries(%q, %v) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
}

// TestLevelLinesBreakAfterAHyphen: a priority level's name too wide for
// an APF box breaks after its hyphen instead of ending in "workload-…".
func TestLevelLinesBreakAfterAHyphen(t *testing.T) {
	for _, th := range []Theme{Dark, Projector} {
		w := Measure(Mono, th.TextSize(16), "workload-")
		if got := levelLines(th, "workload-low", w+1); strings.Join(got, "|") != "workload-|low" {
			t.Errorf("%s: %q, want workload- over low", th.Name, got)
		}
		if got := levelLines(th, "workload-low", 2*w); strings.Join(got, "|") != "workload-low" {
			t.Errorf("%s: %q, want it whole", th.Name, got)
		}
	}
}

// TestFitTextCutsBetweenWords: a label too long for its box says less
// (issue 26): it ends on a whole word, not on a dangling one nor on "…"
// ("×5 watches", "×6 more", "pods, nodes"). A text whose first word does
// not fit whole never comes out as a fragment of that word ("config",
// "223", what the stage's watcher pills and cache titles showed): its
// known short form stands in, or nothing is drawn. Only a long opaque
// token is shortened, in its middle ("continue MjMwO…In0").
func TestFitTextCutsBetweenWords(t *testing.T) {
	at := func(s string) float64 { return Measure(Prose, Dark.TextSize(16), s) }
	token := "MjMwODUsInN0YXJ0IjoiL25zLTg4L3NlY3JldC0xIn0"
	for _, tc := range []struct {
		s    string
		w    float64
		want string
	}{
		{"×5 watches of other caches", at("×5 watches of other c…"), "×5 watches"},
		{"×6 other caches", at("×6 other c"), "×6 more"},
		{"every write takes the next revision", at("every write takes the ne"), "every write takes"},
		{"workload-low", at("workload-l…"), "workload"},
		{"controller-manager", at("controller-ma…"), "ctrl-mgr"},
		{"controller-manager", at("kcm…"), "kcm"},
		{"controller-manager", at("ctrl-mgr") - 1, "kcm"}, // a short form whole, not "ctrl"
		{"controller-manager", at("kc"), ""},
		{"configmaps", at("config…"), "cm"},
		{"configmaps cache", at("configmaps c…"), "configmaps"},
		{"configmaps cache", at("cm cach"), "cm"},
		{"configmaps cache", at("cm cache"), "cm cache"},
		{"secrets", at("se…"), ""},
		{"22302", Measure(Prose, Dark.TextSize(16), "223…"), ""},
		{"node-49", at("…"), ""},
		{"supercalifragilistic", at("supercali…"), ""},
		{token, at("MjMwODUsInN0YX…"), "MjMwODUsInN…In0"},
		{"continue " + token, at("continue MjMwODUsI…In0"), "continue MjMwODUsI…In0"},
		{"6 watches", at("6…"), ""}, // a count without what it counts says nothing
		{"Reflector watching · rv 124", at("Reflector watching · rv"), "Reflector watching"},
		{"pods · page 6 · 500", at("pods · page 6 · 5"), "pods · page 6"},
		{"FIFO 0 · handlers 1 · 61 reconciled", at("FIFO 0 · handlers 1 · 61 r"), "FIFO 0 · handlers 1"},
		{"controller-manager · pods informer", at("ctrl-mgr · pods informer"), "ctrl-mgr · pods informer"},
		{"20,000 obj", at("20,00"), ""},
		{"pods, nodes, leases", at("pods, nodes, l…"), "pods, nodes"},
	} {
		got := Dark.fitText(Prose, 16, tc.s, tc.w)
		if got != tc.want {
			t.Errorf("fitText(%q, %.0f) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
		if strings.HasSuffix(got, "…") || Measure(Prose, Dark.TextSize(16), got) > tc.w {
			t.Errorf("fitText(%q, %.0f) = %q: ends in an ellipsis, or wider than %.0f", tc.s, tc.w, got, tc.w)
		}
	}
}

// TestSummaryLineOfAReadThatFoundNothing: the step's command list shows
// what a -w fields read found, not the header's ClusterID.
func TestSummaryLineOfAReadThatFoundNothing(t *testing.T) {
	out := "\"ClusterID\" : 14841639068965178418\n\"MemberID\" : 10276657743932975437\n\"Revision\" : 5\n\"RaftTerm\" : 2\n\"More\" : false\n\"Count\" : 0\n"
	if got := summaryLine(out); got != "count=0 revision=5" {
		t.Errorf("summaryLine = %q, want count=0 revision=5", got)
	}
}

// TestSummaryLineOfACanceledWatch: a watch etcd canceled shows why, with
// the compact revision etcd named, not a cut "watch was canceled (etcd…".
func TestSummaryLineOfACanceledWatch(t *testing.T) {
	out := "watch was canceled (etcdserver: mvcc: required revision has been compacted)\n" +
		`{"Header":{"cluster_id":1},"Events":[],"CompactRevision":9,"Canceled":true,"Created":false}` + "\nError: watch is canceled by the server"
	if got := summaryLine(out); got != "canceled · history compacted at 9" {
		t.Errorf("summaryLine = %q", got)
	}
}

// An etcd watch's pill says its state from values (scene.WatchState), in
// forms that keep, as the pill narrows, what tells a watch that is behind.
func TestWatchDetailForms(t *testing.T) {
	behind := strings.Join(watchDetails(&scene.WatchState{NextRev: 786}, 128), " | ")
	if want := "next rev 786 · catching up · 128 queued | catching up · 128 queued | behind · 128 queued | 128 queued"; behind != want {
		t.Errorf("a lagging watch: %s, want %s", behind, want)
	}
	synced := strings.Join(watchDetails(&scene.WatchState{NextRev: 48, Synced: true}, 0), " | ")
	if want := "next rev 48 | rev 48 | 48"; synced != want { // the revision alone in the projector's narrow pill
		t.Errorf("a synced watch: %s, want %s", synced, want)
	}
}
