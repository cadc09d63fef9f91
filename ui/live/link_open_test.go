package live

import (
	"testing"

	"watchscope/lessons"
)

// TestOpenFromIsOpen: a deep link followed on a page that already plays
// the lesson (OpenFrom, which plays on from the page's step) makes the
// very state a fresh page load of that link makes (Open, which replays
// from the first step): state() byte for byte, share hash included, at
// every step in order, and after a link back, to another lesson and to
// the sandbox. A lesson world a console command touched is replayed.
func TestOpenFromIsOpen(t *testing.T) {
	var prev *Session
	follow := func(l Link) {
		t.Helper()
		got, err := OpenFrom(l, prev)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Open(l)
		if err != nil {
			t.Fatal(err)
		}
		got.Scene()
		want.Scene()
		if g, w := got.StateJSON(), want.StateJSON(); g != w {
			t.Fatalf("link %+v: following it gives\n%s\nloading it gives\n%s", l, g, w)
		}
		prev = got
	}
	for _, id := range []string{"gone-410", "fan-out"} {
		l, err := lessons.ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= len(l.Steps); k++ {
			follow(Link{Lesson: id, Step: k, Nodes: 20, Demo: true})
		}
		follow(Link{Lesson: id, Step: 2, Nodes: 20, Demo: true}) // back: a replay
	}
	follow(Link{Lesson: "gone-410", Step: 3, Nodes: 20, Seed: 7, Demo: true}) // another seed
	prev.Send("kubectl create configmap typed-by-hand")
	prev.Tick(0)
	if !prev.lessonTouched {
		t.Fatal("a console command in a lesson did not mark its world as touched")
	}
	follow(Link{Lesson: "gone-410", Step: 5, Nodes: 20, Seed: 7, Demo: true})
	follow(Link{Nodes: 20, Demo: true}) // the sandbox
}
