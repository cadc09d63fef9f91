package view

import (
	"math"
	"strings"
)

// Geometry of the live charts column.
const (
	ChartH      = 160
	ChartGap    = 8
	MaxCharts   = 4
	ChartPoints = 60
)

// ChartRegion is chart i's rectangle (for highlights and hover).
func ChartRegion(i int) Region {
	return Region{X: ChartsLeft, Y: float64(ClientsTop + i*(ChartH+ChartGap)), W: StageEnd - ChartsLeft, H: ChartH}
}

// chartRegion is the region of the i-th of the charts theme th shows:
// ChartRegion's in the dark theme, taller where it shows fewer.
func chartRegion(th Theme, i int) Region {
	n := th.Charts
	if n <= 0 || n >= MaxCharts {
		return ChartRegion(i)
	}
	h := (MaxCharts*(ChartH+ChartGap) - ChartGap - float64(n-1)*ChartGap) / float64(n)
	return Region{X: ChartsLeft, Y: ClientsTop + float64(i)*(h+ChartGap), W: StageEnd - ChartsLeft, H: h}
}

// chart is one series: its name, its latest value, and a line of its
// recent samples scaled to the panel.
func chart(sc *Scene, r Region, ser Series) {
	sc.rect(Rect{X: r.X, Y: r.Y, W: r.W, H: r.H, Radius: 12, Fill: sc.Theme.Panel})
	name, labels := splitSeries(ser.Name)
	sc.label(r.X+16, r.Y+12, clip(name, 44), Mono, 16, Left, sc.Theme.Muted)
	if ser.Summed > 1 {
		labels = strings.TrimSpace(clip(labels, 28) + " sum of " + itoa(ser.Summed))
	}
	if labels != "" && sc.Theme.Detail {
		sc.label(r.X+16, r.Y+31, clip(labels, 46), Mono, 16, Left, sc.Theme.Caption)
	}
	sc.label(r.X+16, r.Y+52, chartValue(name, ser.Last), Mono, 28, Left, sc.Theme.Ink)
	chartLine(sc, r, ser.Values, ChartH-108)
}

// chartLine is a chart's line of recent samples, scaled to its panel.
// h is the line's height above the panel's bottom margin.
func chartLine(sc *Scene, r Region, vs []float64, h float64) {
	if len(vs) > ChartPoints {
		vs = vs[len(vs)-ChartPoints:]
	}
	if len(vs) < 2 {
		return
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	lo = math.Min(lo, 0)
	if hi <= lo {
		hi = lo + 1
	}
	x0, y0, w := r.X+16, r.Y+r.H-16, r.W-32
	sc.line(Line{X0: x0, Y0: y0, X1: x0 + w, Y1: y0, Width: 1, Color: sc.Theme.Rule})
	step := w / float64(ChartPoints-1)
	off := float64(ChartPoints - len(vs))
	for i := 1; i < len(vs); i++ {
		ax, bx := x0+(off+float64(i-1))*step, x0+(off+float64(i))*step
		ay, by := y0-h*(vs[i-1]-lo)/(hi-lo), y0-h*(vs[i]-lo)/(hi-lo)
		sc.line(Line{X0: ax, Y0: ay, X1: bx, Y1: by, Width: 2, Color: SkyBlue})
	}
}

// splitSeries splits `name{labels}` into its name and its label set.
func splitSeries(s string) (string, string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '{' {
			return s[:i], s[i:]
		}
	}
	return s, ""
}

// chartValue prints a chart's latest value; a metric in bytes (by the
// Prometheus naming rule, a _bytes suffix) in the binary units the memory
// gauge uses, so the two agree on one replica: "267.5 MiB", not "280.5M".
func chartValue(name string, v float64) string {
	if strings.HasSuffix(name, "_bytes") && v >= 0 {
		return bytesText(int64(v))
	}
	return compactNumber(v)
}

// compactNumber prints a chart value: integers exactly up to a million,
// then with a suffix; fractions with two decimals.
func compactNumber(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return trimFloat(v/1e9) + "G"
	case a >= 1e6:
		return trimFloat(v/1e6) + "M"
	case v == math.Trunc(v):
		return thousands(int64(v))
	}
	return trimFloat(v)
}

func trimFloat(v float64) string {
	s := formatFloat(v, 2)
	for len(s) > 1 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}
