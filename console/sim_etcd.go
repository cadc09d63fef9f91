package console

import (
	"errors"
	"fmt"
)

// sim etcd-watch-latency: a slow path from etcd to the API servers'
// watch caches. Writes and quorum reads still reach etcd at once, so for
// the latency the caches are behind etcd: what a stale read looks like.

func init() {
	registerSim(map[string]simVerb{
		"etcd-watch-latency": (*Shell).simEtcdWatchLatency,
	})
}

func (sh *Shell) simEtcdWatchLatency(args []string) (string, error) {
	if len(args) != 1 && len(args) != 2 {
		return "", errors.New("usage: sim etcd-watch-latency DURATION [REPLICA] (e.g. 2s; 0s ends it)")
	}
	d, err := parseDuration(args[0])
	if err != nil {
		return "", err
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	if len(args) == 2 {
		if err := sh.w.SetReplicaEtcdWatchLatency(args[1], d); err != nil {
			return "", err
		}
		return fmt.Sprintf("etcd watch responses now reach %s's caches %s late\n", args[1], d), nil
	}
	if err := sh.w.SetEtcdWatchLatency(d); err != nil {
		return "", err
	}
	if d == 0 {
		return "etcd watch responses reach the API servers' caches at once again\n", nil
	}
	return fmt.Sprintf("etcd watch responses now reach the API servers' caches %s late\n", d), nil
}
