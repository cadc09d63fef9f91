package console

import (
	"errors"
	"fmt"
	"strconv"

	"watchscope/engine"
	"watchscope/mvcc"
)

func init() {
	registerSim(map[string]simVerb{
		"etcd-watchers": (*Shell).simEtcdWatchers,
	})
}

// simEtcdWatchers opens N watches straight on etcd, each on its own gRPC
// watch stream, as N clients would if Kubernetes had no watch cache:
//
//	sim etcd-watchers N PREFIX          (N from 1 to 10000)
//
// They read everything they receive without printing it (N terminals
// would drown the console); every response etcd queues for one of them
// is traced as WATCH-RESP, so a lesson can count etcd's sends per write.
func (sh *Shell) simEtcdWatchers(args []string) (string, error) {
	if len(args) != 2 {
		return "", errors.New("usage: sim etcd-watchers N PREFIX (e.g. 100 /registry/pods/)")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > 10000 {
		return "", fmt.Errorf("invalid count %q: from 1 to 10000", args[0])
	}
	prefix := []byte(args[1])
	for range n {
		ws := sh.etcd().NewWatchStream()
		ws.SetOwner("etcd-clients")
		id := sh.watchCount
		sh.watchCount++
		ws.SetNotify(func() { sh.record(engine.KindWatchResp, fmt.Sprintf("watch#%d queued=%d", id, ws.Len()), 0) })
		if _, err := ws.Watch(mvcc.WatchCreateRequest{Key: prefix, RangeEnd: mvcc.PrefixEnd(prefix), WatchID: mvcc.AutoWatchID}); err != nil {
			ws.Close()
			return "", err
		}
		sh.watches = append(sh.watches, quietWatch{ws})
	}
	return fmt.Sprintf("%d clients watch %s on etcd directly\n", n, args[1]), nil
}

// quietWatch is an etcd watch that consumes its responses silently.
type quietWatch struct{ ws *mvcc.WatchStream }

func (q quietWatch) drain() (string, bool) {
	for {
		if _, ok := q.ws.Recv(); !ok {
			return "", false
		}
	}
}
