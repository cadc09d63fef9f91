// Package etcd runs the real etcd (embedded, in-process) next to the
// simulated one in watchscope/mvcc and compares what a client sees from
// each. The non-test part of the package is only the embedded-etcd
// launcher, so that later conformance suites (the apiserver Cacher, the
// client-go Reflector) can start the same real etcd.
//
//	test process
//	+-----------------------------------------------+
//	|  clientv3 --gRPC (127.0.0.1:port)--> embed.Etcd|   real etcd 3.6
//	|  mvcc.Server (virtual time)                    |   our simulation
//	+-----------------------------------------------+
package etcd

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
)

// Embedded is one single-member etcd running inside the test process,
// listening on loopback only, with a client connected to it.
type Embedded struct {
	Etcd     *embed.Etcd
	Client   *clientv3.Client
	Endpoint string // "http://127.0.0.1:<port>"
}

// StartEmbedded starts a fresh etcd whose data lives in dir (use
// t.TempDir()). It is tuned for tests, not for safety: no fsync, a small
// snapshot count and no logging. A fresh etcd reports revision 1.
func StartEmbedded(dir string) (*Embedded, error) {
	var lastErr error
	// Free ports are found by binding :0 and closing again, so another
	// process can take one in between; a few tries make that harmless.
	for try := 0; try < 5; try++ {
		e, err := startOnce(dir, try)
		if err == nil {
			return e, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

func startOnce(dir string, try int) (*Embedded, error) {
	cport, err := freePort()
	if err != nil {
		return nil, err
	}
	pport, err := freePort()
	if err != nil {
		return nil, err
	}
	cfg := embed.NewConfig()
	cfg.Dir = fmt.Sprintf("%s/member-%d", dir, try)
	curl := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", cport)}
	purl := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", pport)}
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{curl}, []url.URL{curl}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{purl}, []url.URL{purl}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.UnsafeNoFsync = true
	cfg.SnapshotCount = 1000
	cfg.LogLevel = "error"
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(quietLogger())
	cfg.EnableGRPCGateway = false

	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return nil, err
	}
	select {
	case <-e.Server.ReadyNotify():
	case <-time.After(30 * time.Second):
		e.Close()
		return nil, errors.New("embedded etcd did not become ready in 30s")
	}
	cli, err := clientv3.New(clientv3.Config{
		Endpoints:   []string{curl.String()},
		DialTimeout: 5 * time.Second,
		Logger:      zap.NewNop(),
	})
	if err != nil {
		e.Close()
		return nil, err
	}
	return &Embedded{Etcd: e, Client: cli, Endpoint: curl.String()}, nil
}

// Rev asks the real etcd for its current revision (the header of a Get).
func (e *Embedded) Rev(ctx context.Context) (int64, error) {
	resp, err := e.Client.Get(ctx, "\x00", clientv3.WithCountOnly())
	if err != nil {
		return 0, err
	}
	return resp.Header.Revision, nil
}

// Close stops the client and the server.
func (e *Embedded) Close() {
	e.Client.Close()
	e.Etcd.Close()
}

// quietLogger keeps etcd silent except for panics and fatals, which go to
// stderr: a fatal etcd error exits the test process, and it should say
// why. (Errors are left out: Close alone logs several "server closed".)
func quietLogger() *zap.Logger {
	cfg := zap.NewProductionConfig()
	cfg.Level = zap.NewAtomicLevelAt(zap.DPanicLevel)
	cfg.OutputPaths, cfg.ErrorOutputPaths = []string{"stderr"}, []string{"stderr"}
	cfg.Sampling = nil
	lg, err := cfg.Build()
	if err != nil {
		return zap.NewNop()
	}
	return lg
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
