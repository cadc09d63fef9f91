package live

import (
	"strconv"
	"time"
)

// The time cursor: the "your cluster" page scrubs its recording like a
// lesson's timeline. It shows the recording as it stood at the cursor
// (recording.Until): the events, bookmarks, relists and 410s up to then,
// the cache window from the metric samples taken by then, and where a
// watcher that left "away" seconds before the cursor would resume.

// cursor is the time shown, in ms: the end unless the cursor was moved.
func (c *clusterView) cursor() int64 {
	if c.atEnd {
		return c.rec.Duration()
	}
	return min(max(c.at, 0), c.rec.Duration())
}

// stepMs is one press of ← or →: a twentieth of the recording, in whole
// seconds (at least one).
func (c *clusterView) stepMs() int64 {
	return max((c.rec.Duration()/20+999)/1000, 1) * 1000
}

// seek is recordingAt: seconds into the recording, or "end".
func (c *clusterView) seek(arg string) {
	if c.rec == nil || c.h.Chrome().Recording == nil {
		c.h.Say("recordingAt: no recording is open (recording NAME opens one)")
		return
	}
	if arg == "end" {
		c.atEnd = true
		c.build()
		return
	}
	n, err := strconv.ParseFloat(arg, 64)
	if err != nil || n < 0 || n > 1e9 {
		c.h.Say("recordingAt wants seconds into the recording, such as 30, or end, not " + strconv.Quote(arg))
		return
	}
	c.moveTo(int64(n * 1000))
}

// moveTo puts the cursor at ms (clamped to the recording); at the end it
// follows the end again.
func (c *clusterView) moveTo(ms int64) {
	end := c.rec.Duration()
	c.at, c.atEnd = min(max(ms, 0), end), ms >= end
	c.build()
}

// scrub moves the cursor a step (← →, the lesson's next and back) while
// the page shows; it reports whether it did, so the keys go on to the
// lesson otherwise.
func (c *clusterView) scrub(forward bool) bool {
	if c.rec == nil || c.h.Chrome().Recording == nil {
		return false
	}
	d := c.stepMs()
	if !forward {
		d = -d
	}
	c.moveTo(c.cursor() + d)
	return true
}

// toStart is Home on the page: the cursor at the recording's start.
func (c *clusterView) toStart() bool {
	if c.rec == nil || c.h.Chrome().Recording == nil {
		return false
	}
	c.moveTo(0)
	return true
}

// toEnd is End on the page: the cursor back at the end.
func (c *clusterView) toEnd() bool {
	if c.rec == nil || c.h.Chrome().Recording == nil {
		return false
	}
	c.atEnd = true
	c.build()
	return true
}

// cursorWords is the cursor's line on the page.
func cursorWords(at, end, step int64) string {
	d := func(ms int64, to time.Duration) string {
		return (time.Duration(ms) * time.Millisecond).Round(to).String()
	}
	return "as of " + d(at, 100*time.Millisecond) + " of " + d(end, time.Second) + " · ← → step " + d(step, time.Second) +
		" · Home, End: its ends · drag the strip · recordingAt SECONDS"
}
