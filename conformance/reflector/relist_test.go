package reflector

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	clientfeatures "k8s.io/client-go/features"
	clientfeaturestesting "k8s.io/client-go/features/testing"
	"k8s.io/client-go/tools/cache"

	"watchscope/informer"
)

// TestRelistDeliveriesAgree: what a handler added without a resync period
// receives when its informer relists after a 410. client-go's
// sharedIndexInformer hands it OnUpdate(old, new) for every object the
// relist found unchanged (the listener stays in the processor's syncing
// set, since no resync check ever runs), so a relist storm costs every
// handler a call per object. Ours must deliver the same calls in the same
// order.
//
// The simulated side plays scenario (a) (staleResume, watch-list off): two
// watched pods listed at rv 3, a bookmark at 8, the API server restarts,
// the resume from 8 is too old and the informer relists at 13. The real
// side is client-go v0.36.3's NewSharedIndexInformer over a ListWatch that
// gives the same answers: the list of w-0@2 and w-1@3 at rv 3, a watch
// with the bookmark at 8 and then the 410, the same list at rv 13.
func TestRelistDeliveriesAgree(t *testing.T) {
	want := []string{
		"ADD Pod default/w-0@2 (initial)",
		"ADD Pod default/w-1@3 (initial)",
		"UPDATE Pod default/w-0@2 -> Pod default/w-0@2 (sync)",
		"UPDATE Pod default/w-1@3 -> Pod default/w-1@3 (sync)",
	}
	real := realRelistDeliveries(t, len(want))
	if !slices.Equal(real, want) {
		t.Fatalf("client-go delivered (the harness's expectation is wrong):\n%q\nwant\n%q", real, want)
	}
	if sim := simRelistDeliveries(t); !slices.Equal(sim, real) {
		t.Errorf("watchscope/informer delivered\n%q\nclient-go delivered\n%q", sim, real)
	}
}

// simRelistDeliveries plays scenario (a) with a handler on the informer.
func simRelistDeliveries(t *testing.T) []string {
	sc := staleResume("relist_deliveries", false)
	w := newWorld(t, sc)
	s := &handlerSide{simSide: simSide{w: w, sc: sc, t: t}}
	play(t, sc, w, s)
	if c := calls(w, clientNode); !slices.ContainsFunc(c, func(c call) bool { return strings.HasPrefix(c.Line, `LIST rv="8" limit=0`) }) {
		t.Fatalf("the scenario did not relist at 8 after the 410: %v", c)
	}
	return s.got
}

// handlerSide is simSide with a handler added before the informer starts
// (no resync period: the informer's default, 0).
type handlerSide struct {
	simSide
	got []string
}

func (s *handlerSide) start() {
	cfg := s.w.InformerConfig()
	cfg.DisableWatchList = true
	cfg.LabelSelector = s.sc.selector
	f := informer.NewSharedInformerFactory(cfg)
	inf := f.InformerFor("pods")
	if _, err := inf.AddEventHandler(s.w.Now(), informer.HandlerFunc(func(_ time.Duration, n informer.Notification) {
		s.got = append(s.got, n.String())
	}), informer.HandlerOptions{Name: "relist"}); err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.w.AddClient(clientNode, f); err != nil {
		s.t.Fatal(err)
	}
}

// realRelistDeliveries runs client-go's shared informer over scripted
// answers until the handler got n calls (the relist waits out the run
// loop's backoff, about a second of real time).
func realRelistDeliveries(t *testing.T, n int) []string {
	clientfeaturestesting.SetFeatureDuringTest(t, clientfeatures.WatchListClient, false)
	pod := func(name, rv string) corev1.Pod {
		return corev1.Pod{TypeMeta: metav1.TypeMeta{Kind: "Pod", APIVersion: "v1"},
			ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name, ResourceVersion: rv, Labels: watched}}
	}
	list := func(rv string) *corev1.PodList {
		return &corev1.PodList{ListMeta: metav1.ListMeta{ResourceVersion: rv}, Items: []corev1.Pod{pod("w-0", "2"), pod("w-1", "3")}}
	}
	var mu sync.Mutex
	lists, watches := 0, 0
	lw := &cache.ListWatch{
		ListFunc: func(metav1.ListOptions) (runtime.Object, error) {
			mu.Lock()
			defer mu.Unlock()
			lists++
			if lists == 1 {
				return list("3"), nil
			}
			return list("13"), nil
		},
		WatchFunc: func(metav1.ListOptions) (watch.Interface, error) {
			mu.Lock()
			defer mu.Unlock()
			watches++
			fw := watch.NewFakeWithChanSize(2, false)
			if watches == 1 {
				bookmark := pod("", "8")
				fw.Action(watch.Bookmark, &bookmark)
				fw.Error(&metav1.Status{Status: metav1.StatusFailure, Code: 410, Reason: metav1.StatusReasonExpired,
					Message: "too old resource version: 8 (13)"})
			}
			return fw, nil
		},
	}
	var got []string
	var gmu sync.Mutex
	note := func(s string) {
		gmu.Lock()
		got = append(got, s)
		gmu.Unlock()
	}
	str := func(o any) string {
		p := o.(*corev1.Pod)
		return fmt.Sprintf("Pod %s/%s@%s", p.Namespace, p.Name, p.ResourceVersion)
	}
	inf := cache.NewSharedIndexInformer(lw, &corev1.Pod{}, 0, cache.Indexers{})
	if _, err := inf.AddEventHandler(cache.ResourceEventHandlerDetailedFuncs{
		AddFunc: func(o any, initial bool) {
			s := "ADD " + str(o)
			if initial {
				s += " (initial)"
			}
			note(s)
		},
		UpdateFunc: func(old, o any) {
			s := "UPDATE " + str(old) + " -> " + str(o)
			if old.(*corev1.Pod).ResourceVersion == o.(*corev1.Pod).ResourceVersion {
				s += " (sync)"
			}
			note(s)
		},
		DeleteFunc: func(o any) { note(fmt.Sprintf("DELETE %v", o)) },
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go inf.RunWithContext(ctx)
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		gmu.Lock()
		done := len(got) >= n
		gmu.Unlock()
		if done {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // anything more would show
	gmu.Lock()
	defer gmu.Unlock()
	return append([]string(nil), got...)
}
