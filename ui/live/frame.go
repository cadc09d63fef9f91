package live

import (
	"time"

	"watchscope/engine"
)

// FrameBudget is the wall time one frame may spend running the world:
// issue "Clients and the world" gives the simulation at most 4 ms of each
// 16.7 ms browser frame, and issue "The stage" bounds simulation plus
// layout at 8 ms (95th percentile), so layout keeps the other 4 ms.
const FrameBudget = 4 * time.Millisecond

// framePace runs the world frame by frame toward the stage clock without
// ever spending more than the budget in one frame. The stage is not the
// deterministic core, so it may read the wall clock; the world still runs
// its events one by one in order (engine.World.RunUntilOr), so where a
// frame stops changes nothing the world does.
//
// When a frame runs out of budget, the virtual time it did not reach is
// dropped, not owed: the next frame aims at the world's time plus that
// frame's own step of the stage clock. A storm therefore plays slower
// than real time instead of piling up a debt that would fast-forward
// through the interesting part afterwards:
//
//	stage clock  0 ----16---- 33 ---- 50 ---- 66
//	goal         0 ----16---- 33 ---- 40 ---- 56   (frame 3 stopped at 24)
//	world        0 ----16---- 24 ---- 40 ---- 56   behind by 10 ms for good
type framePace struct {
	// budget overrides FrameBudget when non-zero (tests).
	budget time.Duration
	// seen is the stage time of the last frame, goal the world time the
	// last frame aimed at; started is false before the first frame.
	seen, goal time.Duration
	started    bool
	// behind is true while the world runs slower than the stage clock.
	behind bool
}

// run advances w by one frame toward stage time t and reports whether it
// reached its goal within the budget.
func (p *framePace) run(w *engine.World, t time.Duration) bool {
	if !p.started {
		p.started, p.goal = true, t
	} else if t > p.seen {
		p.goal += t - p.seen
	}
	p.seen = t
	p.goal = max(p.goal, w.Now()) // a command ("sim advance 2s") may have run ahead
	budget := p.budget
	if budget <= 0 {
		budget = FrameBudget
	}
	deadline := time.Now().Add(budget)
	reached := w.RunUntilOr(p.goal, func() bool { return time.Now().After(deadline) })
	if !reached {
		p.goal = w.Now()
	}
	p.behind = !reached
	return reached
}
