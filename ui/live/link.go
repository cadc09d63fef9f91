package live

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"watchscope/console"
	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/ui/view"
)

// Link is what a deep link asks for:
//
//	?lesson=ID&step=N&seed=S&speed=X&theme=projector&motion=reduced&nodes=N
//
// and, for a shared moment (see share.go), what reproduces it exactly:
//
//	sandbox: &t=SECONDS&cmds=LOG   the command log replayed, then the clock
//	                               run to t; the stage opens paused there
//	lesson:  &v=VERSION&ask=1&pick=N   the lesson's version, the question
//	                               showing and the answer picked
//	both:    &h=HASH&app=BUILD     the moment's trace hash and the build
//	                               that made the link, checked on arrival
//
// Garbage never stops the stage: a bad parameter is dropped and named in
// Problems, which the page shows as one line.
type Link struct {
	Lesson   string
	Step     int
	Seed     uint64
	Speed    float64
	Theme    view.Theme // theme=dark|projector; zero when the link names none (dark)
	Reduced  bool
	Nodes    int // sandbox cluster size
	Demo     bool
	Start    bool // a visit without parameters: the start screen first
	Problems []string

	// A shared moment.
	At       time.Duration          // t=: the sandbox's virtual time (with HasAt)
	HasAt    bool                   // t= was given
	Commands []engine.LoggedCommand // cmds=: the sandbox's command log
	Version  string                 // v=: the lesson's version (LessonVersion)
	Asking   bool                   // ask=1: the next step's question is showing
	Pick     int                    // pick=N: the learner's answer, 1-based (0: none)
	Hash     string                 // h=: a prefix of the moment's trace hash
	App      string                 // app=: the build that made the link (AppVersion)
}

// MaxNodes bounds the sandbox's cluster from a link.
const MaxNodes = 5000

// ParseLink reads a deep link's query parameters.
func ParseLink(q url.Values) Link {
	l := Link{Demo: q.Get("demo") != "off", Nodes: 20, Start: len(q) == 0}
	bad := func(name, v, want string) {
		l.Problems = append(l.Problems, fmt.Sprintf("%s=%q ignored: %s", name, clip(v, 24), want))
	}
	if v := q.Get("lesson"); v != "" {
		if _, err := lessons.ByID(v); err != nil {
			bad("lesson", v, "no such lesson")
		} else {
			l.Lesson = v
		}
	}
	if v := q.Get("step"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1000 {
			bad("step", v, "want a step number")
		} else {
			l.Step = n
		}
	}
	if v := q.Get("seed"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			bad("seed", v, "want a positive integer")
		} else {
			l.Seed = n
		}
	}
	if v := q.Get("speed"); v != "" {
		f, err := strconv.ParseFloat(strings.TrimSuffix(v, "x"), 64)
		if err != nil || !(f >= 0.1 && f <= 100) {
			bad("speed", v, "want 0.1 to 100")
		} else {
			l.Speed = f
		}
	}
	if v := q.Get("theme"); v != "" {
		if th, ok := view.ThemeNamed(v); ok {
			l.Theme = th
		} else {
			bad("theme", v, "want projector or dark")
		}
	}
	switch v := q.Get("motion"); v {
	case "":
	case "reduced":
		l.Reduced = true
	default:
		bad("motion", v, "want reduced")
	}
	if v := q.Get("nodes"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxNodes {
			bad("nodes", v, fmt.Sprintf("want 0 to %d", MaxNodes))
		} else {
			l.Nodes = n
		}
	}
	parseMoment(q, &l, bad)
	return l
}

// parseMoment reads a shared moment's parameters (see Link).
func parseMoment(q url.Values, l *Link, bad func(name, v, want string)) {
	if v := q.Get("t"); v != "" {
		if d, err := ParseShareTime(v); err != nil {
			bad("t", v, err.Error())
		} else {
			l.At, l.HasAt = d, true
		}
	}
	if v := q.Get("cmds"); v != "" {
		if log, err := DecodeCommands(v); err != nil {
			bad("cmds", v, err.Error())
		} else {
			l.Commands = log
		}
	}
	if n := len(l.Commands); n > 0 && l.HasAt && l.Commands[n-1].At > l.At {
		bad("t", q.Get("t"), "earlier than the last command")
		l.At, l.HasAt = 0, false
	}
	if (l.HasAt || len(l.Commands) > 0) && q.Get("lesson") != "" {
		l.Problems = append(l.Problems, "t= and cmds= are for the sandbox, not a lesson: ignored")
		l.At, l.HasAt, l.Commands = 0, false, nil
	}
	hexParam(q, "v", 8, 8, &l.Version, bad)
	hexParam(q, "h", 8, 64, &l.Hash, bad)
	if v := q.Get("app"); v != "" {
		if rev, _ := strings.CutSuffix(v, "-dev"); !isHex(rev, 7, 40) {
			bad("app", v, "want a build id")
		} else {
			l.App = v
		}
	}
	switch v := q.Get("ask"); v {
	case "", "0":
	case "1":
		l.Asking = true
	default:
		bad("ask", v, "want 1")
	}
	if v := q.Get("pick"); v != "" {
		if n, err := strconv.Atoi(v); err != nil || n < 1 || n > 9 || !digits(v, 1, 1) {
			bad("pick", v, "want a choice 1 to 9")
		} else {
			l.Pick = n
		}
	}
}

