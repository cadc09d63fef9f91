package live

import (
	"watchscope/engine"
	"watchscope/ui/view"
)

// Features: the stage's parts beside its core. The session (session.go,
// commands.go, lesson.go) plays the world, the clock and the lesson; each
// feature is a type in its own file that keeps its own state and meets
// the session through the hooks it implements, all of them optional:
//
//	verbs() map[string]func(arg string)  stage verbs it adds ("present", "cue")
//	afterTick()                          after every Tick, after the refresh
//	afterExec(cmd string, err error)     after every console command
//	fillState(st *State)                 its part of State (window.watchscope.state())
//
// No feature holds the *Session. One that talks to the stage (the
// picker, the progress book, the author, the "your cluster" page) is
// given a Host; one that only reads it (the sharer, the announcer, the
// exporter) a stageView, which writes nothing; the presenter a
// stageView, the clock to hold (clockHolder), the message line and the
// runner; the lesson runner a lessonStage (lesson_stage.go: the core's
// moves of a lesson), the message line, the picker and the "your
// cluster" page.
//
// newFeatures makes them: a new feature (or an overlay with state of its
// own) is its own file plus its field in features and its line there. A
// feature that needs another is given it by that field, never by a
// search over the list. Their order never matters: no two features share
// state, each chrome field has one writer (the picker's is the picker's),
// and the one line at the top of the stage is written through its owner
// (message.go).
type feature any

type (
	verbAdder interface {
		verbs() map[string]func(arg string)
	}
	afterTicker interface{ afterTick() }
	execWatcher interface{ afterExec(cmd string, err error) }
	statePart   interface{ fillState(st *State) }
)

// Host is the stage as a feature beside it sees it: the message line, a
// lesson to open, and the chrome to patch (each chrome field by its one
// writer). A feature given a Host instead of the *Session cannot reach
// the world, the clock or another feature's state.
type Host interface {
	Say(line string)
	Fail(err error)
	OpenLesson(id string, steps int) // id at steps played (or free play); closes the picker and the start screen; a failure is said
	Chrome() *view.Chrome
	Exec(cmd string)                 // run a console line on the world, logged as the console shows it
	File(name string) (string, bool) // a console file's text (a dropped .wsrec), false when there is none
}

// stageHost is the session as a Host.
type stageHost struct{ s *Session }

func (h stageHost) Say(line string)                 { h.s.msg.Say(line) }
func (h stageHost) Fail(err error)                  { h.s.msg.Fail(err) }
func (h stageHost) OpenLesson(id string, steps int) { h.s.runner.openSaying(id, steps) }
func (h stageHost) Chrome() *view.Chrome            { return &h.s.chrome }
func (h stageHost) Exec(cmd string)                 { h.s.exec(cmd) }

func (h stageHost) File(name string) (string, bool) {
	if e, ok := h.s.sim.(*etcdSim); ok {
		return e.sh.File(name)
	}
	return "", false
}

// stageView is the stage as a feature that only reads it sees (the
// sharer, the announcer, the exporter): the world being played, the
// lesson on it, the clock, the chrome, the last snapshot and the
// markers scanned from the trace. It has no method that writes; lesson()
// and sim() lend the session's own (a reader must not change them:
// moves go through the lesson runner).
type stageView interface {
	sim() Sim
	lesson() *lessonPlay // nil in the sandbox
	clock() view.Clock
	chrome() view.Chrome
	snapshot() view.Snapshot
	ticks() int64 // the session's tick count
	markers() markerLog
}

// markerLog is the markers scanned from the trace so far, with their
// events one for one, from world; lastID is the newest event scanned.
type markerLog struct {
	world  *engine.World
	items  []view.TraceItem
	events []engine.TraceEvent
	lastID uint64
}

// stageReader is the session as a stageView.
type stageReader struct{ s *Session }

