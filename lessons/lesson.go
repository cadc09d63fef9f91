package lessons

// Lesson is one parsed lesson file: the header a catalogue shows, the
// versions and knobs it is valid for, and the steps the runner plays.
//
//	---                        header (front matter)
//	id: revisions
//	...
//	---
//	intro paragraph            Intro
//	## First step title        Steps[0]
//	narration ...
//	```do / ```check / ...     blocks of the step
//	## Second step title       Steps[1]
type Lesson struct {
	File       string   // where it was read from ("content/revisions.md" or a path)
	ID         string   // stable id: `go run . play ID`, ?lesson=ID
	Title      string   // as the catalogue and the stage show it
	Minutes    int      // for a live audience
	Kubernetes string   // Kubernetes version the behaviour holds for ("1.36")
	Etcd       string   // etcd version the behaviour holds for ("3.6")
	Seed       uint64   // the world's seed unless the player overrides it (default 1)
	World      []Flag   // simulation settings from the `world:` field (apiservers=1, nodes=50, ...)
	Flags      []Flag   // real flags the lesson touches (some also configure the world)
	Metrics    []string // real metric names the lesson's checks and charts read
	Pace       float64  // the motion's tempo on the stage (header `pace:`; 0 means 1)
	Mastery    int      // header `mastery:`: the percent of questions right that passes on a course platform
	HasMastery bool     // the header gave mastery (else DefaultMastery holds)
	Intro      string   // text between the header and the first step
	Steps      []Step
}

// Flag is one real command-line flag of etcd or kube-apiserver. With a
// value it also configures the lesson's world; without one it only says
// the lesson talks about it (at its default).
type Flag struct {
	Line     int
	Name     string // "--auto-compaction-mode"
	Value    string // "revision", or "" for "mentioned, default value"
	HasValue bool
}

func (f Flag) String() string {
	if f.HasValue {
		return f.Name + "=" + f.Value
	}
	return f.Name
}

// Step is one beat of a lesson: what the presenter says, where the stage
// points, what happens in the world, what the audience is asked, and the
// checks that prove the narration true.
type Step struct {
	Line       int    // line of the "## title" heading
	Title      string // the heading text
	Narration  string // short plain paragraphs, projector-sized
	Highlights []Target
	Actions    []Action
	Ask        *Ask // optional predict-then-reveal question
	Notes      string
	Cue        string           // optional cue point label: the stage pauses here
	Scene      []SceneDirective // actors this step shows or hides on the stage
	Keys       []KeyFilter      // the key events the stage plays slowly (motion block; see motion.go)
	Figure     string           // the figure the stage draws large (highlight figure:KIND), "" for none
	Refs       []Ref            // the lessons the narration points at (lesson:ID), in order
	Checks     []Check
}

// Action is one console command, exactly as `go run . console` takes it.
type Action struct {
	Line    int
	Command string // may hold {name}: a value captured in an earlier step
}

// Ask is a predict-then-reveal question. The stage shows it before the
// step's actions run and reveals the answer after. When Reveal is set,
// the runner also checks that the right choice is what the run produced.
type Ask struct {
	Line     int
	Question string
	Choices  []string
	Right    int    // index into Choices
	Why      string // shown with the answer
	Reveal   *Expr  // optional: a value whose text must equal Choices[Right]
}

// CheckCount is the number of checks in the lesson, reveals included.
func (l *Lesson) CheckCount() int {
	n := 0
	for _, s := range l.Steps {
		n += len(s.Checks)
		if s.Ask != nil && s.Ask.Reveal != nil {
			n++
		}
	}
	return n
}

// DefaultMastery is the mastery score of a lesson whose header names
// none: the share of its questions, in percent, a learner must get right
// for a course platform to record "passed".
const DefaultMastery = 50

// MasteryScore is the lesson's mastery score in percent.
func (l *Lesson) MasteryScore() int {
	if !l.HasMastery {
		return DefaultMastery
	}
	return l.Mastery
}

// Questions counts the lesson's predict-then-reveal questions.
func (l *Lesson) Questions() int {
	n := 0
	for _, s := range l.Steps {
		if s.Ask != nil {
			n++
		}
	}
	return n
}
