package view

import (
	"strconv"
	"time"
)

// Geometry of the etcd band's revision tape.
const (
	ETapeLeft  = 224
	ETapeRight = 1400
	EPitch     = 48
	ETapeTop   = 664
	ETapeH     = 64
	EColumns   = (ETapeRight - ETapeLeft) / EPitch
)

// etcdAxis maps revisions to x on the band's tape.
type etcdAxis struct{ origin, line float64 }

func (a etcdAxis) X(rev float64) float64 { return ETapeRight - EPitch/2 - (a.origin-rev)*EPitch }

// RevX is the centre of revision rev's cell on the stage's etcd tape at
// animation time now (for packets and hover).
func RevX(m *Motion, now time.Duration, rev int64) float64 {
	return etcdAxis{origin: m.Origin(now)}.X(float64(rev))
}

// etcdBand draws etcd: the revision tape (newest on the right), the
// compaction line, and the numbers a watch from a revision depends on.
func etcdBand(sc *Scene, s Snapshot, m *Motion, now time.Duration) {
	band(sc, EtcdTop, EtcdBot, "ETCD", "every write takes the next revision; compaction forgets history below the line")
	a := etcdAxis{origin: m.Origin(now), line: m.CompactLine(now)}
	sc.label(StageLeft+16, ETapeTop+6, "etcd-0", Mono, 18, Left, Ink)
	sc.label(StageLeft+16, ETapeTop+32, "db "+bytesText(s.EtcdDBBytes), Prose, 16, Left, Caption)
	byRev := recordsByRev(mergeRecords(s.Records, m.BeforeRecords, a.line))
	to := int64(a.origin) + 1
	for r := max(1, to-EColumns-1); r <= to; r++ {
		x := a.X(float64(r))
		alpha := clamp01(min((ETapeRight+EPitch/2-x)/EPitch, (x-(ETapeLeft-EPitch/2))/EPitch))
		if alpha <= 0 {
			continue
		}
		smallCell(sc, x, alpha, r, s, byRev[r], float64(r) <= a.line)
	}
	if a.line > 0 {
		x := a.X(a.line) + EPitch/2
		if x >= ETapeLeft && x <= ETapeRight+EPitch/2 {
			sc.line(Line{X0: x, Y0: ETapeTop - 12, X1: x, Y1: ETapeTop + ETapeH + 12, Width: 3, Color: Yellow})
			tag := "compacted " + strconv.FormatInt(s.CompactRev, 10)
			sc.label(x-8, ETapeTop+ETapeH+18, tag, Mono, 16, Right, Yellow)
		}
	}
}

// smallCell is one revision's cell on the stage tape.
func smallCell(sc *Scene, x, alpha float64, r int64, s Snapshot, recs []Record, compacted bool) {
	left, w := x-EPitch/2+3, float64(EPitch-6)
	if r > s.Rev {
		sc.rect(Rect{X: left, Y: ETapeTop, W: w, H: ETapeH, Radius: 6, Fill: Fade(PanelHi, alpha*0.4)})
		return
	}
	if s.UI.HoverRV == r {
		sc.rect(Rect{X: left - 3, Y: ETapeTop - 3, W: w + 6, H: ETapeH + 6, Radius: 8, Fill: Yellow})
	}
	if len(recs) == 0 {
		sc.rect(Rect{X: left, Y: ETapeTop, W: w, H: ETapeH, Radius: 6, Fill: Fade(Background, alpha)})
		sc.label(x, ETapeTop+8, shortRev(r), Mono, 14, Center, Fade(Faint, alpha))
		return
	}
	fill, ink := PanelHi, Ink
	if r == s.Rev {
		fill = Rule
	}
	if compacted {
		ink = Caption
	}
	sc.rect(Rect{X: left, Y: ETapeTop, W: w, H: ETapeH, Radius: 6, Fill: Fade(fill, alpha)})
	sc.label(x, ETapeTop+8, shortRev(r), Mono, 14, Center, Fade(ink, alpha))
	k := recs[0].Kind()
	sc.mark(Mark{X: x, Y: ETapeTop + 44, R: 10, Shape: k.Shape(), Color: Fade(k.Color(), alpha)})
}

// shortRev keeps cell labels narrow: the last four digits of a long
// revision, with a leading "…".
func shortRev(r int64) string {
	s := strconv.FormatInt(r, 10)
	if len(s) > 4 {
		return "…" + s[len(s)-3:]
	}
	return s
}
