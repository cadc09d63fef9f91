package apiserver

import (
	"hash/fnv"
	"math"
	"time"

	am "watchscope/apimachinery"
)

// APF constants (D).
const (
	// queueWaitLimit is min(1/4 of the 60s request timeout, 1m).
	queueWaitLimit = DefaultRequestTimeout / 4
)

// apf is API Priority and Fairness for one replica: requests are
// classified into a FlowSchema and its priority level, then either run at
// once, wait in one of the level's queues, or are rejected with 429.
//
//	priority level "workload-low"   limit 245 seats, 128 queues, hand 6
//	  flow "controller-7" --hash--> hand {12 40 77 90 101 3} --shortest--> queue 40
//	  queues:  [..][c1 c4][..][c2]...     dispatch: round-robin over non-empty
//	  executing seats: 240/245            queues while the head's width fits
//
// Simplifications (documented for the lessons): no borrowing between
// levels; the fair-queuing virtual clock is replaced by round-robin over
// queues, which gives the same "every flow gets its turn" picture; the
// shuffle-sharding dealer is the real one (hash mod remaining queues).
type apf struct {
	levels []*priorityLevel
	byName map[string]*priorityLevel
	// per (flow schema, level) gauges and per reason counters.
	inqueue, executing map[[2]string]int
	rejected           map[[3]string]int64
	estimated          map[[2]string]*seatHistogram
}

type priorityLevel struct {
	levelSpec
	limit      int
	maxSeats   int // the most seats one request may take (0: the estimator's limit)
	queues     [][]*call
	seatsInUse int
	waiting    int
	rr         int
	drops      *droppedRequestsStats
	labels     [][2]string // {priority_level, name}, made once
	dispatched int64       // requests that started executing
}

// newAPF builds the default levels. Each level's nominal concurrency is
// ceil(total * shares / sum of shares), total = 400 + 200.
func newAPF(totalSeats int, now time.Duration) *apf {
	a := &apf{byName: map[string]*priorityLevel{}, inqueue: map[[2]string]int{},
		executing: map[[2]string]int{}, rejected: map[[3]string]int64{}, estimated: map[[2]string]*seatHistogram{}}
	sum := 0
	for _, l := range defaultLevels {
		sum += l.shares
	}
	for _, spec := range defaultLevels {
		pl := &priorityLevel{levelSpec: spec, drops: newDroppedRequestsStats(int64(now / time.Second)),
			labels: [][2]string{{"priority_level", spec.name}}}
		if !spec.exempt {
			pl.limit = int(math.Ceil(float64(totalSeats*spec.shares) / float64(sum)))
			pl.queues = make([][]*call, spec.queues)
			pl.maxSeats = levelMaxSeats(pl.limit, spec.handSize)
		}
		a.levels = append(a.levels, pl)
		a.byName[spec.name] = pl
	}
	return a
}

// maxSeats is the per-request seat cap of the level flowSchema maps to.
func (a *apf) maxSeats(flowSchema string) int {
	if pl := a.byName[flowSchemaLevel[flowSchema]]; pl != nil {
		return pl.maxSeats
	}
	return a.byName["catch-all"].maxSeats
}

// admit classifies c and returns true if it may run now; false means it
// was queued; a non-nil error is the 429 rejection.
func (a *apf) admit(now time.Duration, c *call) (bool, error) {
	pl := a.byName[flowSchemaLevel[c.flowSchema]]
	if pl == nil {
		pl = a.byName["catch-all"]
		c.flowSchema = "catch-all"
	}
	c.level = pl.name
	if pl.exempt {
		a.executing[c.fsKey()] += c.width
		return true, nil
	}
	c.width = min(c.width, pl.limit)
	a.observeSeats(c)
	if pl.waiting == 0 && pl.seatsInUse+c.width <= pl.limit {
		a.start(pl, c)
		return true, nil
	}
	if pl.reject {
		return false, a.reject(now, pl, c, "concurrency-limit")
	}
	q := pl.chooseQueue(c.req.Client)
	if len(pl.queues[q]) >= pl.queueLengthLimit {
		return false, a.reject(now, pl, c, "queue-full")
	}
	c.queue, c.queuedAt = q, now
	pl.queues[q] = append(pl.queues[q], c)
	pl.waiting++
	a.inqueue[c.fsKey()]++
	return false, nil
}

func (a *apf) start(pl *priorityLevel, c *call) {
	pl.dispatched++
	pl.seatsInUse += c.width
	a.executing[c.fsKey()] += c.width
}

// release returns c's seats (at the end of execution, or for a watch
// once its initial events were sent).
func (a *apf) release(c *call) {
	a.executing[c.fsKey()] -= c.width
	if pl := a.byName[c.level]; !pl.exempt {
		pl.seatsInUse -= c.width
	}
}

// reject counts the drop and returns the 429 with the level's current
// Retry-After.
func (a *apf) reject(now time.Duration, pl *priorityLevel, c *call, reason string) error {
	a.rejected[[3]string{c.flowSchema, pl.name, reason}]++
	pl.drops.recordDroppedRequest(int64(now / time.Second))
	return am.NewAPFRejected(int(pl.drops.retryAfter))
}

