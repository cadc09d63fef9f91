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
// The budget is the page's (SpreadWork); a session without one (tests, the
// headless tools) runs everything queued in the tick it is sent for.
type rewindWork struct {
	rw   *lessons.Rewind
	then func(err error) // the verb's ending, once the runner is the rewound one
	from int64           // the first tick that takes a piece (holdWork)
}

// SpreadWork lets each tick spend about budget on queued commands and
// long work before it leaves the rest to the next tick; zero means no
// limit.
func (s *Session) SpreadWork(budget time.Duration) { s.workBudget = budget }

// Flush runs whatever is queued, long work included, to its end now:
// for a page about to drop this session for another (open.go), whose
// commands must still reach it first.
func (s *Session) Flush() {
	b := s.workBudget
	s.workBudget = 0
	s.work()
	s.workBudget = b
}

// Busy is what the stage is working through, in words ("" when nothing):
// "replaying step 2 of 5".
func (s *Session) Busy() string {
	if s.busy == nil {
		return ""
	}
	return "replaying step " + strconv.Itoa(s.busy.rw.Played()+1) + " of " + strconv.Itoa(s.busy.rw.To())
}

// startRewind makes rw the session's long work; then runs when it ends.
func (s *Session) startRewind(rw *lessons.Rewind, then func(error)) {
	s.busy = &rewindWork{rw: rw, then: then}
}

// holdWork keeps the long work just started, and the commands behind it,
// waiting for ticks more ticks. A deep link's replay waits for the tick
// it is opened on and the page's first (Ebiten's first Update, before
// its first Draw): the first frame is drawn before any piece is taken,
// however long a piece is.
func (s *Session) holdWork(ticks int64) {
	if s.busy != nil {
		s.busy.from = s.ticks + ticks + 1
	}
}

// held reports whether the long work waits for a later tick (holdWork);
// never when everything must run now (no budget: Flush).
func (s *Session) held() bool { return s.workBudget > 0 && s.ticks < s.busy.from }

// dropWork forgets the long work under way: the lesson it rewinds has
// left the stage (another lesson, the sandbox).
func (s *Session) dropWork() {
	if s.busy != nil {
		s.msg.Withdraw(s.busyLine)
		s.busy = nil
	}
}

// work runs long work and queued commands, in the order they came, until
// the tick's budget is spent (one piece or command at least).
func (s *Session) work() {
	defer s.sayBusy()
	start := time.Now()
	more := func() bool { return s.workBudget <= 0 || time.Since(start) < s.workBudget }
	for {
		if s.busy != nil && (s.held() || !s.advanceWork(more)) {
			return
		}
		if len(s.queue) == 0 {
			return
		}
		cmd := s.queue[0]
		s.queue = append(s.queue[:0], s.queue[1:]...)
		s.command(cmd)
		s.cmdTick = s.ticks
		if !more() {
			return
		}
	}
}

// takeRepeats takes the copies of cmd queued right behind the command
// running now out of the queue and says how many there were.
func (s *Session) takeRepeats(cmd string) int {
	n := 0
	for n < len(s.queue) && s.queue[n] == cmd {
		n++
	}
	s.queue = append(s.queue[:0], s.queue[n:]...)
	return n
}

// advanceWork takes pieces of the long work while more allows; false
// when some is left for the next tick (the message line says how far).
func (s *Session) advanceWork(more func() bool) bool {
	for {
		done, err := s.busy.rw.Advance()
		if done {
			b := s.busy
			s.dropWork()
			b.then(err)
			s.cmdTick = s.ticks // a new world: every part of the snapshot is read again, as after a command
			return true
		}
		if !more() {
			return false
		}
	}
}

// sayBusy puts the long work left for the next tick on the message line.
func (s *Session) sayBusy() {
	if s.busy == nil {
		return
	}
	s.msg.Withdraw(s.busyLine)
	s.busyLine = s.Busy() + "…"
	s.msg.Say(s.busyLine)
}
