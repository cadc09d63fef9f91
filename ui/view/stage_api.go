package view

import (
	"math"
)

// Geometry of the API server band.
const (
	RingCX, RingCY, RingR = 176, 496, 72
	FanX, FanY            = 696, 496 // the broadcaster: where fan-out starts
	WatchersRight         = 1040
	APFLeft               = 1072
	GaugeLeft             = 1288
	MaxWatcherGlyphs      = 60 // above this the watchers become a heat map
)

// ringAngle is the angle of slot i on the ring: slot 0 at 12 o'clock,
// indices growing clockwise.
func ringAngle(i, capacity int) float64 {
	if capacity <= 0 {
		return -math.Pi / 2
	}
	return -math.Pi/2 + 2*math.Pi*float64(i%capacity)/float64(capacity)
}
