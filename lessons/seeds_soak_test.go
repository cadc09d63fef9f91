package lessons

import (
	"bytes"
	"flag"
	"testing"
)

var soakSeeds = flag.Int("seeds", 0, "play every built-in lesson on seeds 1..N too (make soak: 20)")

// TestLessonsHoldOnSeeds: with -seeds N every built-in lesson must pass
// every check on each seed from 1 to N (issue 17: 1 to 20). It takes
// about four seconds a seed, so it runs in make soak, not make test.
func TestLessonsHoldOnSeeds(t *testing.T) {
	if *soakSeeds <= 0 {
		t.Skip("run with -seeds N")
	}
	for _, l := range mustAll(t) {
		for seed := uint64(1); seed <= uint64(*soakSeeds); seed++ {
			rep, err := Play(l, Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if passed, failed := rep.Counts(); failed > 0 {
				var b bytes.Buffer
				WriteTranscript(&b, rep, TranscriptOptions{})
				t.Errorf("%s seed %d: %d passed, %d failed\n%s", l.ID, seed, passed, failed, failures(b.String()))
			}
		}
	}
}
