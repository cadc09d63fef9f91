package console

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRawMetricsIsPrometheusText: kubectl get --raw /metrics answers in the
// text exposition format: a TYPE line before each family, families in name
// order, every other line NAME{label="value",...} VALUE with label names
// sorted; the request counter counts the LIST that came before.
func TestRawMetricsIsPrometheusText(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "kubectl create cm a", "kubectl get cm")
	out := run(t, sh, "kubectl get --raw /metrics")
	line := regexp.MustCompile(`^[a-z_]+(\{([a-z_]+="[^"]*",?)*\})? [0-9.e+-]+$`)
	var families []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if name, ok := strings.CutPrefix(l, "# TYPE "); ok {
			f := strings.Fields(name)
			if len(f) != 2 || (f[1] != "counter" && f[1] != "gauge") {
				t.Fatalf("bad TYPE line %q", l)
			}
			families = append(families, f[0])
			continue
		}
		if !line.MatchString(l) || !strings.HasPrefix(l, families[len(families)-1]) {
			t.Fatalf("bad series line %q", l)
		}
	}
	if !slices.IsSorted(families) || len(families) < 5 {
		t.Errorf("families not in name order: %v", families)
	}
	if !strings.Contains(out, `apiserver_request_total{code="200",group="",resource="configmaps",verb="LIST",version="v1"} 1`+"\n") {
		t.Errorf("no LIST of configmaps counted:\n%s", out)
	}
}
