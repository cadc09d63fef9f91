package live

import "watchscope/ui/view"

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
// A feature that only talks to the stage (the picker, the progress book,
// the author, the "your cluster" page) is given a Host, not the
// *Session; the lesson runner, the presenter, the sharer, the announcer
// and the exporter still read the session's lesson, clock and snapshot.
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
	h := stageHost{s}
	f := features{
		runner: &lessonRunner{s: s}, author: &author{h: h}, presenter: &presenter{s: s},
		sharer: &sharer{s: s}, announcer: &announcer{s: s}, exporter: &Exporter{s: s},
		picker: &lessonPicker{h: h, freePlay: s.opts.Sandbox.Seed != 0}, progress: &progressBook{h: h},
		cluster: &clusterView{h: h},
	}
	f.picker.progress, f.progress.picker = f.progress, f.picker
	f.author.runner, f.author.picker = f.runner, f.picker
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
