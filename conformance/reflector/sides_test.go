package reflector

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	clientfeatures "k8s.io/client-go/features"
	clientfeaturestesting "k8s.io/client-go/features/testing"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"

	"watchscope/engine"
	"watchscope/informer"
)

const clientNode = "client-0"

// newWorld builds the scenario's world: one API server replica over the
// simulated etcd, the same seed on both sides.
func newWorld(t testing.TB, sc scenario) *engine.World {
	w, err := engine.NewWorld(engine.Config{Seed: 1, APIServers: engine.APIServersConfig{Replicas: 1, Server: sc.server}})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// side is one reflector living in a world: ours or client-go's.
type side interface {
	start()
	runTo(t time.Duration)
	stop()
}

// simSide runs watchscope/informer the way the app does: an informer
// factory on a client node (engine.Client is the glue). Its random source
// is its own, so the world draws the same numbers on both sides.
type simSide struct {
	w  *engine.World
	sc scenario
	t  testing.TB
}

func (s *simSide) start() {
	cfg := s.w.InformerConfig()
	cfg.Rand = rand.New(rand.NewPCG(7, 7))
	cfg.DisableWatchList = !s.sc.watchList
	cfg.LabelSelector = s.sc.selector
	f := informer.NewSharedInformerFactory(cfg)
	f.InformerFor("pods")
	if _, err := s.w.AddClient(clientNode, f); err != nil {
		s.t.Fatal(err)
	}
}

func (s *simSide) runTo(t time.Duration) { s.w.RunUntil(t) }
func (s *simSide) stop()                 {}

// realSide runs client-go's Reflector over a real REST client whose
// transport is the driver.
type realSide struct {
	d      *driver
	sc     scenario
	t      testing.TB
	cancel context.CancelFunc
	done   chan struct{}
}

func (s *realSide) start() {
	clientfeaturestesting.SetFeatureDuringTest(s.t, clientfeatures.WatchListClient, s.sc.watchList)
	scheme := runtime.NewScheme()
	if err := corev1.AddToScheme(scheme); err != nil {
		s.t.Fatal(err)
	}
	codecs := serializer.NewCodecFactory(scheme)
	rc, err := rest.RESTClientFor(&rest.Config{
		Host: "http://apiserver.invalid", APIPath: "/api", QPS: -1,
		ContentConfig: rest.ContentConfig{GroupVersion: &corev1.SchemeGroupVersion, NegotiatedSerializer: codecs.WithoutConversion()},
		Transport:     &transport{hooks: s.d.hooks, closed: s.d.closed},
	})
	if err != nil {
		s.t.Fatal(err)
	}
	sel := s.sc.selector
	lw := cache.NewFilteredListWatchFromClient(rc, "pods", metav1.NamespaceAll, func(o *metav1.ListOptions) { o.LabelSelector = sel })
	logger := logr.Discard()
	r := cache.NewReflectorWithOptions(lw, &corev1.Pod{}, cache.NewStore(cache.MetaNamespaceKeyFunc),
		cache.ReflectorOptions{Name: "real", Clock: s.d.clk, Logger: &logger})
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.done = cancel, make(chan struct{})
	s.d.clk.set(s.d.w.Now())
	s.d.started()
	go func() {
		defer close(s.done)
		r.RunWithContext(ctx)
	}()
	s.d.awaitIdle()
}

func (s *realSide) runTo(t time.Duration) { s.d.runTo(t) }

func (s *realSide) stop() {
	s.cancel()
	close(s.d.closed)
	for _, bw := range s.d.all {
		if bw.pw != nil {
			_ = bw.pw.Close()
		}
	}
	deadline := time.After(10 * time.Second)
	for {
		select {
		case <-s.done:
			return
		case <-s.d.hooks:
		case <-deadline:
			s.t.Log("real reflector did not stop within 10s")
			return
		}
	}
}
