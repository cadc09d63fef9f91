package live

import (
	"strings"
	"time"

	"watchscope/console"
	"watchscope/engine"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// Options configures a Session.
type Options struct {
	Demo  bool    // play view.DefaultDemo while nobody else drives (etcd-only worlds)
	Speed float64 // virtual seconds per real second (0 means 1)
	// Sandbox is the configuration "sandbox" (re)builds; zero means the
	// world New was given is the sandbox and cannot be rebuilt.
	Sandbox engine.Config
}

// Bounds of what a session keeps.
const (
	logKeep      = 16  // console lines remembered
	historyMax   = 512 // records read per refresh
	queueMax     = 64  // commands waiting for the next tick
	cuesPerTick  = 4   // demo steps applied in one tick at most
	historySlack = 8   // revisions read beyond the tape's left edge
)

// Session is one running stage: world, clock, motion, demo, command queue,
// and the lesson when one is playing. All of its methods run on the game
// loop (Ebiten's Update/Draw); the page's send() reaches it through Send
// on that same loop.
type Session struct {
	sim     Sim
	opts    Options
	lesson  *lessonPlay
	clock   view.Clock
	motion  view.Motion
	demo    *view.Demo
	log     []view.LogLine
	snap    view.Snapshot
	counts  CountsJSON // state().counts, read with snap
	ticks   int64
	chrome  view.Chrome // the stage's own state; its Message is msg's (see stageUI)
	msg     messageLine // the one line at the top of the stage (message.go)
	markers []view.TraceItem
	// markEvents are the markers' trace events, one for one: what the
	// announcer reads of them (their typed facts).
	markEvents []engine.TraceEvent
	lastID     uint64 // newest trace event scanned for markers
	Timing     Timing
	world      *engine.World // the world the markers were scanned from
	heavy      heavyParts    // the costly parts of the snapshot, refreshed at 10 Hz

	// lessonTouched: a console command ran in the lesson's world, which
	// is then no longer the one its steps alone make (see OpenFrom).
	lessonTouched bool

	pace   framePlan       // how a frame's time is shared between world and stage
	texts  []scene.TextBox // the text boxes of the last layout, for state()
	places []view.Place    // where the last layout drew the actors and the figure, for state()
	replay replay          // the step being replayed in slow motion (playback.go)

	work Work // the commands queued and the long work under way (work.go)

	// The features beside the core (features.go), each with its own state.
	features                                 // by name, wired to each other explicitly
	featureVerbs map[string]func(arg string) // the stage verbs they add
}

// heavyParts are read from the world at most every heavyEvery ticks (and
// after every command): thousands of kubelets, the metric registry and
// etcd's key index cost more than a frame can spend at 5,000 nodes.
type heavyParts struct {
	at          int64
	world       *engine.World // the world they were read from
	clients     []string      // ClientRows
	kubelets    kubeletCount
	clientN     int
	scan        clientScan // the pass over the clients in progress
	charts      []view.Series
	keys        []view.KeyIndex
	total, live int
	chartSet    chartSet
	chartsAt    int64       // the tick chartSet was resolved
	cast        scene.Scene // the scene's cast, rebuilt with the clients
}

// chartsResolveEvery is how often (in ticks) the charts' series are
// matched against the registry again, to pick up series that appeared.
const chartsResolveEvery = 120

const heavyEvery = 6

// New starts a session on sim.
func New(sim Sim, o Options) *Session {
	s := &Session{sim: sim, opts: o, motion: view.Motion{Columns: view.Columns}, chrome: view.Chrome{Theme: view.Dark}}
	s.clock.Speed = o.Speed
	s.work = Work{command: s.command, msg: &s.msg}
	s.features = newFeatures(s)
	s.featureVerbs = s.all.verbs()
	if o.Demo {
		s.demo = view.DefaultDemo()
	}
	s.refresh()
	s.motion.Observe(s.snap, 0)
	return s
}

// Send queues a command for the next tick. It never blocks; when the
// queue is full the command is dropped and Send reports false.
func (s *Session) Send(cmd string) bool { return s.work.send(cmd) }

// QueueFull reports whether Send would refuse a command now.
func (s *Session) QueueFull() bool { return s.work.full() }

// Work is the session's queue and long work (work.go).
func (s *Session) Work() *Work { return &s.work }

// Paused reports whether the clocks are stopped.
func (s *Session) Paused() bool { return s.clock.Paused }

// Tick advances the session by one frame of real time dt: queued
// commands first (they apply even while paused: an explicit action),
// then the demo's due cues, then the world up to the new virtual time.
// A lesson's world does not run by itself: only its steps move it.
func (s *Session) Tick(dt time.Duration) {
	s.ticks++
	s.clock.Tick(dt)
	s.replay.advance(s.sim.World(), dt, s.clock.Paused, tempo(speed(s.clock), s.lesson))
	s.work.run(s.ticks)
	if s.demo != nil && s.lesson == nil {
		for _, c := range s.demo.Due(s.clock.Virtual(), cuesPerTick) {
			if cmd := c.Command(s.sim.Revs()); cmd != "" {
				s.exec(cmd)
			}
		}
	}
	t0 := time.Now()
	if s.lesson == nil {
		if !s.sim.RunFrame(s.clock.Virtual(), s.pace.simBudget(s.ticks)) {
			s.clock.Drop(s.sim.Now(), MaxLead) // out of budget: owe at most MaxLead
		}
	}
	t1 := time.Now()
	s.clock.CatchUp(s.sim.Now())
	s.refresh()
	s.motion.Observe(s.snap, s.clock.Anim())
	s.Timing.Sim, s.Timing.Refresh = t1.Sub(t0), time.Since(t1)
	s.pace.stage(s.ticks, s.Timing.Refresh)
	s.all.afterTick()
}

// Timing is the wall time the last tick spent in the simulation and in
// copying its state for the stage (the UI's own Go cost, measured for the
// frame budget; it never feeds back into the world).
type Timing struct {
	Sim, Refresh time.Duration
	Layout       time.Duration // the last Scene: laying the stage out (set by Scene, not Tick)
}

// exec runs a console command and logs it as the console shows it.
func (s *Session) exec(cmd string) {
	out, err := s.sim.Exec(cmd)
	s.lessonTouched = s.lessonTouched || s.lesson != nil
	line := view.LogLine{Cmd: cmd, Out: out}
	if err != nil {
		// As a terminal shows it: what the command printed first (etcdctl's
		// client warning on stderr), then the error as the tool prints it.
		line.Out, line.Failed = out+console.ErrorLine(err), true
	}
	s.logLine(line)
	s.all.afterExec(cmd, err)
}

func (s *Session) logLine(line view.LogLine) {
	s.log = append(s.log, line)
	if len(s.log) > logKeep {
		s.log = append(s.log[:0], s.log[len(s.log)-logKeep:]...)
	}
}

// refresh copies the world's state into the snapshot.
func (s *Session) refresh() {
	rev, compactRev := s.sim.Revs()
	from := max(1, rev-max(view.Columns, view.EColumns)-historySlack)
	w := s.sim.World()
	s.scanMarkers(w)
	h := s.heavyRefresh(w)
	s.snap = view.Snapshot{
		Now: s.sim.Now(), Rev: rev, CompactRev: compactRev,
		Records: s.sim.History(from, historyMax),
		Keys:    h.keys, MoreKeys: max(0, h.total-len(h.keys)), LiveKeys: h.live,
		Log:    append([]view.LogLine(nil), s.log...),
		Paused: s.clock.Paused, Speed: s.clock.Speed,
		Replicas: len(w.APIServers), ClientRows: h.clients,
		Markers: s.markers,
		UI:      s.stageUI(),
	}
	s.snap.Cast = h.cast
	s.counts = worldCounts(w, h.clientN)
	if s.lesson != nil {
		s.snap.Lesson = s.lesson.view()
	}
	s.replay.fill(&s.snap, w, s.lesson, s.clock.Anim(), s.clock.Paused, s.heavy.charts)
}

// heavyRefresh re-reads the costly parts when they are due. Each part has
// its own beat in a cycle of heavyEvery ticks (clients, then charts, then
// the key index), so no single frame pays for all of them; the first
// tick, a tick that ran a command, and a new world (a lesson opened or
// stepped back, a rewind) refresh everything.
func (s *Session) heavyRefresh(w *engine.World) *heavyParts {
	h := &s.heavy
	all := h.at == 0 || s.ticks == s.work.ranAt || w != h.world
	h.world = w
	h.at = max(s.ticks, 1)
	beat := s.ticks % heavyEvery
	fullStage := len(w.APIServers) > 0
	switch {
	case all:
		h.clients, h.kubelets, h.clientN = clientsOf(w)
		h.scan = clientScan{}
	default: // a sixth of the clients every tick: one pass per heavyEvery ticks
		if d, k, n, done := h.scan.step(w, len(w.Clients())/heavyEvery+1); done {
			h.clients, h.kubelets, h.clientN = d, k, n
		}
	}
	if all || beat == 2 {
		h.charts = nil
		if fullStage {
			if all || h.chartsAt == 0 || s.ticks-h.chartsAt >= chartsResolveEvery {
				h.chartSet, h.chartsAt = resolveCharts(w, wantedCharts(s.lesson), chartResource(s.lesson)), max(s.ticks, 1)
			}
			h.charts = h.chartSet.read(w)
		}
	}
	if all || beat == 0 && !s.replay.framesShown(w) { // a step replayed from its pictures draws them instead
		h.cast = buildCast(w, h, s.lesson)
	}
	if all || beat == 4 {
		h.keys, h.total, h.live = nil, 0, 0
		if !fullStage { // the large tape's key lanes; the full stage shows no lanes
			h.keys, h.total, h.live = s.sim.Keys(view.MaxLanes)
		}
	}
	return h
}

// wantedCharts is lesson p's own metrics first, then the defaults.
func wantedCharts(p *lessonPlay) []string {
	if p == nil {
		return defaultCharts
	}
	var out []string
	seen := map[string]bool{}
	for _, m := range append(append([]string(nil), p.metrics()...), defaultCharts...) {
		base, _, _ := strings.Cut(m, "{")
		if !seen[base] { // one chart per metric name
			seen[base] = true
			out = append(out, m)
		}
	}
	return out
}

// scanMarkers remembers the trace events the timeline marks. A new world
// (a rewind, a lesson step back) starts the scan over: its trace is a
// replay from zero.
func (s *Session) scanMarkers(w *engine.World) {
	if w != s.world {
		s.world, s.lastID = w, 0
		s.markers, s.markEvents = nil, nil
	}
	upTo := s.replay.shownID(w) // a step in slow motion marks its events as they show
	first := w.Trace.Last() - engine.EventID(min(uint64(w.Trace.Last()), uint64(w.Trace.Window()))) + 1
	for id := max(engine.EventID(s.lastID)+1, first); id <= upTo; id++ { // no copy of the events still to show
		e, ok := w.Trace.Get(id)
		if !ok {
			continue
		}
		s.lastID = uint64(e.ID)
		if it := traceItem(e); it.Mark != view.NoMarker {
			if len(s.markers) >= markersKeep {
				s.markers, s.markEvents = s.markers[1:], s.markEvents[1:]
			}
			s.markers, s.markEvents = append(s.markers, it), append(s.markEvents, e)
		}
	}
}

// Snapshot is the state after the last tick.
func (s *Session) Snapshot() view.Snapshot { return s.snap }

// stageUI is the chrome as the view draws it, with the message line.
func (s *Session) stageUI() view.Chrome {
	c := s.chrome
	c.Message, c.MessageCue = s.msg.Text(), s.msg.IsCue()
	c.Knobs = knobsLit(s.sim.World())
	return c
}

// Chrome is the stage's own state (help, theme toggles, console input),
// for the game to change; changes show from the next tick.
func (s *Session) Chrome() *view.Chrome { return &s.chrome }

// Scene lays out the current frame.
func (s *Session) Scene() view.Scene {
	s.snap.UI = s.stageUI()
	t0 := time.Now()
	sc := view.BuildStage(s.snap, &s.motion, s.clock.Anim())
	s.texts = view.TextBoxes(&sc)
	s.places = sc.Places
	s.Timing.Layout = time.Since(t0)
	s.pace.stage(s.ticks, s.Timing.Layout)
	return sc
}

// Spent tells the session about Go time its frame spent outside it (the
// page's hooks, the widgets, input, the commands a tick ran): the world's
// share of the next frames on the same beat leaves room for it (framePlan),
// so the frame as a whole stays within FrameShare.
func (s *Session) Spent(d time.Duration) { s.pace.stage(s.ticks, d) }

// Settled reports whether no animation is running (nothing would change
// on screen until the next tick brings news).
func (s *Session) Settled() bool {
	return !s.replay.playing(s.sim.World()) && !s.replay.flight.Busy() && s.motion.Settled(s.clock.Anim())
}

// Ticks is the number of ticks run so far.
func (s *Session) Ticks() int64 { return s.ticks }

// Beat is the last tick's place in the snapshot's cycle of heavyEvery
// ticks, which says which heavy part it refreshed.
func (s *Session) Beat() int64 { return s.ticks % heavyEvery }

// Motion exposes the stage's motion state (for hit tests on the tape).
func (s *Session) Motion() *view.Motion { return &s.motion }

// AnimNow is the animation clock.
func (s *Session) AnimNow() time.Duration { return s.clock.Anim() }
