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
// When a frame runs out of budget, the session sets its clock back to the
// world's time (view.Clock.Drop): the virtual time not reached is dropped,
// not owed, so a storm plays slower than real time instead of piling up a
// debt that would fast-forward through the interesting part afterwards:
//
//	stage clock  0 ----16---- 33 ---- 24 ---- 40 ---- 56   (set back at frame 3)
//	world        0 ----16---- 24 ---- 40 ---- 56           (frame 3 stopped at 24)
//
// The pace keeps no time of its own: one clock (the session's) says where
// the world should be, so a jump of the world ("sim advance 2s", which the
// clock catches up with) can be neither run twice nor waited out.
type framePace struct {
	// budget overrides FrameBudget when non-zero (tests).
	budget time.Duration
	// behind is true when the last frame ran out of budget.
	behind bool
}

// run advances w toward stage time t for at most the budget and reports
// whether it got there.
func (p *framePace) run(w *engine.World, t time.Duration) bool {
	budget := p.budget
	if budget <= 0 {
		budget = FrameBudget
	}
	deadline := time.Now().Add(budget)
	reached := w.RunUntilOr(t, func() bool { return time.Now().After(deadline) })
	p.behind = !reached
	return reached
}
