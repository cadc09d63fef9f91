package live

import (
	"time"

	"watchscope/console"
	"watchscope/engine"
	"watchscope/mvcc"
	"watchscope/ui/view"
)

// etcdSim is the real simulated world behind the stage: an engine world
// with its etcd member, driven through the console shell.
type etcdSim struct {
	w  *engine.World
	sh *console.Shell
	// frame paces RunFrame (the zero value is a fresh pace).
	frame framePace
}

// NewWorld builds an etcd-only world from a seed.
func NewWorld(seed uint64) (Sim, error) { return NewWorldConfig(engine.Config{Seed: seed}) }

// NewWorldConfig builds a world from a full engine configuration (API
// servers, a generated cluster).
func NewWorldConfig(cfg engine.Config) (Sim, error) {
	w, sh, err := console.NewWorld(cfg)
	if err != nil {
		return nil, err
	}
	return &etcdSim{w: w, sh: sh}, nil
}

// shellSim wraps an existing world and shell (a lesson runner's).
func shellSim(sh *console.Shell) Sim { return &etcdSim{w: sh.World(), sh: sh} }

// World is the engine world.
func (e *etcdSim) World() *engine.World { return e.w }

func (e *etcdSim) Exec(line string) (string, error) { return e.sh.Exec(line) }
func (e *etcdSim) RunUntil(t time.Duration)         { e.w.RunUntil(t) }
func (e *etcdSim) RunFrame(t, budget time.Duration) bool {
	return e.frame.run(e.w, t, budget)
}
func (e *etcdSim) Now() time.Duration { return e.w.Now() }

// Revs reports etcd's revisions; "never compacted" (etcd's internal -1)
// is 0 on the stage and in state().
func (e *etcdSim) Revs() (int64, int64) {
	return e.w.Etcd.Rev(), max(0, e.w.Etcd.CompactRev())
}

func (e *etcdSim) History(from int64, max int) []view.Record {
	hs := e.w.Etcd.History(from, max)
	out := make([]view.Record, len(hs))
	for i, h := range hs {
		out[i] = view.Record{
			Main: h.Rev.Main, Sub: h.Rev.Sub, Key: string(h.Kv.Key),
			Version: h.Kv.Version, Tombstone: h.Tombstone,
		}
	}
	return out
}

// keysScan bounds how many keys one refresh reads from the index.
const keysScan = 4096

func (e *etcdSim) Keys(max int) ([]view.KeyIndex, int, int) {
	all := e.w.Etcd.KeyIndexes(nil, keysScan)
	live := 0
	var out []view.KeyIndex
	for _, ki := range all {
		k := keyIndex(ki)
		if k.Live() {
			live++
		}
		if len(out) < max {
			out = append(out, k)
		}
	}
	return out, len(all), live
}

func keyIndex(ki mvcc.KeyIndexView) view.KeyIndex {
	k := view.KeyIndex{Key: string(ki.Key)}
	for _, g := range ki.Generations {
		vg := view.Generation{Created: g.Created.Main, Ver: g.Ver}
		for _, r := range g.Revs {
			vg.Revs = append(vg.Revs, r.Main)
		}
		k.Generations = append(k.Generations, vg)
	}
	return k
}
