package console

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"watchscope/apiserver"
)

func init() {
	registerSim(map[string]simVerb{
		"feature-gates": (*Shell).simFeatureGates,
	})
}

// featureGates are the kube-apiserver 1.36 gates a lesson may flip, by
// their real names. Gates that 1.36 locks (ConsistentListFromCache is GA)
// are refused with component-base's own message.
var featureGates = map[string]func(c *apiserver.Config, on bool){
	"ListFromCacheSnapshot":     func(c *apiserver.Config, on bool) { c.DisableListFromCacheSnapshot = !on },
	"WatchList":                 func(c *apiserver.Config, on bool) { c.DisableWatchList = !on },
	"SizeBasedListCostEstimate": func(c *apiserver.Config, on bool) { c.DisableSizeBasedListCost = !on },
}

var lockedGates = map[string]bool{"ConsistentListFromCache": true, "BtreeWatchCache": true,
	"ResilientWatchCacheInitialization": true, "WatchBookmark": true,
	// GA and locked in 1.34: the pre-1.34 encoding is `sim set streaming-list-encoding false`.
	"StreamingCollectionEncodingToJSON": true, "StreamingCollectionEncodingToProtobuf": true}

// simFeatureGates restarts every API server with --feature-gates=NAME=BOOL[,...],
// as a changed manifest would:
//
//	sim feature-gates ListFromCacheSnapshot=false
func (sh *Shell) simFeatureGates(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("usage: sim feature-gates NAME=true|false[,NAME=...] (ListFromCacheSnapshot, SizeBasedListCostEstimate, WatchList)")
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	var sets []func(*apiserver.Config)
	for _, kv := range strings.Split(args[0], ",") {
		name, v, ok := strings.Cut(kv, "=")
		on, err := strconv.ParseBool(v)
		if !ok || err != nil {
			return "", fmt.Errorf("invalid value of %s: %s, err: %v", name, v, err)
		}
		if lockedGates[name] {
			return "", fmt.Errorf("cannot set feature gate %s to %v, feature is locked to true", name, on)
		}
		set, known := featureGates[name]
		if !known {
			return "", fmt.Errorf("unrecognized feature gate: %s", name)
		}
		sets = append(sets, func(c *apiserver.Config) { set(c, on) })
	}
	change := func(c *apiserver.Config) {
		for _, set := range sets {
			set(c)
		}
	}
	if err := sh.w.ReconfigureAPIServers("feature-gates="+args[0], change); err != nil {
		return "", err
	}
	return fmt.Sprintf("--feature-gates=%s set; %d API server replica(s) restarted with it\n", args[0], len(sh.w.APIServers)), nil
}
