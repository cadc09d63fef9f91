package lessons

import (
	"strings"
	"time"

	"watchscope/engine"
)

// StepResult is what playing one step did: the actions' outputs, the
// trace events it produced, and each check's verdict with the values it
// saw. The UI draws from it; the CLI prints it.
type StepResult struct {
	Index   int // 0-based
	Step    *Step
	Start   time.Duration // virtual time when the step began
	End     time.Duration
	Actions []ActionResult
	Events  []engine.TraceEvent // the trace events of this step, oldest first
	Checks  []CheckResult
	Reveal  *CheckResult // the ask's reveal, when the step has one
}

// ActionResult is one console command and what the terminal showed.
type ActionResult struct {
	Command string
	Output  string // as the console prints it, error lines included (console.ErrorLine)
}

// CheckResult is one check's verdict. Saw lists the values it read (a
// let records the value it captured), so a failure explains itself.
type CheckResult struct {
	Line    int
	Text    string
	Claim   string
	Pass    bool
	Saw     []Seen
	Problem string // why it failed, in words ("" when it passed)
}

// Seen is one value a check read: what (as written) and its value.
type Seen struct {
	What  string
	Value string
}

func (s Seen) String() string { return s.What + " = " + s.Value }

// SawText is the values a check read, "a = 1, b = 2".
func (c CheckResult) SawText() string {
	parts := make([]string, len(c.Saw))
	for i, s := range c.Saw {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}

// Passed reports whether every check of the step (and its reveal) passed.
func (r *StepResult) Passed() bool {
	for _, c := range r.allChecks() {
		if !c.Pass {
			return false
		}
	}
	return true
}

// allChecks is Checks followed by the reveal, if any.
func (r *StepResult) allChecks() []CheckResult {
	if r.Reveal == nil {
		return r.Checks
	}
	return append(append([]CheckResult{}, r.Checks...), *r.Reveal)
}

// Report is a lesson played to the end.
type Report struct {
	Lesson    *Lesson
	Seed      uint64
	Steps     []StepResult
	TraceHash string // the world's trace hash at the end (determinism)
}

// Counts returns how many checks (reveals included) passed and failed.
func (r *Report) Counts() (passed, failed int) {
	for i := range r.Steps {
		for _, c := range r.Steps[i].allChecks() {
			if c.Pass {
				passed++
			} else {
				failed++
			}
		}
	}
	return passed, failed
}
