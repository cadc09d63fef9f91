package cacher

import (
	"context"
	"slices"
	"sync"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// breakableWatcher sits in place of the clientv3.Watcher of the real
// cacher's etcd client and can cut the cacher's etcd watch the way a
// lost connection does, then resume it the way clientv3 does after a
// reconnect: from the revision after the last event it delivered.
//
//	etcd3 watcher <-- out <-- forward goroutine <-- inner clientv3 watch (gen g)
//	                                  ^ Break: cancel every inner watch, forward nothing
//	                                  ^ Heal:  reopen each at lastRev+1 (gen g+1)
//
// If etcd compacted past that revision meanwhile, the resumed watch is
// canceled with CompactRevision set, which the etcd3 watcher turns into
// the 410 "The resourceVersion for the provided watch is too old." that
// ends the cacher's ListAndWatch (FIDELITY C11).
type breakableWatcher struct {
	inner clientv3.Watcher

	mu      sync.Mutex
	gen     int
	broken  bool
	cancels []context.CancelFunc
	healed  *sync.Cond
}

func (b *breakableWatcher) lock() {
	b.mu.Lock()
	if b.healed == nil {
		b.healed = sync.NewCond(&b.mu)
	}
}

// Watch starts a resumable watch.
func (b *breakableWatcher) Watch(ctx context.Context, key string, opts ...clientv3.OpOption) clientv3.WatchChan {
	out := make(chan clientv3.WatchResponse)
	go b.run(ctx, key, opts, out)
	return out
}

func (b *breakableWatcher) run(ctx context.Context, key string, opts []clientv3.OpOption, out chan<- clientv3.WatchResponse) {
	defer close(out)
	next := int64(0)
	for ctx.Err() == nil {
		b.lock()
		for b.broken && ctx.Err() == nil {
			b.healed.Wait()
		}
		gen := b.gen
		wctx, cancel := context.WithCancel(ctx)
		b.cancels = append(b.cancels, cancel)
		b.mu.Unlock()
		o := opts
		if next > 0 {
			o = append(slices.Clone(opts), clientv3.WithRev(next))
		}
		for resp := range b.inner.Watch(wctx, key, o...) {
			if !b.current(gen) {
				break
			}
			if n := len(resp.Events); n > 0 {
				next = resp.Events[n-1].Kv.ModRevision + 1
			}
			select {
			case out <- resp:
			case <-ctx.Done():
			}
			if resp.Canceled || resp.Err() != nil {
				cancel()
				return
			}
		}
		cancel()
		if next == 0 {
			next = clientv3.OpGet(key, opts...).Rev()
		}
	}
}

func (b *breakableWatcher) current(gen int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return !b.broken && b.gen == gen
}

// Break cuts every watch: nothing more is forwarded until Heal.
func (b *breakableWatcher) Break() {
	b.lock()
	defer b.mu.Unlock()
	b.broken = true
	b.gen++
	for _, c := range b.cancels {
		c()
	}
	b.cancels = nil
}

// Heal lets the watches resume.
func (b *breakableWatcher) Heal() {
	b.lock()
	defer b.mu.Unlock()
	b.broken = false
	b.healed.Broadcast()
}

func (b *breakableWatcher) RequestProgress(ctx context.Context) error {
	return b.inner.RequestProgress(ctx)
}

func (b *breakableWatcher) Close() error { return b.inner.Close() }
