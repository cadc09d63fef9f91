package live

import (
	"strconv"
	"strings"
	"testing"
	"time"
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
	if strings.Contains(co.Text, "too old resource version") && !strings.Contains(strings.Join(lines, "\n"), "oldest event was") {
		t.Errorf("%s: a 410's why? lacks the cache's oldest event: %q", where, lines)
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
