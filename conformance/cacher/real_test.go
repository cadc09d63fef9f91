package cacher

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/kubernetes"
	"go.uber.org/zap"

	"k8s.io/apimachinery/pkg/api/apitesting"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apiserver/pkg/apis/example"
	examplev1 "k8s.io/apiserver/pkg/apis/example/v1"
	"k8s.io/apiserver/pkg/storage"
	realcacher "k8s.io/apiserver/pkg/storage/cacher"
	"k8s.io/apiserver/pkg/storage/etcd3"
	"k8s.io/apiserver/pkg/storage/value/encrypt/identity"
	"k8s.io/klog/v2"
	"k8s.io/utils/clock"
	testingclock "k8s.io/utils/clock/testing"

	"watchscope/conformance/etcd"
)

// The real side: k8s.io/apiserver's Cacher over its etcd3 storage over a
// real embedded etcd, built the way the Cacher's own tests build it
// (example.Pod, the example/v1 codec), with a fake clock for the
// cacher's timers (bookmark timer, 3s freshness wait, progress requests)
// so that minutes of cacher time pass in milliseconds:
//
//	writes --etcd3 store (direct client)--------------------> etcd
//	cacher reflector --etcd3 store (client with a breakable
//	                   Watcher, see breakable_test.go) <------- etcd
//	test --Cacher.Watch / GetList--> Cacher (fake clock)
var (
	scheme = runtime.NewScheme()
	codecs = serializer.NewCodecFactory(scheme)
)

func init() {
	// The Cacher logs its re-initialization and etcd's compaction cancel
	// through klog; the tests assert on them instead.
	klog.LogToStderr(false)
	klog.SetOutput(io.Discard)
	metav1.AddToGroupVersion(scheme, metav1.SchemeGroupVersion)
	utilruntime.Must(example.AddToScheme(scheme))
	utilruntime.Must(examplev1.AddToScheme(scheme))
}

// realPrefix is the storage prefix; keys are /registry/pods/<ns>/<name>,
// exactly the keys watchscope writes, so key order and continue tokens
// are comparable.
const realPrefix = "/registry"

type realSide struct {
	t       testing.TB
	etcd    *etcd.Embedded
	store   storage.Interface // writes (direct client)
	cacher  *realcacher.Cacher
	clock   *testingclock.FakeClock
	ticks   *tickClock // the Cacher's clock: clock, with the sim's bookmark jitter
	breaker *breakableWatcher
}

func newPod() runtime.Object     { return &example.Pod{} }
func newPodList() runtime.Object { return &example.PodList{} }

// podAttrs is the example pods' GetAttrsFunc: labels, and the fields
// metadata.name, metadata.namespace, spec.nodeName.
func podAttrs(obj runtime.Object) (labels.Set, fields.Set, error) {
	pod, ok := obj.(*example.Pod)
	if !ok {
		return nil, nil, fmt.Errorf("not a pod: %T", obj)
	}
	return labels.Set(pod.Labels), fields.Set{
		"metadata.name": pod.Name, "metadata.namespace": pod.Namespace, "spec.nodeName": pod.Spec.NodeName,
	}, nil
}

func podNodeName(obj runtime.Object) string { return obj.(*example.Pod).Spec.NodeName }

