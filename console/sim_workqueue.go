package console

import (
	"errors"
	"fmt"
	"strings"

	"watchscope/workqueue"
)

func init() {
	registerSim(map[string]simVerb{
		"workqueue": (*Shell).simWorkqueue,
		"work-cost": (*Shell).simWorkCost,
	})
}

// simWorkqueue prints a client's controller workqueue (sim informer
// --workqueue) in etcdctl's `-w fields` layout, for `field NAME`:
//
//	sim workqueue CLIENT
//
//	"Client" : "app"
//	"Queue" : "app"          the queue's name, its metrics' name label
//	"Depth" : 3              keys queued now (Len)
//	"Processing" : 1         keys a worker holds
//	"Waiting" : 0            keys waiting out a rate-limit delay
//	"Adds" : 12              Adds that queued a key (a key already queued is not added twice)
//	"Reconciles" : 9         keys the workers took
//	"Retries" : 0            rate-limited re-adds
//	"Workers" : 1
func (sh *Shell) simWorkqueue(args []string) (string, error) {
	ctrl, err := sh.controller(args, "usage: sim workqueue CLIENT")
	if err != nil {
		return "", err
	}
	st := ctrl.Queue.Stats()
	var b strings.Builder
	fmt.Fprintf(&b, "%q : %q\n%q : %q\n", "Client", args[0], "Queue", st.Name)
	for _, f := range []struct {
		name string
		v    int
	}{{"Depth", st.Depth}, {"Processing", st.Processing}, {"Waiting", st.Waiting}, {"Adds", st.Adds},
		{"Reconciles", ctrl.Reconciles}, {"Retries", st.Retries}, {"Workers", ctrl.Workers()}} {
		fmt.Fprintf(&b, "%q : %d\n", f.name, f.v)
	}
	return b.String(), nil
}

// simWorkCost changes how long a client's controller takes per key:
//
//	sim work-cost CLIENT DURATION
func (sh *Shell) simWorkCost(args []string) (string, error) {
	if len(args) != 2 {
		return "", errors.New("usage: sim work-cost CLIENT DURATION (e.g. app 50ms)")
	}
	ctrl, err := sh.controller(args[:1], "usage: sim work-cost CLIENT DURATION")
	if err != nil {
		return "", err
	}
	d, err := parseDuration(args[1])
	if err != nil {
		return "", err
	}
	ctrl.SetCost(d)
	return fmt.Sprintf("%s's workers now take %s a key\n", args[0], d), nil
}

// controller finds the one controller of the client args[0].
func (sh *Shell) controller(args []string, usage string) (*workqueue.Controller, error) {
	if len(args) != 1 {
		return nil, errors.New(usage)
	}
	c, ok := sh.w.Client(args[0])
	if !ok {
		return nil, fmt.Errorf("no client %q (sim informers lists them)", args[0])
	}
	ctrls := c.Controllers()
	if len(ctrls) == 0 {
		return nil, fmt.Errorf("%s has no workqueue (start it with: sim informer %s RESOURCE --workqueue)", args[0], args[0])
	}
	return ctrls[0], nil
}
