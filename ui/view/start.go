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

// startGeom is the start screen's geometry in a theme: where the title,
// the sentence, the big button and the path's first row sit, and the
// type of a chip's title. Where the theme draws detail (the dark
// theme's), the resume line and the path's heading sit between the big
// button and the chips; where it does not (a projector's), they are left
// out, everything moves up, and the chips' titles take the frame's type
// on two lines (their minutes left out: the picker lists them), in the
// regular face on chips as wide as the screen allows, so that the longest
// title ("etcd's quota: NOSPACE, compaction and defragmentation") keeps
// its last words.
type startGeom struct {
	title, about, big, path float64
	chipText, chipH         float64
	chipW, gap              float64 // a chip's width and the space between two
	chipFont                Font    // a chip's title
}

func startLayout(th Theme) startGeom {
	if th.Detail {
		return startGeom{startTop - 112, startTop - 8, startTop + 136, pathTop, 18, pathChipH, pathChipW, pathGap, ProseBold}
	}
	size := max(18, th.Bar.Text)
	return startGeom{40, 128, 224, 336, size, 8 + 2*math.Ceil(LineHeight(size)) + 6, 458, 8, Prose}
}

// StartButtons are the start screen's buttons: the first lesson (large),
// every lesson of the path, and the sandbox.
func StartButtons(u Chrome) []Button {
	if len(u.Path) == 0 {
		return nil
	}
	g := startLayout(u.Theme.OrDark())
	first, _, _ := strings.Cut(u.Path[0].Title, ",") // "Revisions, not overwrites": "Revisions"
	bs := []Button{{Region{DesignW/2 - startButtonW/2, g.big, startButtonW, 96}, "Start: " + first, "lesson " + u.Path[0].ID}}
	if r := u.Resume; r != nil {
		title, _, _ := strings.Cut(r.Title, ",")
		bs[0].Label, bs[0].Cmd = "Resume: "+title, "resume "+r.ID
		bs[0].Region = Region{DesignW/2 - resumeButtonW/2, g.big, resumeButtonW, 96}
	}
	left := DesignW/2 - (pathCols*g.chipW+(pathCols-1)*g.gap)/2
	rows := (len(u.Path) + pathCols - 1) / pathCols
	// The chips get lower as the path gets longer, so that the sandbox's
	// button under them stays on the screen (27 lessons are 7 rows).
	pitch := min(g.chipH+g.gap, math.Floor((DesignH-16-64-12-g.path)/float64(max(rows, 1))))
	for i, p := range u.Path {
		x := left + float64(i%pathCols)*(g.chipW+g.gap)
		y := g.path + float64(i/pathCols)*pitch
		bs = append(bs, Button{Region{x, y, g.chipW, pitch - g.gap}, p.Title, "lesson " + p.ID})
	}
	y := g.path + float64(rows)*pitch + 12
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
	th := o.Theme
	g := startLayout(th)
	o.rect(Rect{X: 0, Y: 0, W: DesignW, H: DesignH, Fill: th.Background})
	o.label(DesignW/2, g.title, "WatchScope", ProseBold, 64, Center, th.Ink)
	o.label(DesignW/2, g.about, StartAbout[0], Prose, 30, Center, th.Muted)
	o.label(DesignW/2, g.about+44, StartAbout[1], Prose, 30, Center, th.Muted)
	big := bs[0]
	o.rect(Rect{X: big.X, Y: big.Y, W: big.W, H: big.H, Radius: 16, Fill: Mix(th.Panel, BluishGreen, 0.55)})
	o.label(big.X+big.W/2, big.Y+24, th.fitText(ProseBold, 44, big.Label+"  →", big.W-48), ProseBold, 44, Center, th.Ink)
	if th.Detail {
		if r := u.Resume; r != nil {
			o.label(DesignW/2, big.Y+big.H+12, th.fitText(Prose, 22, "where you left it in this browser: "+r.Where+"  ·  or pick any lesson below", DesignW-200), Prose, 22, Center, th.Muted)
		}
		enter := "Enter starts the first"
		if u.Resume != nil {
			enter = "Enter resumes"
		}
		o.label(DesignW/2, pathTop-40, "THE PATH  ·  one lesson builds on the one before  ·  "+enter+", L picks any", ProseBold, 18, Center, th.Caption)
	}
	for i, b := range bs[1 : len(bs)-1] {
		pathChip(o, b, i, u.Path[i], g.chipText, g.chipFont)
	}
	sb := bs[len(bs)-1]
	o.rect(Rect{X: sb.X, Y: sb.Y, W: sb.W, H: sb.H, Radius: 12, Fill: th.Rule})
	size := max(22, th.Bar.Text)
	o.label(sb.X+sb.W/2, sb.Y+18-(LineHeight(th.TextSize(size))-LineHeight(th.TextSize(22)))/2, th.fitText(Prose, size, sb.Label, sb.W-32), Prose, size, Center, th.Ink)
}

// pathChip is one lesson of the path: its number, its title on up to two
// lines, and where the theme draws detail its minutes.
func pathChip(o *Scene, b Button, i int, p PathStop, size float64, f Font) {
	th := o.Theme
	o.rect(Rect{X: b.X, Y: b.Y, W: b.W, H: b.H, Radius: 10, Fill: th.PanelHi})
	num, nx := itoa(i+1), 14.0
	if !th.Detail {
		nx = 10 // the projector's titles need the room
	}
	o.label(b.X+nx, b.Y+8, num, Mono, max(20, size), Left, th.Caption)
	x, w := b.X+48, b.W-52-20
	if th.Detail {
		mins := itoa(p.Minutes) + " min"
		o.label(b.X+b.W-12, b.Y+8, mins, Prose, 16, Right, th.Muted)
		w -= Measure(Prose, th.TextSize(16), mins)
	} else {
		x = b.X + nx + Measure(Mono, th.TextSize(max(20, size)), "00") + 10
		w = b.X + b.W - 8 - x
	}
	pitch := max(24, math.Ceil(LineHeight(th.TextSize(size))))
	for j, line := range fitLines(th, p.Title, f, size, w, 2) {
		o.label(x, b.Y+8+float64(j)*pitch, line, f, size, Left, th.Ink)
	}
}
