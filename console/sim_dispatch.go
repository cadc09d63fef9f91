package console

import (
	"fmt"
	"strings"
)

func init() {
	registerSim(map[string]simVerb{
		"dispatch": (*Shell).simDispatch,
	})
}

// simDispatch prints what one watch cache's dispatcher has done, in
// etcdctl's `-w fields` layout so lessons can read each number:
//
//	sim dispatch RESOURCE [apiserver-N]
//
//	"Resource" : "pods"
//	"Watchers" : 1006            client watches on the cache
//	"IndexedWatchers" : 1000     found by the trigger index (spec.nodeName=X)
//	"Events" : 4200              events dispatched
//	"Offers" : 8400              watchers those events were offered to
//	"BlockedEvents" : 3          events that found a watcher's buffer full
//	"BlockedWatchers" : 3        full buffers met (the blockedWatchers list)
//	"WaitedMs" : 150             time the dispatcher stood blocked, in all
//	"LongestWaitMs" : 100        its longest wait (at most the 100 ms budget)
//	"BudgetMs" : 12              the budget it could wait now (+50 ms/s)
//	"Terminated" : 3             watchers closed for unresponsiveness
//
// The counts run from the cache's start; no real metric has them (the
// real ones are apiserver_terminated_watchers_total and
// apiserver_watch_cache_events_dispatched_total).
func (sh *Shell) simDispatch(args []string) (string, error) {
	c, res, err := sh.cacheArg("dispatch", args)
	if err != nil {
		return "", err
	}
	st := c.DispatchStats()
	var b strings.Builder
	fmt.Fprintf(&b, "%q : %q\n", "Resource", res)
	writeIntFields(&b, []intField{
		{"Watchers", int64(c.WatcherCount())},
		{"IndexedWatchers", int64(c.IndexedWatcherCount())},
		{"Events", st.Events},
		{"Offers", st.Offers},
		{"BlockedEvents", st.BlockedEvents},
		{"BlockedWatchers", st.BlockedWatchers},
		{"WaitedMs", st.Waited.Milliseconds()},
		{"LongestWaitMs", st.LongestWait.Milliseconds()},
		{"BudgetMs", c.DispatchBudget(sh.w.Now()).Milliseconds()},
		{"Terminated", c.Metrics().TerminatedWatchersTotal},
	})
	return b.String(), nil
}
