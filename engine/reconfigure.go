package engine

import (
	"watchscope/apiserver"
)

// ReconfigureAPIServers changes the flags of every API server replica,
// one after another, as an operator rolling a new static pod manifest
// would: each replica restarts with the new configuration (its watches
// end, its caches re-initialize). change receives a copy of a replica's
// current configuration and edits it; what describes the change goes in
// the trace.
func (w *World) ReconfigureAPIServers(what string, change func(*apiserver.Config)) error {
	for _, rep := range w.api.replicas {
		cfg := rep.srv.Config()
		change(&cfg)
		w.recordFault(rep.node, "reconfigure "+rep.node+": "+what)
		if err := rep.srv.Reconfigure(w.now, cfg); err != nil {
			return err
		}
		rep.deliver()
	}
	return nil
}