// chooseQueue is shuffle sharding: deal handSize distinct queues from the
// flow's hash and take the one with the fewest waiting requests (the
// first such in hand order).
func (pl *priorityLevel) chooseQueue(flow string) int {
	h := fnv.New64a()
	h.Write([]byte(flow))
	v := h.Sum64()
	n := uint64(len(pl.queues))
	hand := make([]int, 0, pl.handSize)
	for i := 0; i < pl.handSize && uint64(i) < n; i++ {
		r := n - uint64(i)
		pick := int(v % r)
		v /= r
		// map pick onto the queues not yet dealt, in index order
		for _, d := range sortedInts(hand) {
			if pick >= d {
				pick++
			}
		}
		hand = append(hand, pick)
	}
	best := hand[0]
	for _, q := range hand[1:] {
		if len(pl.queues[q]) < len(pl.queues[best]) {
			best = q
		}
	}
	return best
}

func sortedInts(xs []int) []int {
	out := append([]int(nil), xs...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// dispatch starts queued requests whose width fits, round-robin over each
// level's queues, and rejects those that waited queueWaitLimit. started
// and rejected are called in a fixed order (levels, then queues).
func (a *apf) dispatch(now time.Duration, started func(*call), rejected func(*call, error)) {
	for _, pl := range a.levels {
		if pl.waiting == 0 {
			continue
		}
		a.expire(now, pl, rejected)
		for pl.waiting > 0 {
			q := pl.nextQueue()
			c := pl.queues[q][0]
			if pl.seatsInUse > 0 && pl.seatsInUse+c.width > pl.limit {
				break
			}
			a.dequeue(pl, q)
			a.start(pl, c)
			started(c)
		}
	}
}

// nextQueue is the next non-empty queue after the round-robin pointer.
func (pl *priorityLevel) nextQueue() int {
	for i := range len(pl.queues) {
		q := (pl.rr + i) % len(pl.queues)
		if len(pl.queues[q]) > 0 {
			return q
		}
	}
	panic("apiserver: nextQueue with nothing waiting")
}

func (a *apf) dequeue(pl *priorityLevel, q int) *call {
	c := pl.queues[q][0]
	pl.queues[q] = pl.queues[q][1:]
	pl.waiting--
	pl.rr = (q + 1) % len(pl.queues)
	a.inqueue[c.fsKey()]--
	return c
}

// expire rejects every request that has waited queueWaitLimit.
func (a *apf) expire(now time.Duration, pl *priorityLevel, rejected func(*call, error)) {
	for q := range pl.queues {
		for len(pl.queues[q]) > 0 && now-pl.queues[q][0].queuedAt >= queueWaitLimit {
			c := pl.queues[q][0]
			pl.queues[q] = pl.queues[q][1:]
			pl.waiting--
			a.inqueue[c.fsKey()]--
			rejected(c, a.reject(now, pl, c, "time-out"))
		}
	}
}

// nextTimeout is when the oldest queued request times out.
func (a *apf) nextTimeout() (time.Duration, bool) {
	var at time.Duration
	ok := false
	for _, pl := range a.levels {
		if pl.waiting == 0 { // most of the time: no need to look at 128 queues
			continue
		}
		for _, q := range pl.queues {
			if len(q) > 0 && (!ok || q[0].queuedAt+queueWaitLimit < at) {
				at, ok = q[0].queuedAt+queueWaitLimit, true
			}
		}
	}
	return at, ok
}

// drop forgets every queued request (the process died).
func (a *apf) drop() []*call {
	var out []*call
	for _, pl := range a.levels {
		for q := range pl.queues {
			out = append(out, pl.queues[q]...)
			pl.queues[q] = nil
		}
		pl.waiting, pl.seatsInUse = 0, 0
	}
	clear(a.inqueue)
	clear(a.executing)
	return out
}

// Level is the state of one priority level, for display.
//
// MaxSeats is the most seats one request may take there (0: the work
// estimator's own limit); Dispatched and Rejected count requests since
// the process started.
type Level struct {
	Name                          string
	Limit, SeatsInUse, Waiting    int
	MaxSeats                      int
	RetryAfter                    int
	Dispatched, Rejected          int64
	Exempt, RejectsInsteadOfQueue bool
}

func (a *apf) snapshot() []Level {
	out := make([]Level, 0, len(a.levels))
	for _, pl := range a.levels {
		var rejected int64
		for k, n := range a.rejected { // a sum: the order does not matter
			if k[1] == pl.name {
				rejected += n
			}
		}
		out = append(out, Level{Name: pl.name, Limit: pl.limit, SeatsInUse: pl.seatsInUse, Waiting: pl.waiting,
			MaxSeats: pl.maxSeats, RetryAfter: int(pl.drops.retryAfter), Dispatched: pl.dispatched, Rejected: rejected,
			Exempt: pl.exempt, RejectsInsteadOfQueue: pl.reject})
	}
	return out
}
