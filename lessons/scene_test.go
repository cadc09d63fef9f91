package lessons

import (
	"errors"
	"strings"
	"testing"
)

func TestSceneBlock(t *testing.T) {
	l, err := Parse("t.md", []byte(header+step+"```scene\nshow poller, cache:secrets\nhide kubelets\n```\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := l.Steps[0].Scene
	want := []SceneDirective{{21, true, "poller"}, {21, true, "cache:secrets"}, {22, false, "kubelets"}}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("directive %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestSceneBlockErrors(t *testing.T) {
	tests := []struct{ body, want string }{
		{"show polers\n", `x.md:21: scene: unknown actor kind "polers" (did you mean "poller"?)`},
		{"reveal poller\n", `x.md:21: scene: a line starts with show or hide, not "reveal" (show poller, hide cache:leases)`},
		{"hide cache:\n", `x.md:21: scene: "cache:": a name after the colon, or none (cache)`},
	}
	for _, tc := range tests {
		_, err := Parse("x.md", []byte(header+step+"```scene\n"+tc.body+"```\n"))
		var pe *ParseError
		if !errors.As(err, &pe) || strings.TrimSpace(pe.Error()) != tc.want {
			t.Errorf("%q: got %v, want %s", tc.body, err, tc.want)
		}
	}
}
