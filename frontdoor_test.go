package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The README promises that both front-door commands install what a fresh
// machine lacks: make serve and make test each run scripts/deps.sh (serve
// in its light form) before anything that needs what it installs.
func TestFrontDoorInstallsFirst(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	for _, c := range []struct{ target, deps, next string }{
		{"serve", "bash scripts/deps.sh serve", "web/build.sh"},
		{"test", "bash scripts/deps.sh", "go vet"},
	} {
		out, err := exec.Command("make", "-n", c.target).CombinedOutput()
		if err != nil {
			t.Fatalf("make -n %s: %v\n%s", c.target, err, out)
		}
		lines := strings.Split(string(out), "\n")
		first := func(s string) int {
			for i, l := range lines {
				if strings.Contains(l, s) {
					return i
				}
			}
			return -1
		}
		d, n := first(c.deps), first(c.next)
		if d < 0 || n < 0 || d > n {
			t.Errorf("make -n %s: want %q (line %d) before %q (line %d):\n%s", c.target, c.deps, d, c.next, n, out)
		}
	}
}
