package view

import "time"

// Clock turns frames into time. Ebiten calls Update at a fixed rate (60
// per second), and each call passes the real time of one tick. Two clocks
// advance from it:
//
//   - Virtual is the simulated world's time: real time times Speed. A
//     stalled browser tab may deliver one huge step; MaxStep caps the
//     catch-up so the world never lurches ahead by minutes at once.
//   - Anim is the time the stage's animations run on: real time, capped
//     the same way. Motion is paced for the eye (a 400 ms slide) whatever
//     the simulation speed.
//
// Pause stops both, so everything on the stage freezes together.
type Clock struct {
	Speed   float64       // virtual seconds per real second; 0 means 1
	MaxStep time.Duration // largest real step taken per tick; 0 means 100 ms
	Paused  bool

	virtual time.Duration
	anim    time.Duration
}

// Tick advances the clock by one frame of real duration dt.
func (c *Clock) Tick(dt time.Duration) {
	if c.Paused || dt <= 0 {
		return
	}
	max := c.MaxStep
	if max <= 0 {
		max = 100 * time.Millisecond
	}
	dt = min(dt, max)
	speed := c.Speed
	if speed <= 0 {
		speed = 1
	}
	c.virtual += time.Duration(float64(dt) * speed)
	c.anim += dt
}

// Virtual is the simulated time the world should have reached.
func (c *Clock) Virtual() time.Duration { return c.virtual }

// Anim is the animation time.
func (c *Clock) Anim() time.Duration { return c.anim }

// CatchUp moves virtual time forward to t when the world got there by
// itself (a "sim advance 2s" typed by the user); it never goes back.
func (c *Clock) CatchUp(t time.Duration) {
	if t > c.virtual {
		c.virtual = t
	}
}

// Drop sets virtual time back to t + lead when the world could not reach
// the clock within a frame's budget and the clock is more than lead
// ahead of it: the clock may lead the world by a bounded debt, which the
// next frames work off within their own budgets, and time beyond it is
// dropped, not owed. lead is real time (the viewer's): at 10x speed a
// 250 ms lead is 2.5 s of virtual time, a quarter of a second of watching.
//
//	clock   ... 40 ---- 56 ---- 73      world stopped at 24, lead 25 ms:
//	world   ... 24                      the clock goes back to 24+25 = 49
func (c *Clock) Drop(t, lead time.Duration) {
	speed := c.Speed
	if speed <= 0 {
		speed = 1
	}
	if limit := t + time.Duration(float64(lead)*speed); limit < c.virtual {
		c.virtual = limit
	}
}
