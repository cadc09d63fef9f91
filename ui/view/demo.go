package view

import (
	"fmt"
	"time"
)

// Demo is a looping script of console commands played on virtual-time
// cues: a few Kubernetes-shaped keys being created, updated, deleted and
// re-created, a node lease renewed all the time (the busiest key in a
// real cluster), and a compaction every so often, as the API server's
// compactor does every five minutes. It drives the stage when no lesson
// does.
type Demo struct {
	Cues   []Cue
	Period time.Duration // the script repeats after Period
	next   int64         // index of the next cue, counting across loops
}

// Cue is one step of the script, due At after the start of a loop. If
// CompactBehind > 0 the step is "etcdctl compact N" with N the current
// revision minus CompactBehind, decided when the cue fires.
type Cue struct {
	At            time.Duration
	Cmd           string
	CompactBehind int64
}

// Command is the console line for the cue given the current revisions, or
// "" when there is nothing to do (compaction would not move forward).
func (c Cue) Command(rev, compactRev int64) string {
	if c.CompactBehind <= 0 {
		return c.Cmd
	}
	n := rev - c.CompactBehind
	if n <= compactRev || n < 1 {
		return ""
	}
	return fmt.Sprintf("etcdctl compact %d", n)
}

// Due returns the cues whose time has come by now, at most max of them,
// and advances past them. After a long jump (max reached) the skipped cues
// are dropped: the demo resumes on its beat rather than replaying a burst.
func (d *Demo) Due(now time.Duration, max int) []Cue {
	if len(d.Cues) == 0 || d.Period <= 0 {
		return nil
	}
	var out []Cue
	for d.at(d.next) <= now {
		if len(out) < max {
			out = append(out, d.Cues[d.next%int64(len(d.Cues))])
		}
		d.next++
	}
	return out
}

// at is the virtual time of the i-th cue counting across loops.
func (d *Demo) at(i int64) time.Duration {
	n := int64(len(d.Cues))
	return time.Duration(i/n)*d.Period + d.Cues[i%n].At
}

// DefaultDemo is the stage's idle script: one change a second.
func DefaultDemo() *Demo {
	const (
		web0  = "/registry/pods/default/web-0"
		web1  = "/registry/pods/default/web-1"
		web2  = "/registry/pods/default/web-2"
		cfg   = "/registry/configmaps/default/app-config"
		lease = "/registry/leases/kube-node-lease/node-1"
	)
	steps := []Cue{
		{Cmd: "etcdctl put " + web0 + " Pending"},
		{Cmd: "etcdctl put " + lease + " renew"},
		{Cmd: "etcdctl put " + web1 + " Pending"},
		{Cmd: "etcdctl put " + cfg + " replicas=3"},
		{Cmd: "etcdctl put " + web0 + " Running"},
		{Cmd: "etcdctl put " + lease + " renew"},
		{Cmd: "etcdctl put " + web2 + " Pending"},
		{Cmd: "etcdctl del " + web1},
		{Cmd: "etcdctl put " + web1 + " Pending"},
		{Cmd: "etcdctl put " + lease + " renew"},
		{Cmd: "etcdctl put " + web2 + " Running"},
		{CompactBehind: 6},
		{Cmd: "etcdctl put " + cfg + " replicas=2"},
		{Cmd: "etcdctl del " + web2},
		{Cmd: "etcdctl put " + lease + " renew"},
		{Cmd: "etcdctl put " + web1 + " Running"},
		{Cmd: "etcdctl del " + web0},
		{Cmd: "etcdctl put " + lease + " renew"},
		{Cmd: "etcdctl put " + web2 + " Pending"},
		{CompactBehind: 5},
	}
	const beat = time.Second
	for i := range steps {
		steps[i].At = time.Duration(i+1) * beat
	}
	return &Demo{Cues: steps, Period: time.Duration(len(steps)) * beat}
}
