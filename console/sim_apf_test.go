package console

import (
	"strings"
	"testing"
)

// sim apf prints a level's seats and queue; sim burst fills one flow's
// queues so that the rest is refused, and the level counts the 429s;
// sim list names the level and the seats it was charged.
func TestSimAPFAndBurst(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "sim load pods 500 2s --objects 1000 --size 6Ki", "sim advance 3s")
	out := run(t, sh, "sim list pods --as controller-a --chunk-size 0 --resource-version 0")
	if field(t, out, "PriorityLevel") != "workload-low" || field(t, out, "Seats") != "10" {
		t.Errorf("a 6 MB list from the cache as a service account:\n%s", out)
	}
	out = run(t, sh, "sim burst 400 pods --as controller-noisy --resource-version 0", "sim advance 2ms", "sim apf workload-low")
	if field(t, out, "NominalSeats") != "245" || field(t, out, "MaxSeatsPerRequest") != "37" || field(t, out, "Waiting") != "300" {
		t.Errorf("after the burst:\n%s", out)
	}
	if field(t, out, "Rejected") == "0" {
		t.Errorf("nothing refused:\n%s", out)
	}
	for _, tc := range []struct{ cmd, want string }{
		{"sim apf workload-lo", `no priority level "workload-lo" (did you mean "workload-low"?)`},
		{"sim burst 3 pods", "usage: sim burst COUNT RESOURCE --as CLIENT"},
		{"sim burst 0 pods --as x", `invalid count "0"`},
		{"sim dispatch", "usage: sim dispatch RESOURCE [apiserver-N]"},
		{"sim dispatch events", "apiserver-0 has no watch cache for events"},
	} {
		if got := run(t, sh, tc.cmd); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want it to say %q", tc.cmd, got, tc.want)
		}
	}
	if out := run(t, sh, "sim apf"); !strings.Contains(out, "PRIORITY-LEVEL") || !strings.Contains(out, "global-default   49") {
		t.Errorf("sim apf table:\n%s", out)
	}
}
