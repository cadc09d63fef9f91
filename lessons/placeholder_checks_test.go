package lessons

import (
	"strings"
	"testing"
)

// {name} in a contains text and in a trace filter is the captured value
// at evaluation time, and a name nothing captured is a parse error.
func TestPlaceholdersInChecks(t *testing.T) {
	src := header + "## Put\n\nWrite.\n\n```do\nput /k v\n```\n\n```check\n# pass\nlet rev = metric etcd_debugging_mvcc_current_revision\n" +
		"trace count kind=PUT detail~\"rev={rev}\" == 1\n# fail\ntrace count kind=PUT detail~\"rev={rev}9\" == 1\n```\n\n" +
		"## Read\n\nRead.\n\n```do\nget /k -w fields\n```\n\n```check\n# pass\noutput contains \"\\\"ModRevision\\\" : {rev}\"\n" +
		"# fail\noutput contains \"\\\"ModRevision\\\" : {rev}1\"\n```\n"
	l, err := Parse("p.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Play(l, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Steps {
		for _, c := range s.Checks {
			if want := c.Claim == "pass"; c.Pass != want {
				t.Errorf("line %d %s: pass=%v, want %v (%s)", c.Line, c.Text, c.Pass, want, c.Problem)
			}
		}
	}
	bad := strings.Replace(src, "{rev}1", "{nope}", 1)
	if _, err := Parse("bad.md", []byte(bad)); err == nil || !strings.Contains(err.Error(), `{nope}: nothing captures "nope"`) {
		t.Errorf("want an error for {nope}, got %v", err)
	}
}
