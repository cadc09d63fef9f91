package etcd

import (
	"context"
	"flag"
	"sync"
	"testing"
	"time"
)

var (
	flagSeed      = flag.Int64("seed", -1, "run only the random sequence with this seed, printing its ops")
	flagSequences = flag.Int("sequences", 1000, "number of random sequences (100 with -short)")
	flagFirstSeed = flag.Int64("firstseed", 1, "seed of the first random sequence")
	flagOps       = flag.Int("ops", 30, "ops per random sequence")
	flagWorkers   = flag.Int("workers", 8, "embedded etcd servers running sequences side by side")
)

// maxReports bounds how many diverging sequences are printed in full.
const maxReports = 3

// TestRandomSequences is the differential test: seeded random op sequences
// run against the real etcd and against watchscope/mvcc, and every result
// and watch item must be identical.
//
// Each worker owns one embedded etcd and runs its seeds in increasing
// order; sequences on one etcd are told apart by key prefix and revision
// offset (see revMap), which is much cheaper than a restart per sequence.
func TestRandomSequences(t *testing.T) {
	seeds := randomSeeds(testing.Short())
	workers := max(1, min(*flagWorkers, len(seeds)))
	start := time.Now()
	results := runSeeds(t, seeds, workers)

	ops, items, failed := 0, 0, 0
	seen := tally{}
	for _, r := range results {
		seen.merge(r.Seen)
		ops += len(r.Ops)
		items += r.Items
		if r.Diff == "" {
			continue
		}
		failed++
		if failed <= maxReports || *flagSeed >= 0 {
			t.Errorf("%s", r.report())
		} else {
			t.Errorf("seed %d also diverged: %s", r.Seed, firstLine(r.Diff))
		}
	}
	if *flagSeed >= 0 && failed == 0 && len(results) == 1 {
		t.Logf("seed %d ops:\n%s", *flagSeed, results[0].report())
	}
	t.Logf("summary: %d sequences (%d diverged), %d ops, %d watch items compared, %d workers, %s; agreed on:%s",
		len(results), failed, ops, items, workers, time.Since(start).Round(time.Millisecond), seen)
}

func randomSeeds(short bool) []int64 {
	if *flagSeed >= 0 {
		return []int64{*flagSeed}
	}
	n := *flagSequences
	if short {
		n = min(n, 100)
	}
	seeds := make([]int64, n)
	for i := range seeds {
		seeds[i] = *flagFirstSeed + int64(i)
	}
	return seeds
}

// runSeeds hands the seeds, in order, to workers that each own an etcd.
// A worker takes its seeds in increasing order, which keeps every
// sequence's key prefix above those of the sequences before it.
func runSeeds(t *testing.T, seeds []int64, workers int) []seqResult {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	next := make(chan int64)
	results := make([]seqResult, 0, len(seeds))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		emb, err := StartEmbedded(t.TempDir())
		if err != nil {
			t.Fatalf("start embedded etcd: %v", err)
		}
		defer emb.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range next {
				r, err := runSequence(ctx, emb, seed, *flagOps)
				if err != nil {
					r.Diff = "setup error: " + err.Error()
				}
				mu.Lock()
				results = append(results, r)
				mu.Unlock()
			}
		}()
	}
	for _, s := range seeds {
		next <- s
	}
	close(next)
	wg.Wait()
	return sortBySeed(results)
}
