package etcd

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"
)

// seqResult is the outcome of one random sequence.
type seqResult struct {
	Seed  int64
	Ops   []Op
	Items int    // watch items (events, progress, cancels) compared
	Seen  tally  // what the agreed results contained, for the summary
	Diff  string // first difference; "" when both agreed on everything
}

// runSequence runs nOps random ops of one seed against a fresh simulated
// server and the shared real etcd, comparing after every op: first the
// op's own result, then what each watch received. The simulation goes
// first; its watch item counts tell the real side how much to wait for.
// The last op is a RequestProgress when watches are open: its answer comes
// after every earlier event on the stream, so nothing is left in flight.
func runSequence(ctx context.Context, emb *Embedded, seed int64, nOps int) (seqResult, error) {
	return runSequenceWith(ctx, emb, seed, nOps, func(s *simTarget) target { return s })
}

// runSequenceWith lets a test wrap the simulated target (to plant a fault
// and check that the harness reports it).
func runSequenceWith(ctx context.Context, emb *Embedded, seed int64, nOps int,
	wrap func(*simTarget) target) (res seqResult, err error) {
	res.Seed = seed
	simState, err := newSimTarget(seed)
	if err != nil {
		return res, err
	}
	defer simState.Close()
	sim := wrap(simState)
	real, err := newRealTarget(ctx, emb, seed)
	if err != nil {
		return res, err
	}
	defer real.Close()
	defer func() {
		if p := recover(); p != nil {
			res.Diff = fmt.Sprintf("op %d: panic: %v\n%s", len(res.Ops)-1, p, debug.Stack())
		}
	}()
	g := newGenerator(seed, seqPrefix(seed))
	for i := 0; i < nOps && res.Diff == ""; i++ {
		g.rev, g.compct, g.open = simState.srv.Rev(), simState.srv.CompactRev(), sim.Open()
		op := g.next()
		if i == nOps-1 && len(g.open) > 0 {
			op = Op{Kind: opProgress}
		}
		res.Ops = append(res.Ops, op)
		if *flagSeed >= 0 {
			// One sequence under study: print each op before it runs, so the
			// list survives even if etcd kills the process (its Fatal exits).
			fmt.Fprintf(os.Stderr, "  %3d: %s\n", i, op)
		}
		before := simState.srv.Rev()
		res.Diff = compareStep(sim, real, op, i, &res, g.leaseID)
		if op.Kind == opKV && op.Req.Txn != nil && simState.srv.Rev() > before && deletesAndPuts(op.Req.Txn) {
			g.hazard[simState.srv.Rev()] = true
		}
	}
	return res, nil
}

// compareStep runs op on both targets and describes the first difference.
func compareStep(sim, real target, op Op, i int, res *seqResult, leaseID func(int64) int64) string {
	want, got := step(real, op, leaseID), step(sim, op, leaseID)
	if want != got {
		return fmt.Sprintf("op %d (%s): result differs\n  etcd: %s\n  sim:  %s", i, op, want, got)
	}
	res.Seen.result(want)
	if op.Kind == opLease {
		res.Seen.add(strings.Fields(op.Lease.String())[0]+" "+strings.Fields(op.Lease.String())[1], 1)
	}
	simItems := sim.Collect(nil)
	counts := make([]int, len(simItems))
	for n, its := range simItems {
		counts[n] = len(its)
	}
	realItems := real.Collect(counts)
	for n := 0; n < max(len(simItems), len(realItems)); n++ {
		a, b := itemsAt(realItems, n), itemsAt(simItems, n)
		if d := firstItemDiff(a, b); d != "" {
			return fmt.Sprintf("op %d (%s): watch#%d differs: %s\n  etcd: %s\n  sim:  %s",
				i, op, n, d, itemsString(a), itemsString(b))
		}
		res.Items += len(a)
		res.Seen.items(a)
	}
	return ""
}

func itemsAt(items [][]watchItem, n int) []watchItem {
	if n < len(items) {
		return items[n]
	}
	return nil
}

func firstItemDiff(want, got []watchItem) string {
	for k := 0; k < max(len(want), len(got)); k++ {
		switch {
		case k >= len(want):
			return fmt.Sprintf("item %d: etcd has none, sim has %s", k, got[k])
		case k >= len(got):
			return fmt.Sprintf("item %d: etcd has %s, sim has none", k, want[k])
		case want[k].String() != got[k].String():
			return fmt.Sprintf("item %d: etcd %s, sim %s", k, want[k], got[k])
		}
	}
	return ""
}

// report is the reproducible description of a diverging sequence.
func (r seqResult) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d diverged (reproduce: cd conformance && go test ./etcd -run TestRandomSequences -seed %d -v)\n",
		r.Seed, r.Seed)
	for i, op := range r.Ops {
		fmt.Fprintf(&b, "  %3d: %s\n", i, op)
	}
	fmt.Fprintf(&b, "first difference: %s", r.Diff)
	return b.String()
}

func sortBySeed(rs []seqResult) []seqResult {
	slices.SortFunc(rs, func(a, b seqResult) int { return cmp.Compare(a.Seed, b.Seed) })
	return rs
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
