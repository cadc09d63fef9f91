package console

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"watchscope/engine"
	"watchscope/mvcc"
)

// watchSession is one `etcdctl watch` left running in the background, like
// a watch in another terminal. Each has its own gRPC watch stream.
type watchSession struct {
	d      display
	stream *mvcc.WatchStream
	done   bool
}

// backgroundWatch is any watch left running in the shell: an etcdctl
// watch or a kubectl one. drain returns what it printed since the last
// call and whether it has ended.
type backgroundWatch interface {
	drain() (string, bool)
}

func (sh *Shell) etcdWatch(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec(
		[]string{"prefix", "prev-kv", "progress-notify", "interactive"}, []string{"rev"}))
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	if p.Bool("interactive") {
		return "", errors.New("interactive watch is not simulated; open several watches instead")
	}
	if len(p.Args) == 0 {
		return "", errors.New("bad number of arguments")
	}
	if len(p.Args) == 2 && p.Bool("prefix") {
		return "", errors.New("`range_end` and `--prefix` are mutually exclusive")
	}
	rr := watchRange(p)
	rev, err := p.Int64("rev", 0)
	if err != nil {
		return "", err
	}
	if end := rr.RangeEnd; len(end) != 0 && !(len(end) == 1 && end[0] == 0) && bytes.Compare(rr.Key, end) >= 0 {
		// The server cancels such a watch as it arrives; clientv3 hands the
		// cancellation to etcdctl, which prints it and exits. Nothing is
		// left in the member, so the console does not open a stream for it.
		return fmt.Sprintf("watch was canceled (%v)\n", mvcc.ErrEmptyWatcherRange), errors.New("watch is canceled by the server")
	}
	ws := sh.etcd().NewWatchStream()
	ws.SetOwner("client/etcdctl")
	n := sh.watchCount
	sh.watchCount++
	ws.SetNotify(func() { sh.record(engine.KindWatchResp, fmt.Sprintf("watch#%d queued=%d", n, ws.Len()), 0) })
	_, err = ws.Watch(mvcc.WatchCreateRequest{
		Key: rr.Key, RangeEnd: rr.RangeEnd, StartRevision: rev,
		PrevKv: p.Bool("prev-kv"), ProgressNotify: p.Bool("progress-notify"),
		WatchID: mvcc.AutoWatchID,
	})
	if err != nil {
		ws.Close()
		return fmt.Sprintf("watch was canceled (%v)\n", err), errors.New("watch is canceled by the server")
	}
	sh.watches = append(sh.watches, &watchSession{d: d, stream: ws})
	return "", nil
}

// drain returns what this etcdctl watch would have printed since the last
// call. The Created acknowledgement is not shown (etcdctl does not ask
// clientv3 for it). A canceled watch prints its reason and then
// etcdctl's exit message, and is closed.
func (s *watchSession) drain() (string, bool) {
	var b strings.Builder
	for !s.done {
		resp, ok := s.stream.Recv()
		if !ok {
			break
		}
		if resp.Created && !resp.Canceled {
			continue
		}
		b.WriteString(printWatch(s.d, resp))
		if resp.Canceled {
			b.WriteString("Error: watch is canceled by the server\n")
			s.stream.Close()
			s.done = true
		}
	}
	return b.String(), s.done
}

// drainWatches collects what every open watch printed, in the order the
// watches were opened, and forgets the ones that ended.
func (sh *Shell) drainWatches() string {
	var b strings.Builder
	live := sh.watches[:0]
	for _, s := range sh.watches {
		out, done := s.drain()
		b.WriteString(out)
		if !done {
			live = append(live, s)
		}
	}
	sh.watches = live
	return b.String()
}

// watchRange is etcdctl's getWatchChan: "<key> [range_end]" (a third word
// is ignored, and so is range_end unless exactly two words were given),
// --prefix on the key.
func watchRange(p parsedFlags) mvcc.RangeRequest {
	key := []byte(p.Args[0])
	var end []byte
	if len(p.Args) == 2 {
		end = []byte(p.Args[1])
	}
	if p.Bool("prefix") {
		end = mvcc.PrefixEnd(key)
		if len(key) == 0 {
			key, end = []byte{0}, []byte{0}
		}
	}
	return mvcc.RangeRequest{Key: key, RangeEnd: end}
}
