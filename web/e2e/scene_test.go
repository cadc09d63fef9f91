//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sceneState is state().scene: the cast, the focus and the drawn texts.
type sceneState struct {
	Actors []struct {
		ID       string `json:"id"`
		Kind     string `json:"kind"`
		Resource string `json:"resource"`
	} `json:"actors"`
	Focus     []string  `json:"focus"`
	Resources []string  `json:"resources"`
	Texts     []textBox `json:"texts"`
}

type textBox struct {
	X, Y, W, H float64
	Text       string
}

// checkScene reads the stage's scene after a beat: every focus id is an
// actor, every cache shown is of a resource the world uses, and no two
// texts overlap, in the theme on screen (dark) and, laid out on the same
// tick, in the projector theme. The stage is laid out on its 1920x1080
// design canvas and scaled to the window (view.Fit), so 1280x720 draws
// the same boxes.
func checkScene(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	var st struct {
		Scene sceneState `json:"scene"`
	}
	decode(t, run(t, ctx, chromedp.Evaluate[string](`window.watchscope.state()`)), &st)
	sc := st.Scene
	ids := map[string]bool{}
	for _, a := range sc.Actors {
		ids[a.ID] = true
		if a.Kind == "cache" && !has(sc.Resources, a.Resource) {
			t.Errorf("%s: a %s cache, not a resource the world uses %v", where, a.Resource, sc.Resources)
		}
	}
	for _, f := range sc.Focus {
		if !ids[f] {
			t.Errorf("%s: focus %q is not an actor of the scene", where, f)
		}
	}
	if len(sc.Texts) == 0 {
		t.Errorf("%s: scene.texts is empty", where)
	}
	if p := overlapping(sc.Texts); p != "" {
		t.Errorf("%s (dark): %s", where, p)
	}
	run(t, ctx, chromedp.Evaluate[bool](`window.watchscope.layoutTexts("projector")`))
	waitFor(t, ctx, `typeof window.watchscope.laidOut.projector === "string"`, 10*time.Second)
	var proj []textBox
	decode(t, run(t, ctx, chromedp.Evaluate[string](`window.watchscope.laidOut.projector`)), &proj)
	if p := overlapping(proj); p != "" {
		t.Errorf("%s (projector): %s", where, p)
	}
}

func has(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// overlapping names two text boxes that overlap by more than a pixel
// each way ("" when none do).
func overlapping(ts []textBox) string {
	for i, a := range ts {
		for _, b := range ts[i+1:] {
			if a.X+1 < b.X+b.W && b.X+1 < a.X+a.W && a.Y+1 < b.Y+b.H && b.Y+1 < a.Y+a.H {
				return fmt.Sprintf("%q overlaps %q at (%.0f, %.0f)", a.Text, b.Text, b.X, b.Y)
			}
		}
	}
	return ""
}
