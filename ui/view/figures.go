package view

import (
	"time"

	"watchscope/ui/scene"
)

// figureDef is one figure (issue 26): the kind a lesson's `highlight
// figure:KIND` names (a word of lessons.FigureKinds, the lessons'
// vocabulary), how the scene builds it from the world (a
// scene.FigureBuilder: nil when the world has nothing for it) and how
// the stage paints it into the figure's body, returning each mark's box.
type figureDef struct {
	kind  string
	build scene.FigureBuilder
	paint func(c figureCanvas) []Region
}

// figureCanvas is what a figure's painter gets: the layer it paints on,
// the body of the figure's panel (under its title), the figure, and for
// a figure that moves (pipeline, fan-out) the stage's motion and clock.
type figureCanvas struct {
	o    *Scene
	body Region
	f    *scene.Figure
	s    Snapshot
	m    *Motion // nil: a still picture (a test's, a GIF's first frame)
	now  time.Duration
}

// figures is the registry, one line per figure. Adding a figure is its
// own file (its builder in ui/scene, its painter here) and its line
// here, with its kind a word of lessons.FigureKinds (the lesson parser's
// list, core; TestFiguresAreTheLessonVocabulary holds the two equal).
var figures = []figureDef{
	{scene.FigRVAxis, scene.RVAxisFigure, func(c figureCanvas) []Region { return DrawRVAxis(c.o, c.body, rvAxisOf(c.f)) }},
	{scene.FigPages, scene.PagesFigure, func(c figureCanvas) []Region { return drawPages(c.o, c.body, c.f) }},
	{scene.FigPipeline, scene.PipelineFigure, paintPipeline},
	{scene.FigFanOut, scene.FanOutFigure, paintFanOut},
	{scene.FigFile, scene.FileFigure, func(c figureCanvas) []Region { return drawFile(c.o, c.body, c.f) }},
	{scene.FigTime, scene.TimeFigure, func(c figureCanvas) []Region { return drawTime(c.o, c.body, c.f) }},
}

// figureOf is kind's line of the registry, or nil.
func figureOf(kind string) *figureDef {
	for i := range figures {
		if figures[i].kind == kind {
			return &figures[i]
		}
	}
	return nil
}

// BuildFigure adds to sc, the scene built of w for step st, the figure
// the step names (st.Figure), made by its line's builder; none for a
// step without one or a kind no line has.
func BuildFigure(sc *scene.Scene, w scene.World, st scene.Step) {
	if d := figureOf(st.Figure); d != nil {
		sc.AddFigure(d.kind, d.build, w, st)
	}
}

// paintPipeline draws the pipeline, its items moving from stage to stage
// with the stage's motion (still when motion is reduced).
func paintPipeline(c figureCanvas) []Region {
	var tm *TokenMotion
	if c.m != nil {
		tm = &c.m.Tokens
		tm.now, tm.Still = c.now, c.s.UI.Reduced
	}
	return drawPipeline(c.o, c.body, c.f, tm)
}

// paintFanOut draws the fan-out, its copies going out while the step
// plays.
func paintFanOut(c figureCanvas) []Region {
	var fm *FanMotion
	if c.m != nil {
		fm = &c.m.Fan
		fm.now, fm.Still = c.now, c.s.UI.Reduced || c.s.Playback == nil
	}
	return drawFanOut(c.o, c.body, c.f, fm)
}
