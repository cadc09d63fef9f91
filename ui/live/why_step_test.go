package live

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"watchscope/engine"
)

// checkStepWhy is the why? test of TestEveryStepLaysOutWithoutCollisions
// (it plays every lesson already): at a step whose key answer is a trace
// event, "why?" must read as 2-4 plain lines, root first, ending with
// that answer, through the request that got it (and what sent it: a
// command, a reflector's decision), with a too-old 410's cache fact in
// between. Lessons whose answers are printed by commands (etcdctl) have
// no such event. It counts the steps it checked per lesson in tested.
func checkStepWhy(t *testing.T, s *Session, id string, tested map[string]int) {
	t.Helper()
	co := s.snap.Cast.Callout
	if res := s.lesson.shownResult(); co == nil && res != nil {
		checkQuietWhy(t, s, id, res.Events, tested)
	}
	if s.lesson.pending || co == nil || co.Event == 0 {
		return
	}
	where := id + " step " + strconv.Itoa(s.lesson.r.Next())
	s.Send("why")
	s.Tick(time.Second / 60)
	defer func() {
		s.Send("close")
		s.Tick(time.Second / 60)
	}()
	lines := s.chrome.Why
	tested[id]++
	if len(lines) < 2 || len(lines) > 4 {
		t.Errorf("%s: why? has %d lines: %q", where, len(lines), lines)
		return
	}
	last := lines[len(lines)-1]
	if code, _, _ := strings.Cut(co.Text, " "); !strings.Contains(last, code) && !strings.Contains(last, "killed") {
		t.Errorf("%s: why? ends with %q, not the key answer %q", where, last, co.Text)
	}
	if j := strings.Join(lines, "\n"); strings.Contains(co.Text, "too old resource version") &&
		!strings.Contains(j, "oldest event was") && !strings.Contains(j, "cache started over at RV") {
		t.Errorf("%s: a 410's why? lacks the cache's window (its oldest event, or where it started over): %q", where, lines)
	}
	if !strings.Contains(co.Text, "OOMKilled") && !requestLink(lines) {
		t.Errorf("%s: why? does not go through the request that got the answer: %q", where, lines)
	}
}

// requestLink: the request is the link right before the answer (or
// before the 410's cache fact).
func requestLink(lines []string) bool {
	for _, l := range lines[max(0, len(lines)-3) : len(lines)-1] {
		if strings.Contains(l, " sent ") && strings.Contains(l, "(request #") {
			return true
		}
	}
	return false
}

// checkQuietWhy: at a step without a callout whose commands caused
// something (a write, an answer, a fault), why? reads 2-4 plain lines,
// the last one that key event (stepKey) in words.
func checkQuietWhy(t *testing.T, s *Session, id string, evs []engine.TraceEvent, tested map[string]int) {
	t.Helper()
	key, ok := stepKey(evs)
	if !ok {
		return
	}
	where := id + " step " + strconv.Itoa(s.lesson.r.Next())
	s.Send("why")
	s.Tick(time.Second / 60)
	lines := s.chrome.Why
	s.Send("close")
	s.Tick(time.Second / 60)
	tested[id]++
	if len(lines) < 2 || len(lines) > 4 || strings.Contains(strings.Join(lines, "\n"), "<-") {
		t.Errorf("%s: why? of %s is not 2-4 plain lines: %q", where, key, lines)
		return
	}
	if last := lines[len(lines)-1]; last != plainLink(key) {
		t.Errorf("%s: why? ends with %q, not the step's key event %q", where, last, plainLink(key))
	}
}
