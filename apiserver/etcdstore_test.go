package apiserver

import (
	"fmt"
	"testing"

	am "watchscope/apimachinery"
)

func putEvents(r *rig, n int) {
	for i := range n {
		r.put("events", &am.Object{ObjectMeta: am.ObjectMeta{Name: fmt.Sprintf("e%d", i), Namespace: "default",
			Labels: map[string]string{"keep": fmt.Sprint(i%4 == 3)}}})
	}
}

// Paging from etcd (events are not cached): continue tokens, remaining
// count, then a compaction makes the token too old: 410 with a fresh
// token at rv -1 that continues at the latest revision.
func TestEtcdPaginationAndExpiredContinue(t *testing.T) {
	r := newRig(t, Config{})
	putEvents(r, 5)
	page := r.resp(Request{Verb: LIST, Resource: "events", Options: am.ListOptions{Limit: 2}})
	if page.Code != 200 || len(page.List.Items) != 2 || *page.List.RemainingItemCount != 3 || Route(page.Route) != RouteEtcd {
		t.Fatalf("page 1: %v", page)
	}
	next := r.resp(Request{Verb: LIST, Resource: "events", Options: am.ListOptions{Limit: 2, Continue: page.List.Continue}})
	if next.List.Items[0].Name != "e2" || next.List.ResourceVersion != page.List.ResourceVersion {
		t.Fatalf("page 2: %v", next)
	}
	putEvents(r, 1)
	if _, err := r.etcd.Compact(r.etcd.Rev()); err != nil {
		t.Fatal(err)
	}
	gone := r.resp(Request{Verb: LIST, Resource: "events", Options: am.ListOptions{Limit: 2, Continue: next.List.Continue}})
	if gone.Code != 410 || gone.Status.Message != am.MsgInconsistentContinue {
		t.Fatalf("expired continue: %v", gone)
	}
	res, _ := am.LookupResource("events")
	key, rv, err := am.DecodeContinue(gone.Status.Metadata.Continue, res.KeyPrefix())
	if err != nil || rv != -1 || key != res.Key("default", "e3")+"\x00" {
		t.Fatalf("fresh token: %q rv %d err %v", key, rv, err)
	}
	rest := r.resp(Request{Verb: LIST, Resource: "events", Options: am.ListOptions{Limit: 2, Continue: gone.Status.Metadata.Continue}})
	if rest.Code != 200 || len(rest.List.Items) != 1 || rest.List.Items[0].Name != "e4" {
		t.Fatalf("continue at latest: %v", rest)
	}
	old := r.resp(Request{Verb: LIST, Resource: "events", Options: am.ListOptions{ResourceVersion: "3", ResourceVersionMatch: "Exact"}})
	if old.Code != 410 || old.Status.Message != am.MsgListTooOld {
		t.Fatalf("list at compacted rev: %v", old)
	}
}

// With a selector the pages double until limit matches are found.
func TestEtcdPagingWithSelector(t *testing.T) {
	r := newRig(t, Config{})
	putEvents(r, 12)
	got := r.resp(Request{Verb: LIST, Resource: "events", Options: am.ListOptions{Limit: 2, LabelSelector: "keep=true"}})
	if got.Code != 200 || len(got.List.Items) != 2 || got.List.Items[0].Name != "e11" || got.List.RemainingItemCount != nil || got.List.Continue == "" {
		t.Fatalf("got %v", got)
	}
}

// TestStorageKey: the key bytes writes build are Resource.Key's.
func TestStorageKey(t *testing.T) {
	for _, r := range am.KnownResources {
		for _, ns := range []string{"", "ns-1"} {
			if got, want := string(storageKey(r, ns, "x-1")), r.Key(ns, "x-1"); got != want {
				t.Errorf("storageKey(%s, %q) = %q, want %q", r.Resource, ns, got, want)
			}
		}
	}
}
