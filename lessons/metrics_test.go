package lessons

import (
	"slices"
	"strings"
	"testing"
)

// missingSeriesLesson reads series that have no value yet: a label set
// nothing has counted (the name exists under other labels), a declared
// name nothing has counted at all, and a typo.
const missingSeriesLesson = `---
id: missing-series
title: Missing series
minutes: 1
kubernetes: 1.36
etcd: 3.6
world: apiservers=1
metrics: apiserver_request_total, declared_but_never_counted_total, apiserver_request_totl
---

## Counters before their first count

A LIST is counted; a verb nobody used has no series yet.

` + "```do\nkubectl get configmaps\nsim advance 2s\n```\n\n```check\n" + `# pass: the name exists under other labels, so this label set reads 0
metric apiserver_request_total{verb="LIST"} >= 1
metric apiserver_request_total{verb="DELETE"} == 0
metric apiserver_request_total{verb="DELETE",resource="configmaps"} == 0
# pass: declared in the header, counted by nobody yet
metric declared_but_never_counted_total == 0
# fail: undeclared (removed below) and in no series: a typo
metric apiserver_request_totl == 0
` + "```\n"

func TestMissingSeries(t *testing.T) {
	l, err := Parse("missing.md", []byte(missingSeriesLesson))
	if err != nil {
		t.Fatal(err)
	}
	l.Metrics = slices.DeleteFunc(l.Metrics, func(m string) bool { return m == "apiserver_request_totl" })
	rep, err := Play(l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checks := rep.Steps[0].Checks
	if len(checks) != 5 {
		t.Fatalf("%d checks, want 5", len(checks))
	}
	for _, c := range checks[:4] {
		if !c.Pass {
			t.Errorf("line %d %s: %s (saw %s)", c.Line, c.Text, c.Problem, c.SawText())
		}
	}
	typo := checks[4]
	want := `no metric is named apiserver_request_totl in this world or the lesson's metrics: header (did you mean "apiserver_request_total"?)`
	if typo.Pass || !strings.Contains(typo.Problem, want) {
		t.Errorf("typo: pass=%v problem %q, want %q", typo.Pass, typo.Problem, want)
	}
}
