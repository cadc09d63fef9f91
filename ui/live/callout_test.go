package live

import (
	"net/url"
	"strings"
	"testing"

	"watchscope/console"
)

// TestCalloutIsNotTheLoadgensOwnConflict: a load generator that finds an
// object an earlier load left behind gets a 409 and updates it at once
// (create-or-update, as kubectl apply does). That conflict is not what a
// step is about: bookmarks step 4 (a load of 20 pods over the 20 the step
// before made) called out "409 AlreadyExists" beside the pods cache.
func TestCalloutIsNotTheLoadgensOwnConflict(t *testing.T) {
	s := openLink(t, url.Values{"lesson": {"bookmarks"}, "step": {"4"}})
	var conflicts int
	res := s.lesson.r.Results()
	for _, e := range res[len(res)-1].Events {
		if e.Client == console.LoadNode && e.Code == 409 {
			conflicts++
		}
	}
	if conflicts == 0 {
		t.Fatal("bookmarks step 4 no longer re-creates pods: this test needs a step whose load meets its own leftovers")
	}
	if co := s.snap.Cast.Callout; co != nil && strings.HasPrefix(co.Text, "409") {
		t.Errorf("bookmarks step 4 calls out the load generator's own conflict: %+v", co)
	}
}

// TestCalloutNamesTheTerminatedWatcher: slow-consumers step 2 is about the
// server closing slow's watch for unresponsiveness. No ERROR event reaches
// slow, so the callout is the termination itself, beside slow, and why?
// goes back through slow's watch request.
func TestCalloutNamesTheTerminatedWatcher(t *testing.T) {
	s := openLink(t, url.Values{"lesson": {"slow-consumers"}, "step": {"2"}})
	co := s.snap.Cast.Callout
	if co == nil || co.Text != "closed for unresponsiveness: slow's pods watch" || !strings.Contains(co.Actor, "slow") {
		t.Fatalf("slow-consumers step 2's callout: %+v", co)
	}
	beat(s, "why")
	why := strings.Join(s.chrome.Why, "\n")
	for _, want := range []string{"slow sent WATCH pods (request #", "apiserver-0 closed for unresponsiveness: slow's pods watch"} {
		if !strings.Contains(why, want) {
			t.Errorf("why? lacks %q:\n%s", want, why)
		}
	}
}

// TestWhyWithoutCalloutIsPlain: a step whose callout is empty and whose
// commands cause nothing telling (cache-not-ready step 3 only advances
// time) explains its newest marked event in the same plain words, not
// the raw chain with trace ids and rules (the sandbox once showed a
// 9-line reflector log cut at the edge).
func TestWhyWithoutCalloutIsPlain(t *testing.T) {
	s := openLink(t, url.Values{"lesson": {"cache-not-ready"}, "step": {"3"}})
	if s.snap.Cast.Callout != nil {
		t.Fatalf("cache-not-ready step 3 has a callout now (%+v): pick a step without one", s.snap.Cast.Callout)
	}
	beat(s, "why")
	why := s.chrome.Why
	if len(why) < 2 || len(why) > 4 {
		t.Fatalf("why? has %d lines: %q", len(why), why)
	}
	all := strings.Join(why, "\n")
	for _, bad := range []string{"<-", "\t"} {
		if strings.Contains(all, bad) {
			t.Errorf("why? shows the raw chain (%q):\n%s", bad, all)
		}
	}
	if !strings.Contains(all, "got no answer from apiserver-0: connect: connection refused") {
		t.Errorf("why? does not say the restarting server refused the connection:\n%s", all)
	}
}