// hexParam reads a lowercase hex parameter of min to max digits.
func hexParam(q url.Values, name string, min, max int, dst *string, bad func(name, v, want string)) {
	if v := q.Get(name); v != "" {
		if !isHex(v, min, max) {
			bad(name, v, fmt.Sprintf("want %d to %d hex digits", min, max))
		} else {
			*dst = v
		}
	}
}

func isHex(s string, min, max int) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// Message is the one line the page shows for the link's problems.
func (l Link) Message() string { return strings.Join(l.Problems, "; ") }

// SandboxConfig is the sandbox world a link asks for: one API server and a
// generated cluster of l.Nodes nodes (none: an etcd-only world).
func (l Link) SandboxConfig() engine.Config {
	seed := l.Seed
	if seed == 0 {
		seed = 1
	}
	cfg := engine.Config{Seed: seed}
	if l.Nodes > 0 {
		cfg.APIServers.Replicas = 1
		cfg.Cluster.Nodes = l.Nodes
		cfg.Cluster.KubectlWatchers = 1
		if l.Nodes > 500 {
			cfg.TraceWindow = 4000
		}
	}
	return cfg
}

// Moment reports whether the link restores a shared sandbox moment (a
// command log replayed, or a time to run to).
func (l Link) Moment() bool { return l.Lesson == "" && (l.HasAt || len(l.Commands) > 0) }

// Open builds the session a link asks for. A lesson that fails to open
// falls back to the sandbox with the reason as the message. A shared
// sandbox moment is replayed (console.Restore: same seed, same commands
// at the same virtual times, then the clock run to t) and opens paused
// there; a lesson moment plays its steps and shows the same question
// and answer.
func Open(l Link) (*Session, error) { return OpenFrom(l, nil) }

// OpenFrom is Open for a page that already shows prev: a deep link
// followed without reloading (watchscope.open, the browser's back and
// forward buttons). It builds the very session Open builds, with one
// shortcut: when prev plays the same lesson on the same seed, no further
// than the link's step and untouched by console commands, the new session
// takes prev's lesson over and plays on from where it was instead of
// replaying from the first step. Steps are deterministic, so the world is
// the one a replay makes (TestOpenFromIsOpen), only sooner; prev must not
// be used again.
func OpenFrom(l Link, prev *Session) (*Session, error) { return OpenWithin(l, prev, 0) }

// OpenWithin is OpenFrom for a session that spreads its long work over
// ticks (Work.Spread), as the page's does. A link to a late step
// of a lesson then does not replay the steps before it while the page
// waits behind its loader: the lesson is shown at its start (or, followed
// from an earlier step of the same play, at that step) and playing the
// steps up to the link's is the session's long work (work.go), a step a
// piece, about budget of it a tick, with "replaying step k of n…" on the
// message line and in state().busy; a page load draws its first frame
// before the first step, and what is sent meanwhile waits behind the
// replay, in order. When it ends, the link's question and answer are
// restored and its trace hash checked, exactly as OpenFrom does at once
// (TestDeepLinkSpreadIsOpen): same world, same state, same hash. With
// budget zero it is OpenFrom.
func OpenWithin(l Link, prev *Session, budget time.Duration) (*Session, error) {
	cfg := l.SandboxConfig()
	sim, err := sandboxWorld(cfg, &l)
	if err != nil {
		return nil, err
	}
	s := New(sim, Options{Demo: l.Demo && l.Nodes == 0 && !l.Moment(), Speed: l.Speed, Sandbox: cfg})
	s.work.Spread(budget)
	s.chrome.Reduced, s.chrome.Theme = l.Reduced, l.Theme.OrDark()
	s.carryPage(prev)
	if l.Start {
		s.showStart()
	}
	if l.Moment() { // a sandbox's: never with a lesson (ParseLink)
		s.clock.Paused = true
		s.clock.CatchUp(s.sim.Now())
	}
	switch {
	case l.Lesson != "":
		s.openLinkLesson(l, prev)
	case l.Step > 0:
		l.Problems = append(l.Problems, "step= needs lesson=")
		fallthrough
	default:
		s.arrived(l)
	}
	s.Tick(0)
	return s, nil
}

