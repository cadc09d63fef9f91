package mvcc

// TEMPORARY: signatures of the simulated etcd server, so that parallel work
// compiles. The mvcc implementer replaces this file with the real thing.

import (
	"math/rand/v2"
	"time"
)

// Config configures a Server. A zero value field means etcd's default.
type Config struct {
	MaxRequestBytes             int           // --max-request-bytes, default 1572864
	MaxTxnOps                   int           // --max-txn-ops, default 128
	QuotaBackendBytes           int64         // --quota-backend-bytes, default 2 GiB
	AutoCompactionMode          string        // --auto-compaction-mode: "periodic" (default) or "revision"
	AutoCompactionRetention     string        // --auto-compaction-retention: "0" (default, off), "1h", "30m", "1000"
	WatchProgressNotifyInterval time.Duration // --watch-progress-notify-interval, default 10m
	Rand                        *rand.Rand    // seeded source for jitter; nil means a fixed seed
}

// Server is one simulated etcd member: MVCC store, watchable store and the
// etcdserver request layer. Time only moves through Advance.
type Server struct{}

func NewServer(cfg Config) (*Server, error)                                     { panic("todo") }
func (s *Server) Rev() int64                                                    { panic("todo") }
func (s *Server) CompactRev() int64                                             { panic("todo") }
func (s *Server) Put(r PutRequest) (PutResponse, error)                         { panic("todo") }
func (s *Server) Range(r RangeRequest) (RangeResponse, error)                   { panic("todo") }
func (s *Server) DeleteRange(r DeleteRangeRequest) (DeleteRangeResponse, error) { panic("todo") }
func (s *Server) Txn(r TxnRequest) (TxnResponse, error)                         { panic("todo") }
func (s *Server) Compact(rev int64) (CompactResponse, error)                    { panic("todo") }
func (s *Server) Status() StatusResponse                                        { panic("todo") }
func (s *Server) NewWatchStream() *WatchStream                                  { panic("todo") }
func (s *Server) Advance(now time.Duration)                                     { panic("todo") }
func (s *Server) NextWake() (time.Duration, bool)                               { panic("todo") }

// WatchStream is one gRPC watch stream: a shared response queue of
// capacity 128 (chanBufLen) and the watchers opened on it.
type WatchStream struct{}

func (ws *WatchStream) Watch(r WatchCreateRequest) (int64, error) { panic("todo") }
func (ws *WatchStream) Cancel(id int64) error                     { panic("todo") }
func (ws *WatchStream) RequestProgress()                          { panic("todo") }
func (ws *WatchStream) Recv() (WatchResponse, bool)               { panic("todo") }
func (ws *WatchStream) Len() int                                  { panic("todo") }
func (ws *WatchStream) SetNotify(f func())                        { panic("todo") }
func (ws *WatchStream) Close()                                    { panic("todo") }
