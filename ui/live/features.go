package live

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
// newFeatures makes them, one line each: a new feature (or an overlay
// with state of its own) is its own file plus one line there. Their
// order never matters: no two features share state, and the one line at
// the top of the stage is written through its owner (message.go).
type feature any

type (
	verbAdder interface {
		verbs() map[string]func(arg string)
	}
	afterTicker interface{ afterTick() }
	execWatcher interface{ afterExec(cmd string, err error) }
	statePart   interface{ fillState(st *State) }
)

// newFeatures is the list of the stage's features.
func newFeatures(s *Session) featureList {
	return featureList{
		&lessonRunner{s: s}, // lesson_runner.go: open, step and answer lessons
		&author{s: s},       // author.go: lesson files opened from disk
		&presenter{s: s},    // present.go: presenter mode and cue points
		&sharer{s: s},       // share.go: the link of the moment
		&announcer{s: s},    // announce.go: the screen reader's feed
		&exporter{s: s},     // export.go: the GIF recording and its progress
		&lessonPicker{s: s}, // picker.go: the lesson picker overlay
		&progressBook{s: s}, // progress.go: the learner's progress kept in this browser
		&clusterView{s: s},  // cluster.go: a recording of a real cluster ("your cluster")
	}
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

// featureOf is the session's feature of type T (the zero T if it has none).
func featureOf[T feature](s *Session) T {
	for _, f := range s.features {
		if t, ok := f.(T); ok {
			return t
		}
	}
	var zero T
	return zero
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
