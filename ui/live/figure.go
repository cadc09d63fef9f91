package live

import (
	"strconv"

	"watchscope/apiserver"
	"watchscope/engine"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// placeCast gives each actor and figure mark of sc the rect the last
// layout drew it at (state().scene's rect), copying what it changes: sc
// shares its slices with the session's snapshot.
func placeCast(sc *scene.Scene, places []view.Place) {
	at := make(map[string][]float64, len(places))
	for _, p := range places {
		at[p.ID] = []float64{round1(p.X), round1(p.Y), round1(p.W), round1(p.H)}
	}
	sc.Actors = append([]scene.Actor(nil), sc.Actors...)
	for i := range sc.Actors {
		sc.Actors[i].Rect = at[sc.Actors[i].ID]
	}
	if sc.Figure != nil {
		f := *sc.Figure
		f.Rect = at["figure"]
		f.Marks = append([]scene.FigureMark(nil), f.Marks...)
		for i := range f.Marks {
			f.Marks[i].Rect = at[f.Marks[i].ID]
		}
		sc.Figure = &f
	}
}

func round1(v float64) float64 { return float64(int64(v*10+0.5)) / 10 }

// figureFacts are what the shown step's trace says that a figure marks
// (scene.Fact): each 410's asked-for RV with the oldest the cache could
// serve, each watch's start RV, each BOOKMARK's RV; events up to upTo
// (0: all), so a step playing in motion marks only what has happened.
func figureFacts(events []engine.TraceEvent, upTo engine.EventID) []scene.Fact {
	var out []scene.Fact
	for _, e := range events {
		if upTo > 0 && e.ID > upTo {
			break
		}
		switch {
		case e.Code == statusGone && (e.Kind == engine.KindWatchError || e.Kind == engine.KindResp) && e.RV > 0:
			out = append(out, scene.Fact{What: scene.FactAsked, RV: e.RV, Oldest: e.OldestRV, Client: e.Client})
		case e.Kind == engine.KindReq && (e.Verb == apiserver.WATCH || e.Verb == apiserver.GET || e.Verb == apiserver.LIST):
			what := scene.FactWatch
			if e.Verb != apiserver.WATCH {
				what = scene.FactRead
			}
			if rv, err := strconv.ParseUint(e.AskedRV, 10, 64); err == nil && rv > 0 {
				out = append(out, scene.Fact{What: what, RV: rv, Client: e.Client})
			}
		case e.Kind == engine.KindBookmark:
			out = append(out, scene.Fact{What: scene.FactBookmark, RV: e.RV, Client: e.Client})
		}
	}
	return out
}

// momentOf is the moment a trace event is on a time figure, "" for none.
func momentOf(e engine.TraceEvent) string {
	switch {
	case e.Kind == engine.KindRestart:
		return scene.MomentRestart
	case e.Kind == engine.KindKilled && e.Reason == engine.ReasonOOMKilled:
		return scene.MomentOOM
	case e.Kind != engine.KindReflector:
		return ""
	case e.List == engine.Relist:
		return scene.MomentRelist
	case e.Synced:
		return scene.MomentSynced
	}
	return ""
}

// moments are the lesson's moments in the steps played so far, up to
// event upTo (0: all; a step in motion shows only what has happened),
// for a step whose figure is the time axis (they are read only then: a
// storm's steps hold thousands of events).
func (p *lessonPlay) moments(figure string, upTo engine.EventID) []scene.Moment {
	if figure != scene.FigTime {
		return nil
	}
	var out []scene.Moment
	for _, r := range p.r.Results() {
		for _, e := range r.Events {
			if upTo > 0 && e.ID > upTo {
				break
			}
			if m := momentOf(e); m != "" {
				out = append(out, scene.Moment{What: m, At: e.At})
			}
		}
	}
	return out
}

// figureOf is the figure the shown step names, "" for none.
func (p *lessonPlay) figureOf(shown int) string {
	if shown >= 0 && shown < len(p.l.Steps) {
		return p.l.Steps[shown].Figure
	}
	return ""
}
