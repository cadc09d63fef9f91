package view

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestKindsPairColourWithShape(t *testing.T) {
	tests := []struct {
		k     Kind
		name  string
		shape Shape
	}{
		{Added, "ADDED", Circle}, {Modified, "MODIFIED", Diamond}, {Deleted, "DELETED", Cross},
		{Bookmark, "BOOKMARK", Flag}, {Error, "ERROR", Triangle},
	}
	if len(Kinds()) != len(tests) {
		t.Fatalf("Kinds() has %d kinds, want %d", len(Kinds()), len(tests))
	}
	shapes, colours := map[Shape]Kind{}, map[[4]uint8]Kind{}
	for _, tc := range tests {
		if tc.k.String() != tc.name || tc.k.Shape() != tc.shape {
			t.Errorf("%v: %s %v, want %s %v", int(tc.k), tc.k, tc.k.Shape(), tc.name, tc.shape)
		}
		c := tc.k.Color()
		if prev, dup := colours[[4]uint8{c.R, c.G, c.B, c.A}]; dup {
			t.Errorf("%s and %s share a colour", prev, tc.k)
		}
		if prev, dup := shapes[tc.k.Shape()]; dup {
			t.Errorf("%s and %s share a shape", prev, tc.k)
		}
		colours[[4]uint8{c.R, c.G, c.B, c.A}], shapes[tc.k.Shape()] = tc.k, tc.k
	}
}

func TestRecordKind(t *testing.T) {
	tests := []struct {
		r    Record
		want Kind
	}{
		{Record{Version: 1}, Added},
		{Record{Version: 2}, Modified},
		{Record{Version: 7}, Modified},
		{Record{Version: 0, Tombstone: true}, Deleted},
	}
	for _, tc := range tests {
		if got := tc.r.Kind(); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.r, got, tc.want)
		}
	}
}

func TestFit(t *testing.T) {
	tests := []struct {
		w, h              int
		scale, offX, offY float64
	}{
		{1920, 1080, 1, 0, 0},
		{1280, 720, 2.0 / 3, 0, 0},
		{3840, 2160, 2, 0, 0},     // 1920x1080 CSS at devicePixelRatio 2
		{1920, 1200, 1, 0, 60},    // 16:10: letterbox top and bottom
		{2560, 1080, 1, 320, 0},   // ultra-wide: pillarbox
		{0, 0, 1, 960 * -1, -540}, // degenerate: scale 1
	}
	for _, tc := range tests {
		f := Fit(tc.w, tc.h)
		if math.Abs(f.Scale-tc.scale) > 1e-9 || f.OffX != tc.offX || f.OffY != tc.offY {
			t.Errorf("Fit(%d, %d) = %+v, want scale %v offset (%v, %v)", tc.w, tc.h, f, tc.scale, tc.offX, tc.offY)
		}
	}
	f := Fit(1280, 720)
	if got := f.FontPx(20); got != 13.5 {
		t.Errorf("20px at 1280x720 builds a %vpx face, want 13.5 (rounded to half pixels)", got)
	}
	if got := f.Px(1); got != 1 {
		t.Errorf("a 1px hairline at 2/3 scale is %vpx, want 1 (never thinner than a pixel)", got)
	}
}

func TestTween(t *testing.T) {
	tw := Tween{From: 10, To: 20, Start: time.Second, Dur: 400 * time.Millisecond, Ease: OutCubic}
	tests := []struct {
		at   time.Duration
		want float64
	}{
		{0, 10}, {time.Second, 10}, {1200 * time.Millisecond, 10 + 10*OutCubic(0.5)},
		{1400 * time.Millisecond, 20}, {time.Hour, 20},
	}
	for _, tc := range tests {
		if got := tw.At(tc.at); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("At(%v) = %v, want %v", tc.at, got, tc.want)
		}
	}
	re := tw.Retarget(30, 1200*time.Millisecond, 400*time.Millisecond, OutCubic)
	if re.At(1200*time.Millisecond) != tw.At(1200*time.Millisecond) {
		t.Error("Retarget jumps: a new tween must start where the old one was")
	}
	for _, e := range []Ease{OutCubic, InOutCubic} {
		if e(0) != 0 || e(1) != 1 || e(-1) != 0 || e(2) != 1 {
			t.Error("an ease must map 0 to 0 and 1 to 1, clamped outside")
		}
	}
	if OutCubic(0.5) <= 0.5 || InOutCubic(0.25) >= 0.25 {
		t.Error("OutCubic must lead and InOutCubic start slow")
	}
}

