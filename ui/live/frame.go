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

// MaxLead is how far (in real, viewing time) the stage clock may run
// ahead of a world that fell behind: about fifteen frames, long enough
// to carry the bursts of a steady 5,000-node world (its load per frame
// varies severalfold around a mean that fits the budget), short enough
// that a viewer never sees the world hurry to catch up by more than a
// quarter of a second.
const MaxLead = 250 * time.Millisecond

// framePace runs the world frame by frame toward the stage clock without
// ever spending more than the budget in one frame. The stage is not the
// deterministic core, so it may read the wall clock; the world still runs
// its events one by one in order (engine.World.RunUntilOr), so where a
// frame stops changes nothing the world does.
//
// When a frame runs out of budget, the session lets the stage clock lead
// the world by at most MaxLead (view.Clock.Drop): the next frames work
// that debt off within their own budgets, and virtual time beyond it is
// dropped, not owed. The world's load comes in bursts (a thousand leases
// renewed in one 10 ms slice, a controller's resync): a burst that
// overruns one frame is made up over the next few instead of being lost,
// so a world that fits the budget on average keeps up with real time,
// while a storm that does not fit still plays slower than real time
// instead of piling up a debt that would fast-forward through the
// interesting part afterwards:
//
//	stage clock  0 ----16---- 33 ---- 50 ---- 66   (lead 25 ms: frame 3 set back to 24+25)
//	world        0 ----16---- 24 ---- 45 ---- 66   (frame 3 stopped at 24; 4 and 5 catch up)
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
func (p *framePace) run(w *engine.World, t, budget time.Duration) bool {
	if p.budget > 0 {
		budget = p.budget
	}
	if budget <= 0 {
		budget = FrameBudget
	}
	reached := w.RunUntilOr(t, p.stopper(time.Now().Add(budget)))
	p.behind = !reached
	return reached
}

// stopper says, before each event after the first, whether to stop: when
// the previous event's cost no longer fits before the deadline. Events
// come in runs of similar cost (a cache decoding its initial list a
// thousand objects per step, a storm of relists), so the last one is a
// fair guess of the next, and a frame that would end 3 ms late stops now
// instead: the budget is a bound, not a point to pass.
func (p *framePace) stopper(deadline time.Time) func() bool {
	last := time.Now()
	return func() bool {
		now := time.Now()
		step := now.Sub(last)
		last = now
		return !now.Add(step).Before(deadline)
	}
}

// FrameShare is the Go side's whole share of a browser frame: issue "The
// stage" bounds simulation plus layout at 8 ms (95th percentile); the
// plan aims 2 ms under it, the room a frame needs when the stage's cost
// or the world's last event comes out above the plan's guess.
const FrameShare = 6 * time.Millisecond

// minSimBudget keeps the world moving on the costliest frames.
const minSimBudget = time.Millisecond

// framePlan shares each frame between the world and the stage. The
// stage's own cost (the snapshot and the layout) depends on the frame's
// beat: the costly parts of the snapshot are refreshed on fixed beats of
// a heavyEvery-tick cycle. The plan remembers, per beat, what the stage
// took lately and gives the world what is left of FrameShare, at most
// FrameBudget:
//
//	beat      0     1     2     3     4     5
//	stage   5.9   0.6   3.1   0.6   2.4   0.6 ms   (a 5,000-node storm)
//	world   1.0   4.0   2.9   4.0   3.6   4.0 ms   (at least 1 ms)
type framePlan struct {
	cost   [heavyEvery]time.Duration // a decaying maximum of the stage's time per beat
	now    [heavyEvery]time.Duration // this frame's stage time so far, per beat
	frameN [heavyEvery]int64         // the tick the now entry belongs to
}

// stage adds d of stage work to tick's frame.
func (p *framePlan) stage(tick int64, d time.Duration) {
	b := tick % heavyEvery
	if p.frameN[b] != tick {
		p.frameN[b], p.now[b] = tick, 0
	}
	p.now[b] += d
	// Rise at once, decay slowly: a p95 bound must respect the spikes.
	p.cost[b] = max(p.now[b], p.cost[b]-p.cost[b]/16)
}

// simBudget is the world's share of tick's frame.
func (p *framePlan) simBudget(tick int64) time.Duration {
	return min(FrameBudget, max(minSimBudget, FrameShare-p.cost[tick%heavyEvery]))
}
