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
