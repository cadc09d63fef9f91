package view

import (
	"slices"
	"testing"

	"watchscope/lessons"
	"watchscope/ui/scene"
)

// TestFiguresAreTheLessonVocabulary: the registry has one line for each
// figure a lesson may name (lessons.FigureKinds, the parser's list), in
// its order, each with a builder and a painter; a line's figure has its
// kind, and the stage paints it through that line (state().scene's
// places name the figure and its marks).
func TestFiguresAreTheLessonVocabulary(t *testing.T) {
	var kinds []string
	for _, d := range figures {
		kinds = append(kinds, d.kind)
		if d.build == nil || d.paint == nil {
			t.Errorf("figure %q: builder or painter missing", d.kind)
		}
	}
	if !slices.Equal(kinds, lessons.FigureKinds) {
		t.Fatalf("registered figures %v, lesson vocabulary %v", kinds, lessons.FigureKinds)
	}
	s := castOf(fullSnap(), scene.Step{Figure: scene.FigFile})
	if s.Cast.Figure != nil {
		t.Fatalf("a world with no database file has the figure %+v", s.Cast.Figure)
	}
	s.Cast.Figure = &scene.Figure{Kind: scene.FigFile, Title: "etcd's database file", To: 8192, Marks: []scene.FigureMark{
		{ID: "figure/0", Label: "in use", Value: 1024}, {ID: "figure/1", Label: "size", Value: 4096}, {ID: "figure/2", Label: "quota", Value: 8192}}}
	sc := settledStage(s)
	var ids []string
	for _, p := range sc.Places {
		ids = append(ids, p.ID)
	}
	for _, id := range []string{"figure", "figure/0", "figure/1", "figure/2"} {
		if !slices.Contains(ids, id) {
			t.Errorf("the stage painted no %s: places %v", id, ids)
		}
	}
	var unknown scene.Scene
	if BuildFigure(&unknown, scene.World{}, scene.Step{Figure: "no-such-figure"}); unknown.Figure != nil {
		t.Errorf("a kind no line has built %+v", unknown.Figure)
	}
}
