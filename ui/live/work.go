package live

import (
	"strconv"
	"time"

	"watchscope/lessons"
)

// Work spread over frames. A lesson steps back by replaying every step
// before the one it lands on (lessons.Runner.Seek): for the longer lessons
// that is hundreds of milliseconds natively and seconds in a browser, far
// more than a frame, and a page that runs it in one tick stops drawing
// and answering (state(), keys) until it is done. So the session takes
// such work a piece at a time (lessons.Rewind: the world, then one step),
// as many pieces a tick as its budget allows and at least one, and the
// commands queued behind it wait, in order: what they do is what they
// would have done had the rewind taken no time, so the trace is the same
// however the work was cut (TestRewindSpreadOverTicks).
//
// The budget is the page's (Spread); a session without one (tests, the
// headless tools) runs everything queued in the tick it is sent for.
//
// Work is the session's queue: the commands sent and not yet run, and the
// long work under way. It runs commands through the session's command
// function and says how far the long work is on the session's message
// line, both given to it once (New); it keeps no pointer to the session.
type Work struct {
	queue    []string
	busy     *rewindWork
	busyLine string        // the message line busy shows
	budget   time.Duration // the page's budget per tick; 0: no limit
	now      int64         // the tick the queue last ran in
	ranAt    int64         // the last tick that ran a command or ended long work
	command  func(cmd string)
	msg      *messageLine
}

type rewindWork struct {
	rw   *lessons.Rewind
	then func(err error) // the verb's ending, once the runner is the rewound one
	from int64           // the first tick that takes a piece (hold)
}

// send queues a command for the next tick; false when the queue is full.
func (q *Work) send(cmd string) bool {
	if q.full() {
		return false
	}
	q.queue = append(q.queue, cmd)
	return true
}

// full reports whether send would refuse a command now.
func (q *Work) full() bool { return len(q.queue) >= queueMax }

// Spread lets each tick spend about budget on queued commands and long
// work before it leaves the rest to the next tick; zero means no limit.
func (q *Work) Spread(budget time.Duration) { q.budget = budget }

// Flush runs whatever is queued, long work included, to its end now:
// for a page about to drop this session for another (open.go), whose
// commands must still reach it first.
func (q *Work) Flush() {
	b := q.budget
	q.budget = 0
	q.run(q.now)
	q.budget = b
}

// Busy is what the stage is working through, in words ("" when nothing):
// "replaying step 2 of 5".
func (q *Work) Busy() string {
	if q.busy == nil {
		return ""
	}
	return "replaying step " + strconv.Itoa(q.busy.rw.Played()+1) + " of " + strconv.Itoa(q.busy.rw.To())
}

// startRewind makes rw the long work; then runs when it ends.
func (q *Work) startRewind(rw *lessons.Rewind, then func(error)) {
	q.busy = &rewindWork{rw: rw, then: then}
}

// hold keeps the long work just started, and the commands behind it,
// waiting for ticks more ticks after tick now. A deep link's replay waits
// for the tick it is opened on and the page's first (Ebiten's first
// Update, before its first Draw): the first frame is drawn before any
// piece is taken, however long a piece is.
func (q *Work) hold(now, ticks int64) {
	if q.busy != nil {
		q.busy.from = now + ticks + 1
	}
}

// held reports whether the long work waits for a later tick (hold);
// never when everything must run now (no budget: Flush).
func (q *Work) held() bool { return q.budget > 0 && q.now < q.busy.from }

// drop forgets the long work under way: the lesson it rewinds has left
// the stage (another lesson, the sandbox).
func (q *Work) drop() {
	if q.busy != nil {
		q.msg.Withdraw(q.busyLine)
		q.busy = nil
	}
}

// run runs long work and queued commands in tick now, in the order they
// came, until the tick's budget is spent (one piece or command at least).
func (q *Work) run(now int64) {
	q.now = now
	defer q.sayBusy()
	start := time.Now()
	more := func() bool { return q.budget <= 0 || time.Since(start) < q.budget }
	for {
		if q.busy != nil && (q.held() || !q.advance(more)) {
			return
		}
		if len(q.queue) == 0 {
			return
		}
		cmd := q.queue[0]
		q.queue = append(q.queue[:0], q.queue[1:]...)
		q.command(cmd)
		q.ranAt = q.now
		if !more() {
			return
		}
	}
}

// takeRepeats takes the copies of cmd queued right behind the command
// running now out of the queue and says how many there were.
func (q *Work) takeRepeats(cmd string) int {
	n := 0
	for n < len(q.queue) && q.queue[n] == cmd {
		n++
	}
	q.queue = append(q.queue[:0], q.queue[n:]...)
	return n
}

// advance takes pieces of the long work while more allows; false when
// some is left for the next tick (the message line says how far).
func (q *Work) advance(more func() bool) bool {
	for {
		done, err := q.busy.rw.Advance()
		if done {
			b := q.busy
			q.drop()
			b.then(err)
			q.ranAt = q.now // a new world: every part of the snapshot is read again, as after a command
			return true
		}
		if !more() {
			return false
		}
	}
}

// sayBusy puts the long work left for the next tick on the message line.
func (q *Work) sayBusy() {
	if q.busy == nil {
		return
	}
	q.msg.Withdraw(q.busyLine)
	q.busyLine = q.Busy() + "…"
	q.msg.Say(q.busyLine)
}