func TestClock(t *testing.T) {
	tests := []struct {
		name          string
		c             Clock
		steps         []time.Duration
		virtual, anim time.Duration
	}{
		{"one second at 1x", Clock{}, repeat(time.Second/60, 60), time.Second, time.Second},
		{"speed 4", Clock{Speed: 4}, repeat(time.Second/60, 60), 4 * time.Second, time.Second},
		{"stall is capped", Clock{}, []time.Duration{10 * time.Second}, 100 * time.Millisecond, 100 * time.Millisecond},
		{"custom cap", Clock{MaxStep: time.Second, Speed: 2}, []time.Duration{5 * time.Second}, 2 * time.Second, time.Second},
		{"paused", Clock{Paused: true}, repeat(time.Second/60, 60), 0, 0},
	}
	for _, tc := range tests {
		c := tc.c
		for _, d := range tc.steps {
			c.Tick(d)
		}
		if math.Abs(float64(c.Virtual()-tc.virtual)) > float64(time.Millisecond) || math.Abs(float64(c.Anim()-tc.anim)) > float64(time.Millisecond) {
			t.Errorf("%s: virtual %v anim %v, want %v and %v", tc.name, c.Virtual(), c.Anim(), tc.virtual, tc.anim)
		}
	}
	var c Clock
	c.CatchUp(3 * time.Second)
	c.CatchUp(time.Second)
	if c.Virtual() != 3*time.Second || c.Anim() != 0 {
		t.Errorf("CatchUp: virtual %v anim %v, want 3s and 0 (never back, animation untouched)", c.Virtual(), c.Anim())
	}
}

func repeat(d time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}

func TestDemoCues(t *testing.T) {
	d := &Demo{Period: 3 * time.Second, Cues: []Cue{
		{At: time.Second, Cmd: "a"}, {At: 2 * time.Second, Cmd: "b"}, {At: 3 * time.Second, CompactBehind: 2},
	}}
	names := func(cs []Cue) string {
		var s []string
		for _, c := range cs {
			s = append(s, c.Command(10, 5))
		}
		return strings.Join(s, ",")
	}
	steps := []struct {
		now  time.Duration
		max  int
		want string
	}{
		{500 * time.Millisecond, 4, ""},
		{time.Second, 4, "a"},
		{time.Second, 4, ""}, // each cue fires once
		{3 * time.Second, 4, "b,etcdctl compact 8"},
		{4 * time.Second, 4, "a"},                    // the script loops
		{20 * time.Second, 2, "b,etcdctl compact 8"}, // a jump: at most max, the rest skipped
		{22 * time.Second, 4, "etcdctl compact 8,a"}, // cues at 21s and 22s
	}
	for i, st := range steps {
		if got := names(d.Due(st.now, st.max)); got != st.want {
			t.Errorf("step %d Due(%v): %q, want %q", i, st.now, got, st.want)
		}
	}
	c := Cue{CompactBehind: 6}
	for _, tc := range []struct {
		rev, compact int64
		want         string
	}{{20, 0, "etcdctl compact 14"}, {20, 14, ""}, {5, 0, ""}, {7, 0, "etcdctl compact 1"}} {
		if got := c.Command(tc.rev, tc.compact); got != tc.want {
			t.Errorf("Command(%d, %d) = %q, want %q", tc.rev, tc.compact, got, tc.want)
		}
	}
}

func TestDefaultDemoIsOneChangeASecond(t *testing.T) {
	d := DefaultDemo()
	for i, c := range d.Cues {
		if c.At != time.Duration(i+1)*time.Second {
			t.Errorf("cue %d at %v", i, c.At)
		}
		if c.CompactBehind == 0 && !strings.HasPrefix(c.Cmd, "etcdctl ") {
			t.Errorf("cue %d %q is not an etcdctl command", i, c.Cmd)
		}
	}
	if d.Period != time.Duration(len(d.Cues))*time.Second {
		t.Errorf("period %v for %d cues", d.Period, len(d.Cues))
	}
}

// A chart of bytes speaks the gauge's units, and a summed chart says how
// many series it adds.
func TestChartValueUnits(t *testing.T) {
	if got := chartValue("process_resident_memory_bytes", 280.5e6); got != "267.5 MiB" {
		t.Errorf("bytes chart: %q", got)
	}
	if got := chartValue("apiserver_watch_events_total", 1312); got != "1,312" {
		t.Errorf("count chart: %q", got)
	}
	sc := Scene{Theme: Dark} // the projector leaves the series' labels out (Theme.Detail)
	chart(&sc, ChartRegion(0), Series{Name: `process_resident_memory_bytes`, Last: 1 << 30, Summed: 3})
	var texts []string
	for _, l := range sc.Texts {
		texts = append(texts, l.S)
	}
	if !strings.Contains(strings.Join(texts, "|"), "sum of 3") || !strings.Contains(strings.Join(texts, "|"), "1.0 GiB") {
		t.Errorf("summed chart labels %v: want sum of 3 and 1.0 GiB", texts)
	}
}
