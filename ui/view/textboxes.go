package view

import "watchscope/ui/scene"

// TextBoxes lists the box of every text a scene draws (its overlays
// included), measured as the renderer draws it, in design pixels: the
// layout's own record of where words are, which tests check for overlap.
func TextBoxes(sc *Scene) []scene.TextBox {
	var out []scene.TextBox
	for s := sc; s != nil; s = s.Over {
		for _, t := range s.Texts {
			if t.S == "" || t.Plate {
				continue
			}
			w := Measure(t.Font, t.Size, t.S)
			x := t.X
			switch t.Align {
			case Center:
				x -= w / 2
			case Right:
				x -= w
			}
			out = append(out, scene.TextBox{X: x, Y: t.Y, W: w, H: LineHeight(t.Size), Text: t.S})
		}
	}
	return out
}