func (r stageReader) sim() Sim                { return r.s.sim }
func (r stageReader) lesson() *lessonPlay     { return r.s.lesson }
func (r stageReader) clock() view.Clock       { return r.s.clock }
func (r stageReader) chrome() view.Chrome     { return r.s.chrome }
func (r stageReader) snapshot() view.Snapshot { return r.s.snap }
func (r stageReader) ticks() int64            { return r.s.ticks }
func (r stageReader) markers() markerLog {
	s := r.s
	return markerLog{world: s.world, items: s.markers, events: s.markEvents, lastID: s.lastID}
}

// clockHolder is the clock as the presenter holds it on a cue: paused
// (the snapshot says so at once) once the stage has settled.
type clockHolder interface {
	setPaused(paused bool)
	settled() bool // no step replaying, nothing in flight or moving
}

// stageClock is the session's clock as a clockHolder.
type stageClock struct{ s *Session }

func (c stageClock) setPaused(p bool) { c.s.clock.Paused, c.s.snap.Paused = p, p }
func (c stageClock) settled() bool    { return c.s.Settled() }

// features are the stage's features by name: each is wired to the
// others it needs explicitly, through these fields, never by a search.
type features struct {
	runner    *lessonRunner // lesson_runner.go: open, step and answer lessons
	author    *author       // author.go: lesson files opened from disk
	presenter *presenter    // present.go: presenter mode and cue points
	sharer    *sharer       // share.go: the link of the moment
	announcer *announcer    // announce.go: the screen reader's feed
	exporter  *Exporter     // export.go: the GIF recording and its progress
	picker    *lessonPicker // picker.go: the lesson picker overlay
	progress  *progressBook // progress.go: the learner's progress kept in this browser
	cluster   *clusterView  // cluster.go: a recording of a real cluster ("your cluster")
	all       featureList   // the same, for the hooks run over all
}

// newFeatures makes the stage's features, one line each.
func newFeatures(s *Session) features {
	h, st := stageHost{s}, stageReader{s}
	f := features{
		runner: &lessonRunner{st: stageCore{st}, msg: &s.msg}, author: &author{h: h}, presenter: &presenter{st: st, clock: stageClock{s}, msg: &s.msg},
		sharer: &sharer{st: st}, announcer: &announcer{st: st}, exporter: &Exporter{st: st},
		picker: &lessonPicker{h: h, freePlay: s.opts.Sandbox.Seed != 0}, progress: &progressBook{h: h},
		cluster: &clusterView{h: h},
	}
	f.picker.progress, f.progress.picker = f.progress, f.picker
	f.author.runner, f.author.picker = f.runner, f.picker
	f.presenter.runner = f.runner
	f.runner.picker, f.runner.cluster = f.picker, f.cluster
	f.all = featureList{f.runner, f.author, f.presenter, f.sharer, f.announcer, f.exporter, f.picker, f.progress, f.cluster}
	return f
}

// featureList is the session's features, with the hooks run over all.
type featureList []feature

// verbs collects the features' stage verbs. A verb two features (or a
// feature and the core) both claim is a mistake TestFeatureVerbsAreUnique
// catches; the first one keeps it.
func (fs featureList) verbs() map[string]func(arg string) {
	out := map[string]func(arg string){}
	for _, f := range fs {
		v, ok := f.(verbAdder)
		if !ok {
			continue
		}
		for verb, run := range v.verbs() {
			if _, taken := out[verb]; !taken {
				out[verb] = run
			}
		}
	}
	return out
}

// afterTick runs the features' tick hooks.
func (fs featureList) afterTick() {
	for _, f := range fs {
		if t, ok := f.(afterTicker); ok {
			t.afterTick()
		}
	}
}

// afterExec runs the features' console hooks.
func (fs featureList) afterExec(cmd string, err error) {
	for _, f := range fs {
		if w, ok := f.(execWatcher); ok {
			w.afterExec(cmd, err)
		}
	}
}

// fillState lets each feature fill its part of st.
func (fs featureList) fillState(st *State) {
	for _, f := range fs {
		if p, ok := f.(statePart); ok {
			p.fillState(st)
		}
	}
}
