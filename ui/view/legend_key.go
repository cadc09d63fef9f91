package view

import "watchscope/ui/scene"

// Legend is what each glyph, colour and timeline marker on the stage
// means (the K key, or the legend command): the diagram's parts, the
// watch events, the timeline's markers.
var legendStage = []struct {
	fill  func(Theme) colorRGBA
	shape Shape
	text  string
}{
	{func(t Theme) colorRGBA { return t.Rule }, -1, "a box: an actor (etcd, an API server, a cache, a client); ×N: a counted group"},
	{func(t Theme) colorRGBA { return SkyBlue }, Circle, "a watch cache's ring: the filled arc holds its events"},
	{func(t Theme) colorRGBA { return t.Yellow }, Diamond, "on the ring: the oldest event's slot (oldest RV a watch may start from)"},
	{func(t Theme) colorRGBA { return t.Ink }, Circle, "on the ring: the newest event (the cache's RV)"},
	{func(t Theme) colorRGBA { return Mix(t.PanelHi, BluishGreen, 0.5) }, -1, "a watcher of a cache, up to date (orange: events behind)"},
	{func(t Theme) colorRGBA { return Orange }, -1, "a callout: the step's key answer, beside the actor that got it"},
	{func(t Theme) colorRGBA { return t.Yellow }, -2, "a yellow frame: what the step points at; the rest is dimmed"},
	{func(t Theme) colorRGBA { return t.Faint }, -3, "a line: a wire between actors that talk"},
}

var legendEvents = []Kind{Added, Modified, Deleted, Bookmark, Error}

var legendMarkers = []struct {
	m    Marker
	text string
}{
	{MarkGone, "410 Gone: a watch asked for history the cache no longer has"},
	{MarkRelist, "a relist: a reflector LISTs again after its watch ended"},
	{MarkList, "an informer's first LIST"},
	{MarkCompact, "etcd compaction"},
	{MarkRestart, "an API server restart"},
	{MarkOOM, "an OOM kill"},
	{MarkBookmark, "a bookmark delivered"},
	{MarkFault, "a fault thrown"},
}

// legend draws the key over the stage.
func legendPanel(o *Scene) {
	o.rect(Rect{X: 0, Y: 0, W: DesignW, H: DesignH, Fill: Fade(o.Theme.Background, 0.8)})
	o.rect(Rect{X: 160, Y: 96, W: 1600, H: 888, Radius: 16, Fill: o.Theme.PanelHi})
	o.label(192, 120, "Legend", ProseBold, 32, Left, o.Theme.Ink)
	o.label(1728, 132, "K or Esc closes", Prose, 18, Right, o.Theme.Caption)
	y := 184.0
	o.label(192, y, "ON THE STAGE", ProseBold, 18, Left, o.Theme.Muted)
	y += 36
	for _, it := range legendStage {
		c := it.fill(o.Theme)
		switch it.shape {
		case -1:
			o.rect(Rect{X: 192, Y: y, W: 36, H: 24, Radius: 6, Fill: c})
		case -2:
			outline(o, Region{192, y, 36, 24}, c)
		case -3:
			o.rect(Rect{X: 192, Y: y + 11, W: 36, H: 2, Fill: c})
		default:
			o.mark(Mark{X: 210, Y: y + 12, R: 9, Shape: it.shape, Color: c})
		}
		o.label(248, y, it.text, Prose, 22, Left, o.Theme.Ink)
		y += 40
	}
	y += 16
	o.label(192, y, "WATCH EVENTS", ProseBold, 18, Left, o.Theme.Muted)
	x := 192.0
	for _, k := range legendEvents {
		o.mark(Mark{X: x + 12, Y: y + 48, R: 10, Shape: k.Shape(), Color: k.Color()})
		o.label(x+32, y+36, k.String(), Mono, 20, Left, o.Theme.Ink)
		x += 300
	}
	y += 96
	o.label(192, y, "TIMELINE MARKERS", ProseBold, 18, Left, o.Theme.Muted)
	y += 36
	for i, m := range legendMarkers {
		mx := 192.0 + float64(i%2)*780
		my := y + float64(i/2)*40
		shape, c := markerStyle(o.Theme, m.m)
		o.mark(Mark{X: mx + 12, Y: my + 12, R: 9, Shape: shape, Color: c})
		o.fit(mx+36, my, m.text, Prose, 22, Left, o.Theme.Ink, 780-48) // its column, at any theme's type
	}
}

// LegendTexts are the legend's own text boxes in theme th (for its layout test).
func LegendTexts(th Theme) []scene.TextBox {
	sc := Scene{Theme: th}
	legendPanel(&sc)
	return TextBoxes(&sc)
}

// LegendWords is the legend in words, section by section, for the
// accessibility layer (web/a11y.js): what the stage's glyphs, the watch
// events' shapes and the timeline's markers mean.
func LegendWords() (stage, events, markers []string) {
	for _, it := range legendStage {
		stage = append(stage, it.text)
	}
	for _, k := range legendEvents {
		events = append(events, k.String()+": "+shapeWords[k.Shape()])
	}
	for _, m := range legendMarkers {
		markers = append(markers, m.text)
	}
	return stage, events, markers
}

// shapeWords names each watch event's glyph (see Shape).
var shapeWords = map[Shape]string{
	Circle:   "a green circle, something new",
	Diamond:  "a blue diamond, the same thing changed",
	Cross:    "a red cross, struck out",
	Flag:     "a purple flag, a marker planted at a revision",
	Triangle: "an orange triangle, a warning",
}
