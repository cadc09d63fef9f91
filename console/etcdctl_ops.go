package console

import (
	"errors"
	"fmt"
)

// etcdDefrag is `etcdctl defrag`: the member rewrites its data file so the
// file shrinks to the bytes in use. etcdctl 3.6 prints
//
//	Finished defragmenting etcd member[127.0.0.1:2379]. took 0s
//
// The simulated rewrite takes no virtual time (a real one blocks the
// member for seconds per GiB), so it says 0s.
func (sh *Shell) etcdDefrag(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"cluster"}, []string{"data-dir"}))
	if err != nil {
		return "", err
	}
	if len(p.Args) > 0 {
		return "", fmt.Errorf("defrag takes no arguments, got %q", p.Args[0])
	}
	sh.etcd().Defragment()
	return fmt.Sprintf("Finished defragmenting etcd member[%s]. took 0s\n", endpoint), nil
}

// etcdAlarm is `etcdctl alarm list` and `etcdctl alarm disarm`. Both print
// the alarms in protobuf's text form, one a line, as etcdctl's simple
// printer does (%+v of an AlarmMember):
//
//	memberID:10276657743932975437 alarm:NOSPACE
//
// disarm prints the alarms it cleared. Writes keep failing while the data
// file is still over the quota: compact and defragment first.
func (sh *Shell) etcdAlarm(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec(nil, nil))
	if err != nil {
		return "", err
	}
	if len(p.Args) != 1 || (p.Args[0] != "list" && p.Args[0] != "disarm") {
		return "", errors.New(`alarm needs a subcommand: list or disarm`)
	}
	e := sh.etcd()
	out := ""
	if e.Alarmed() {
		out = e.NoSpaceAlarm() + "\n"
	}
	if p.Args[0] == "disarm" {
		e.AlarmDisarm()
	}
	return out, nil
}
