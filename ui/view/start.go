package view

import (
	"math"
	"strings"
)

// PathStop is one lesson on the start screen's path.
type PathStop struct {
	ID, Title string
	Minutes   int
}

// ResumeStop is the lesson the start screen offers to resume: the one
// furthest along the path that the learner started in this browser and
// has not finished (ui/live/progress.go).
type ResumeStop struct {
	ID, Title string
	Where     string // "step 3 of 9"
}

// The start screen's geometry.
const (
	startTop      = 176
	pathTop       = 500
	pathCols      = 4
	pathChipW     = 420
	pathChipH     = 64
	pathGap       = 12
	startButtonW  = 720
	resumeButtonW = 1200 // "Resume: " and a lesson's title
)

// StartAbout is what WatchScope is, in one sentence over two lines.
var StartAbout = [2]string{
	"Watch Kubernetes watches work: etcd's revisions, the API server's watch cache and",
	"client-go's informers, simulated step by step, every claim checked against the run.",
}

// StartButtons are the start screen's buttons: the first lesson (large),
// every lesson of the path, and the sandbox.
func StartButtons(u Chrome) []Button {
	if len(u.Path) == 0 {
		return nil
	}
	first, _, _ := strings.Cut(u.Path[0].Title, ",") // "Revisions, not overwrites": "Revisions"
	bs := []Button{{Region{DesignW/2 - startButtonW/2, startTop + 136, startButtonW, 96}, "Start: " + first, "lesson " + u.Path[0].ID}}
	if r := u.Resume; r != nil {
		title, _, _ := strings.Cut(r.Title, ",")
		bs[0].Label, bs[0].Cmd = "Resume: "+title, "resume "+r.ID
		bs[0].Region = Region{DesignW/2 - resumeButtonW/2, startTop + 136, resumeButtonW, 96}
	}
	left := DesignW/2 - float64(pathCols*pathChipW+(pathCols-1)*pathGap)/2
	rows := (len(u.Path) + pathCols - 1) / pathCols
	// The chips get lower as the path gets longer, so that the sandbox's
	// button under them stays on the screen (27 lessons are 7 rows).
	pitch := min(pathChipH+pathGap, math.Floor((DesignH-16-64-12-pathTop)/float64(max(rows, 1))))
	for i, p := range u.Path {
		x := left + float64(i%pathCols)*(pathChipW+pathGap)
		y := pathTop + float64(i/pathCols)*pitch
		bs = append(bs, Button{Region{x, y, pathChipW, pitch - pathGap}, p.Title, "lesson " + p.ID})
	}
	y := pathTop + float64(rows)*pitch + 12
	bs = append(bs, Button{Region{DesignW/2 - 300, y, 600, 64}, "Or explore the sandbox: every knob, no script", "close"})
	return bs
}

// startScreen is the first screen of a visit without parameters: what
// WatchScope is, one large way in, the lessons as a path with their
// minutes, the sandbox as the second choice.
func startScreen(o *Scene, u Chrome) {
	bs := StartButtons(u)
	if len(bs) == 0 {
		return
	}
	o.rect(Rect{X: 0, Y: 0, W: DesignW, H: DesignH, Fill: o.Theme.Background})
	o.label(DesignW/2, startTop-112, "WatchScope", ProseBold, 64, Center, o.Theme.Ink)
	o.label(DesignW/2, startTop-8, StartAbout[0], Prose, 30, Center, o.Theme.Muted)
	o.label(DesignW/2, startTop+36, StartAbout[1], Prose, 30, Center, o.Theme.Muted)
	big := bs[0]
	o.rect(Rect{X: big.X, Y: big.Y, W: big.W, H: big.H, Radius: 16, Fill: Mix(o.Theme.Panel, BluishGreen, 0.55)})
	o.label(big.X+big.W/2, big.Y+24, o.Theme.fitText(ProseBold, 44, big.Label+"  →", big.W-48), ProseBold, 44, Center, o.Theme.Ink)
	if r := u.Resume; r != nil {
		o.label(DesignW/2, big.Y+big.H+12, o.Theme.fitText(Prose, 22, "where you left it in this browser: "+r.Where+"  ·  or pick any lesson below", DesignW-200), Prose, 22, Center, o.Theme.Muted)
	}
	enter := "Enter starts the first"
	if u.Resume != nil {
		enter = "Enter resumes"
	}
	o.label(DesignW/2, pathTop-40, "THE PATH  ·  one lesson builds on the one before  ·  "+enter+", L picks any", ProseBold, 18, Center, o.Theme.Caption)
	for i, b := range bs[1 : len(bs)-1] {
		p := u.Path[i]
		o.rect(Rect{X: b.X, Y: b.Y, W: b.W, H: b.H, Radius: 10, Fill: o.Theme.PanelHi})
		o.label(b.X+14, b.Y+8, itoa(i+1), Mono, 20, Left, o.Theme.Caption)
		mins := itoa(p.Minutes) + " min"
		o.label(b.X+b.W-12, b.Y+8, mins, Prose, 16, Right, o.Theme.Muted)
		w := b.W - 52 - 20 - Measure(Prose, o.Theme.TextSize(16), mins)
		lines := Wrap(p.Title, ProseBold, o.Theme.TextSize(18), w)
		for j, line := range lines[:min(2, len(lines))] {
			if j == 1 && len(lines) > 2 {
				line = o.Theme.fitText(ProseBold, 18, line+" "+strings.Join(lines[2:], " "), w)
			}
			o.label(b.X+48, b.Y+8+float64(j)*24, line, ProseBold, 18, Left, o.Theme.Ink)
		}
	}
	sb := bs[len(bs)-1]
	o.rect(Rect{X: sb.X, Y: sb.Y, W: sb.W, H: sb.H, Radius: 12, Fill: o.Theme.Rule})
	o.label(sb.X+sb.W/2, sb.Y+18, o.Theme.fitText(Prose, 22, sb.Label, sb.W-32), Prose, 22, Center, o.Theme.Ink)
}