// arrived ends the opening of a link once its world is all there: the
// moment's trace hash is checked, and the link's problems go to the
// message line.
func (s *Session) arrived(l Link) {
	l.Problems = append(l.Problems, checkMoment(s.sim.World(), l)...)
	s.msg.Say(l.Message())
}

// carryPage hands the new session what belongs to the page rather than
// to a link: the learner's progress kept in this browser (the page sends
// it once), the screen reader feed's numbering (its ids never go back:
// web/a11y.js appends those above the last it showed), and presenter
// mode.
func (s *Session) carryPage(prev *Session) {
	if prev == nil {
		return
	}
	np, op := s.progress, prev.progress
	np.lessons, np.cleared = op.lessons, op.cleared
	s.announcer.nextID = prev.announcer.nextID
	s.presenter.on = prev.presenter.on
}

// openLinkLesson opens the link's lesson at its step, restores its
// question and ends the arrival (arrived): at once when the session has
// no budget or the link asks for the start; else after the steps before
// it are played, spread over ticks (see OpenWithin), from the start or
// on from prev's lesson (see OpenFrom). A lesson that fails to open
// leaves the sandbox on the stage, and the reason on the message line.
func (s *Session) openLinkLesson(l Link, prev *Session) {
	land := func(err error) {
		if err != nil {
			l.Problems = append(l.Problems, err.Error())
		} else {
			l.Problems = append(l.Problems, s.sharer.restoreQuestion(s.lesson, l)...)
		}
		s.arrived(l)
	}
	if s.work.budget <= 0 || l.Step == 0 {
		land(s.playLinkLesson(l, prev))
		return
	}
	p, err := linkPlay(l, prev)
	var rw *lessons.Rewind
	if err == nil {
		rw, err = p.playOn(l.Step)
	}
	if err != nil {
		land(err)
		return
	}
	s.runner.show(p)
	s.work.startRewind(rw, func(err error) {
		s.resetTimeline() // as if opened there: no motion from the steps played on the way
		land(err)
	})
	if prev == nil { // a page load: its first frame comes before any step
		s.work.hold(s.ticks, 2) // this tick (OpenWithin's) and the page's first
	}
}

// playsOn reports whether prev plays the link's lesson on the same seed,
// no further than its step and untouched by console commands: then the
// link plays on from there (see OpenFrom).
func playsOn(l Link, prev *Session) bool {
	if prev == nil || prev.lesson == nil || prev.lessonTouched || l.Moment() {
		return false
	}
	old := prev.lesson
	return old.l.ID == l.Lesson && old.seed == l.Seed && old.r.Next() <= l.Step && l.Step <= len(old.l.Steps)
}

// linkPlay is the play a link's lesson starts from: prev's, taken over,
// when it plays on (playsOn); else the lesson's, new, at its start.
func linkPlay(l Link, prev *Session) (*lessonPlay, error) {
	if !playsOn(l, prev) {
		return newLessonPlay(l.Lesson, l.Seed)
	}
	old := prev.lesson
	prev.lesson = nil
	return &lessonPlay{l: old.l, r: old.r, seed: old.seed, picked: -1}, nil
}

// playLinkLesson opens the link's lesson at its step now, playing on
// from prev's lesson when playsOn.
func (s *Session) playLinkLesson(l Link, prev *Session) error {
	if !playsOn(l, prev) {
		return s.Lessons().Open(l.Lesson, l.Seed, l.Step)
	}
	p, _ := linkPlay(l, prev)
	for p.r.Next() < l.Step {
		if _, err := p.r.Step(); err != nil {
			return err
		}
	}
	s.runner.show(p)
	return nil
}

// sandboxWorld builds the sandbox's world: fresh, or a shared moment's
// replay (a replay that fails says why and starts fresh).
func sandboxWorld(cfg engine.Config, l *Link) (Sim, error) {
	if l.Moment() {
		at := l.At
		if !l.HasAt {
			at = l.Commands[len(l.Commands)-1].At
		}
		w, sh, err := console.Restore(cfg, l.Commands, at)
		if err == nil {
			return &etcdSim{w: w, sh: sh}, nil
		}
		l.Problems = append(l.Problems, "cmds= could not be replayed: "+err.Error())
		l.At, l.HasAt, l.Commands = 0, false, nil
	}
	return NewWorldConfig(cfg)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
