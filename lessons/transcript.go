package lessons

import (
	"fmt"
	"io"
	"strings"

	"watchscope/engine"
)

// TranscriptOptions choose how much of a run a transcript shows.
type TranscriptOptions struct {
	// TraceLines bounds the trace excerpt per step (0 = no trace).
	TraceLines int
	// Outputs includes each action's console output.
	Outputs bool
}

// WriteTranscript prints a played lesson as text: header, then per step
// its narration, question, actions (with outputs), a trace excerpt and
// every check's verdict with the values it saw. `go run . play` prints
// this, and the golden files under testdata are this text.
func WriteTranscript(w io.Writer, rep *Report, o TranscriptOptions) {
	l := rep.Lesson
	fmt.Fprintf(w, "# %s: %s (%d min, Kubernetes %s, etcd %s, seed %d)\n", l.ID, l.Title, l.Minutes, l.Kubernetes, l.Etcd, rep.Seed)
	if len(l.Flags) > 0 {
		fmt.Fprintf(w, "flags: %s\n", joinFlags(l.Flags))
	}
	if len(l.Metrics) > 0 {
		fmt.Fprintf(w, "metrics: %s\n", strings.Join(l.Metrics, ", "))
	}
	if l.Intro != "" {
		fmt.Fprintf(w, "\n%s\n", l.Intro)
	}
	for i := range rep.Steps {
		writeStep(w, &rep.Steps[i], len(rep.Steps), o)
	}
	passed, failed := rep.Counts()
	fmt.Fprintf(w, "\n%s: %d passed, %d failed\n", l.ID, passed, failed)
}

func joinFlags(fs []Flag) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	return strings.Join(parts, ", ")
}

func writeStep(w io.Writer, r *StepResult, total int, o TranscriptOptions) {
	s := r.Step
	fmt.Fprintf(w, "\n## Step %d/%d: %s  [%s]\n", r.Index+1, total, s.Title, engine.FormatTime(r.Start))
	if s.Cue != "" {
		fmt.Fprintf(w, "(cue: %s)\n", s.Cue)
	}
	fmt.Fprintf(w, "%s\n", s.Narration)
	if len(s.Highlights) > 0 {
		fmt.Fprintf(w, "highlight: %s\n", joinTargets(s.Highlights))
	}
	if s.Ask != nil {
		writeAsk(w, s.Ask)
	}
	for _, a := range r.Actions {
		fmt.Fprintf(w, "$ %s\n", a.Command)
		if o.Outputs && a.Output != "" {
			fmt.Fprint(w, indent(a.Output, "  "))
		}
	}
	writeTrace(w, r.Events, o.TraceLines)
	for _, c := range r.allChecks() {
		writeCheck(w, c)
	}
}

func joinTargets(ts []Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, ", ")
}

func writeAsk(w io.Writer, a *Ask) {
	fmt.Fprintf(w, "? %s\n", a.Question)
	for i, c := range a.Choices {
		mark := " "
		if i == a.Right {
			mark = "x"
		}
		fmt.Fprintf(w, "  [%s] %s\n", mark, c)
	}
	fmt.Fprintf(w, "  why: %s\n", a.Why)
}

// writeTrace prints up to n of the step's trace events (the newest when
// there are more, with a note of how many were skipped).
func writeTrace(w io.Writer, evs []engine.TraceEvent, n int) {
	if n <= 0 || len(evs) == 0 {
		return
	}
	if len(evs) > n {
		fmt.Fprintf(w, "  trace: ... %d earlier events\n", len(evs)-n)
		evs = evs[len(evs)-n:]
	}
	for _, ev := range evs {
		fmt.Fprintf(w, "  trace: %s\n", ev)
	}
}

func writeCheck(w io.Writer, c CheckResult) {
	verdict := "PASS"
	if !c.Pass {
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "%s line %d: %s\n", verdict, c.Line, c.Text)
	if c.Claim != "" {
		fmt.Fprintf(w, "     claim: %s\n", c.Claim)
	}
	if len(c.Saw) > 0 {
		fmt.Fprintf(w, "     saw: %s\n", c.SawText())
	}
	if c.Problem != "" {
		fmt.Fprintf(w, "     why: %s\n", c.Problem)
	}
}

func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(prefix + l)
		}
	}
	if !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}
