package lessons

import (
	"errors"
	"strings"
	"testing"

	"watchscope/engine"
)

// TestMotionParse: a motion block's lines become key filters with their
// counts, and the header's pace is read.
func TestMotionParse(t *testing.T) {
	src := strings.Replace(header, "etcd: 3.6", "etcd: 3.6\npace: 0.5x", 1) + step +
		"```motion\n# the writes\n3 kind=PUT\nkind=COMPACT node=etcd-0\n```\n"
	l, err := Parse("x.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if l.Pace != 0.5 {
		t.Errorf("pace %v, want 0.5", l.Pace)
	}
	keys := l.Steps[0].Keys
	if len(keys) != 2 || keys[0].N != 3 || keys[0].Filter.String() != "kind=PUT" ||
		keys[1].N != 1 || keys[1].Filter.String() != "kind=COMPACT node=etcd-0" || keys[1].Line != 24 {
		t.Errorf("keys %+v", keys)
	}
}

// TestMotionErrors: every mistake in a motion block or a pace has its
// line and a message that says what to write instead.
func TestMotionErrors(t *testing.T) {
	motion := func(body string) string { return header + step + "```motion\n" + body + "```\n" }
	for _, tc := range []struct{ name, src, want string }{
		{"unknown field", motion("kinds=PUT\n"), `x.md:21: motion: unknown trace field "kinds" (did you mean "kind"?); use kind, node, route, code, verb, client, resource, reason, items, rv, oldest, asked, message, sendInitialEvents or detail`},
		{"bad count", motion("0 kind=PUT\n"), `x.md:21: motion: "0": the count before a filter is a whole number from 1 to 12`},
		{"count too big", motion("13 kind=PUT\n"), `x.md:21: motion: "13": the count before a filter is a whole number from 1 to 12`},
		{"no filter", motion("3\n"), `x.md:21: motion: an empty filter would make every event a key event; name a kind (kind=REQ)`},
		{"trailing words", motion("kind=PUT then more\n"), `x.md:21: motion: expected a trace filter (kind=..., node=..., detail~"..."), found "then"`},
		{"empty block", motion("# nothing\n"), `x.md:20: a motion block names at least one trace filter (kind=REQ node=loadgen)`},
		{"too many", motion("12 kind=PUT\n5 kind=REQ\n"), `x.md:22: motion: 17 key events in one step; at most 16 (each takes half a second of the class's attention)`},
		{"bad pace", strings.Replace(header, "etcd: 3.6", "etcd: 3.6\npace: 20", 1) + step,
			`x.md:7: pace "20": want a number from 0.125 (eight times slower) to 8 (eight times faster); 1 is the default`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(tc.src))
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Error() != tc.want {
				t.Fatalf("got:\n%v\nwant:\n%s", err, tc.want)
			}
		})
	}
}

// TestKeyEvents: a motion block takes the first N matches of each line
// and never a command; without one, the narration's kinds are taken.
func TestKeyEvents(t *testing.T) {
	evs := []engine.TraceEvent{
		{ID: 1, Kind: engine.KindCmd, Node: "user", Detail: "put a 1"},
		{ID: 2, Kind: engine.KindPut, Node: "etcd-0"},
		{ID: 3, Kind: engine.KindPut, Node: "etcd-0"},
		{ID: 4, Kind: engine.KindPut, Node: "etcd-0"},
		{ID: 5, Kind: engine.KindWatchError, Node: "apiserver-0"},
		{ID: 6, Kind: engine.KindReflector, Node: "app"},
		{ID: 7, Kind: engine.KindBookmark, Node: "apiserver-0"},
	}
	st := &Step{Keys: []KeyFilter{{N: 2, Filter: Filter{Terms: []FilterTerm{{Field: "kind", Op: '=', Value: "PUT", Kind: engine.KindPut}}}},
		{N: 1, Filter: Filter{Terms: []FilterTerm{{Field: "node", Op: '~', Value: "a"}}}}}}
	if got := keyIDs(st.KeyEvents(evs), evs); got != "2 3 5" {
		t.Errorf("motion block: keys %q, want \"2 3 5\" (node~a takes the first match that is not a command)", got)
	}
	for _, tc := range []struct{ narration, want string }{
		{"The watch gets 410 Gone.", "5"},
		{"Every write takes the next revision.", "2 3"},
		{"The informer's reflector relists.", "6"},
		{"The server sends it a BOOKMARK.", "7"},
		{"Nothing named here.", "2 3 4"},
	} {
		st := &Step{Narration: tc.narration}
		if got := keyIDs(st.KeyEvents(evs), evs); got != tc.want {
			t.Errorf("%q: keys %q, want %q", tc.narration, got, tc.want)
		}
	}
}

func keyIDs(keys []bool, evs []engine.TraceEvent) string {
	var ids []string
	for i, k := range keys {
		if k {
			ids = append(ids, strings.TrimPrefix(evs[i].ID.String(), "#"))
		}
	}
	return strings.Join(ids, " ")
}

// TestMotionKeysMatch: every line of a built-in lesson's motion block
// names events its step has (a line matching nothing would leave the
// step without the beat its author meant).
func TestMotionKeysMatch(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		has := false
		for _, st := range l.Steps {
			has = has || len(st.Keys) > 0
		}
		if !has {
			continue
		}
		r, err := NewRunner(l, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for !r.Done() {
			res, err := r.Step()
			if err != nil {
				t.Fatal(err)
			}
			for _, kf := range res.Step.Keys {
				one := Step{Keys: []KeyFilter{kf}}
				if countKeys(one.KeyEvents(res.Events)) == 0 {
					t.Errorf("%s:%d: motion: %s matches no event of step %d", l.File, kf.Line, kf.Filter, res.Index+1)
				}
			}
		}
	}
}
