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
		"etcd-watch-stall":   (*Shell).simEtcdWatchStall,
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

// simEtcdWatchStall stops one replica's caches reading their etcd
// watches for a while: a starved API server process. etcd queues 128
// responses, then holds the watches back as slow; a compaction past them
// meanwhile cancels them when reading resumes.
//
//	sim etcd-watch-stall DURATION REPLICA
func (sh *Shell) simEtcdWatchStall(args []string) (string, error) {
	if len(args) != 2 {
		return "", errors.New("usage: sim etcd-watch-stall DURATION REPLICA (e.g. 10m apiserver-0; 0s ends it)")
	}
	d, err := parseDuration(args[0])
	if err != nil {
		return "", err
	}
	if err := sh.w.StallEtcdWatches(args[1], d); err != nil {
		return "", err
	}
	if d == 0 {
		return fmt.Sprintf("%s's caches read their etcd watches again\n", args[1]), nil
	}
	return fmt.Sprintf("%s's caches stop reading their etcd watches for %s\n", args[1], d), nil
}