// startReal starts etcd and the write store, applies pre (so the cache
// first lists at a later revision), starts the Cacher and waits until it
// is ready.
func startReal(t testing.TB, pre ...writeOp) *realSide {
	t.Helper()
	e, err := etcd.StartEmbedded(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return startRealOn(t, e, pre...)
}

// startRealNoCleanup is startReal for a fixture that outlives one
// benchmark round: nothing is registered with t.Cleanup on the embedded
// etcd, and it lives until the process exits.
func startRealNoCleanup(t testing.TB) *realSide {
	dir, err := os.MkdirTemp("", "cacher-bench-")
	if err != nil {
		t.Fatal(err)
	}
	e, err := etcd.StartEmbedded(dir)
	if err != nil {
		t.Fatal(err)
	}
	return startRealOn(noCleanup{t}, e)
}

// noCleanup drops Cleanup registrations (a benchmark fixture shared by
// the rounds of one benchmark must not be torn down after the first).
type noCleanup struct{ testing.TB }

func (noCleanup) Cleanup(func()) {}

func startRealOn(t testing.TB, e *etcd.Embedded, pre ...writeOp) *realSide {
	r := &realSide{t: t, etcd: e, clock: testingclock.NewFakeClock(time.Unix(1_800_000_000, 0))}
	r.ticks = newTickClock(r.clock, simJitterSeed1, simJitterSeed2)
	r.store = newEtcd3Store(t, e.Endpoint, nil)
	for _, op := range pre {
		r.apply(op)
	}
	r.breaker = &breakableWatcher{}
	cacheStore := newEtcd3Store(t, e.Endpoint, r.breaker)
	c, err := realcacher.NewCacherFromConfig(realcacher.Config{
		Storage:             cacheStore,
		Versioner:           storage.APIObjectVersioner{},
		GroupResource:       schema.GroupResource{Resource: "pods"},
		EventsHistoryWindow: realcacher.DefaultEventFreshDuration,
		ResourcePrefix:      "/pods/",
		KeyFunc:             func(o runtime.Object) (string, error) { return storage.NamespaceKeyFunc("/pods/", o) },
		GetAttrsFunc:        podAttrs,
		IndexerFuncs:        storage.IndexerFuncs{"spec.nodeName": podNodeName},
		NewFunc:             newPod,
		NewListFunc:         newPodList,
		Codec:               codecs.LegacyCodec(examplev1.SchemeGroupVersion),
		Clock:               r.ticks,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Stop)
	r.cacher = c
	r.waitReady()
	return r
}

// newEtcd3Store is the apiserver's etcd3 storage for example pods on its
// own client; w, if set, replaces the client's Watcher.
func newEtcd3Store(t testing.TB, endpoint string, w *breakableWatcher) storage.Interface {
	kc, err := kubernetes.New(clientv3.Config{Endpoints: []string{endpoint}, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kc.Close() })
	if w != nil {
		w.inner = kc.Client.Watcher
		kc.Client.Watcher = w
	}
	versioner := storage.APIObjectVersioner{}
	codec := apitesting.TestCodec(codecs, examplev1.SchemeGroupVersion)
	compactor := etcd3.NewCompactor(kc.Client, 0, clock.RealClock{}, nil) // interval 0: never writes compact_rev_key
	t.Cleanup(compactor.Stop)
	s, err := etcd3.New(kc, compactor, codec, newPod, newPodList, realPrefix, "/pods/",
		schema.GroupResource{Resource: "pods"}, identity.NewEncryptCheckTransformer(),
		etcd3.NewDefaultLeaseManagerConfig(), etcd3.NewDefaultDecoder(codec, versioner), versioner)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func (r *realSide) waitReady() {
	r.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !r.cacher.Ready() {
		if time.Now().After(deadline) {
			r.t.Fatal("real cacher not ready after 20s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func podKey(ns, name string) string { return "/pods/" + ns + "/" + name }

// apply runs one write through the apiserver's etcd3 store and returns
// the revision it got.
func (r *realSide) apply(op writeOp) int64 {
	r.t.Helper()
	ctx := context.Background()
	out := &example.Pod{}
	var err error
	switch op.kind {
	case opCreate:
		in := &example.Pod{ObjectMeta: metav1.ObjectMeta{Name: op.name, Namespace: op.ns, Labels: op.labels}, Spec: example.PodSpec{NodeName: op.node}}
		err = r.store.Create(ctx, podKey(op.ns, op.name), in, out, 0)
	case opUpdate:
		err = r.store.GuaranteedUpdate(ctx, podKey(op.ns, op.name), out, false, nil,
			func(in runtime.Object, _ storage.ResponseMeta) (runtime.Object, *uint64, error) {
				p := in.(*example.Pod).DeepCopy()
				p.Labels, p.Spec.NodeName = op.labels, op.node
				return p, nil, nil
			}, nil)
	case opDelete:
		err = r.store.Delete(ctx, podKey(op.ns, op.name), out, nil, storage.ValidateAllObjectFunc, nil, storage.DeleteOptions{})
	}
	if err != nil {
		r.t.Fatalf("real %s: %v", op, err)
	}
	rev, err := r.etcd.Rev(ctx)
	if err != nil {
		r.t.Fatal(err)
	}
	return rev
}

// compact compacts the real etcd at rev (physical).
func (r *realSide) compact(rev int64) {
	r.t.Helper()
	if _, err := r.etcd.Client.Compact(context.Background(), rev, clientv3.WithCompactPhysical()); err != nil {
		r.t.Fatal(err)
	}
}

// waitFresh blocks until the cacher has seen rev: a NotOlderThan list
// waits on the cache's condition variable.
func (r *realSide) waitFresh(rev int64) {
	r.t.Helper()
	list := &example.PodList{}
	opts := storage.ListOptions{ResourceVersion: strconv.FormatInt(rev, 10), ResourceVersionMatch: metav1.ResourceVersionMatchNotOlderThan,
		Recursive: true, Predicate: storage.Everything}
	done := make(chan error, 1)
	go func() { done <- r.cacher.GetList(context.Background(), "/pods", opts, list) }()
	for {
		select {
		case err := <-done:
			if err != nil {
				r.t.Fatalf("real cacher did not reach rv %d: %v", rev, err)
			}
			return
		case <-time.After(20 * time.Millisecond):
			// a too-slow cache would make the wait fail after 3 fake
			// seconds; nothing steps the clock here, so it just waits.
		}
	}
}
