package mvcc

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestRequestSizeLimits: a proposal above --max-request-bytes is "request
// is too large"; above that + 512 KiB gRPC refuses the message first. For a
// put of key "k" the proposal is len(value)+24 bytes (see protosize.go).
func TestRequestSizeLimits(t *testing.T) {
	tests := []struct {
		valueLen int
		werr     string
	}{
		{DefaultMaxRequestBytes - 24, ""},
		{DefaultMaxRequestBytes - 23, "etcdserver: request is too large"},
		{2097145, "etcdserver: request is too large"},
		{2097146, "rpc error: code = ResourceExhausted desc = grpc: received message larger than max (2097153 vs. 2097152)"},
	}
	for _, tt := range tests {
		s := newTestServer(t, Config{QuotaBackendBytes: 1 << 40})
		_, err := s.Put(PutRequest{Key: []byte("k"), Value: make([]byte, tt.valueLen)})
		if got := fmt.Sprint(err); (tt.werr == "" && err != nil) || (tt.werr != "" && got != tt.werr) {
			t.Errorf("value of %d bytes: %v, want %q", tt.valueLen, err, tt.werr)
		}
	}
}

func TestRequestSizeTxnAndConfig(t *testing.T) {
	s := newTestServer(t, Config{MaxRequestBytes: 100})
	big := RequestOp{Put: &PutRequest{Key: []byte("k"), Value: make([]byte, 100)}}
	if _, err := s.Txn(TxnRequest{Success: []RequestOp{big}}); !errors.Is(err, ErrGRPCRequestTooLarge) {
		t.Fatalf("txn: %v", err)
	}
	if _, err := s.Txn(TxnRequest{Success: []RequestOp{{Range: &RangeRequest{Key: make([]byte, 200)}}}}); err != nil {
		t.Fatalf("a read-only txn is no proposal: %v", err)
	}
}

// TestQuotaNoSpace: a put that would take the file to the quota raises the
// NOSPACE alarm; then puts fail while deletes, reads and compaction work.
func TestQuotaNoSpace(t *testing.T) {
	s := newTestServer(t, Config{QuotaBackendBytes: 38000}) // the fresh file is 20,480 bytes
	value := strings.Repeat("x", 13000)
	mustPut(t, s, "a", value)
	if _, err := s.Put(PutRequest{Key: []byte("b"), Value: []byte(value)}); !errors.Is(err, ErrGRPCNoSpace) {
		t.Fatalf("second big put: %v", err)
	}
	if !s.Alarmed() {
		t.Fatal("no NOSPACE alarm")
	}
	if _, err := s.Put(PutRequest{Key: []byte("c"), Value: []byte("1")}); !errors.Is(err, ErrGRPCNoSpace) {
		t.Fatalf("small put under alarm: %v", err)
	}
	if _, err := s.Txn(TxnRequest{Success: []RequestOp{put("c", "1")}}); !errors.Is(err, ErrGRPCNoSpace) {
		t.Fatalf("txn put under alarm: %v", err)
	}
	mustDelete(t, s, "a")
	if _, err := s.Range(RangeRequest{Key: []byte("a")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Compact(s.Rev()); err != nil {
		t.Fatal(err)
	}
	before := s.Status().DbSize
	s.Defragment()
	s.AlarmDisarm()
	if st := s.Status(); st.DbSize >= before || st.DbSize != st.DbSizeInUse {
		t.Fatalf("defrag: %d -> %+v", before, st)
	}
	mustPut(t, s, "c", "1")
}

// TestAutoCompactionPeriodic: retention 1h samples every 6 minutes and
// first compacts after one hour, to the revision sampled an hour before.
func TestAutoCompactionPeriodic(t *testing.T) {
	s := newTestServer(t, Config{AutoCompactionRetention: "1"}) // bare number: hours
	for m := range 130 {
		s.Advance(time.Duration(m)*time.Minute + 30*time.Second)
		mustPut(t, s, "k", fmt.Sprint(m))
		switch m {
		case 59:
			if s.CompactRev() != -1 {
				t.Fatalf("compacted before an hour: %d", s.CompactRev())
			}
		case 60:
			if s.CompactRev() != 1 {
				t.Fatalf("at 60m compact rev %d, want 1 (sampled at 0)", s.CompactRev())
			}
		case 120:
			if s.CompactRev() != 55 {
				t.Fatalf("at 120m compact rev %d, want 55 (sampled at 54m)", s.CompactRev())
			}
		}
	}
}

func TestAutoCompactionRevision(t *testing.T) {
	s := newTestServer(t, Config{AutoCompactionMode: "revision", AutoCompactionRetention: "10"})
	for m := range 11 {
		for range 3 {
			mustPut(t, s, "k", "v")
		}
		s.Advance(time.Duration(m+1) * time.Minute)
		if m == 4 && s.CompactRev() != 6 {
			t.Fatalf("at 5m compact rev %d, want 16-10", s.CompactRev())
		}
	}
	if s.CompactRev() != 21 {
		t.Fatalf("at 10m compact rev %d, want 31-10", s.CompactRev())
	}
}

func TestConfigValidation(t *testing.T) {
	bad := []Config{
		{MaxRequestBytes: -1},
		{MaxTxnOps: -1},
		{QuotaBackendBytes: -5},
		{WatchProgressNotifyInterval: 50 * time.Millisecond},
		{AutoCompactionMode: "hourly"},
		{AutoCompactionRetention: "soon"},
		{AutoCompactionRetention: "-1"},
	}
	for _, c := range bad {
		if _, err := NewServer(c); err == nil {
			t.Errorf("NewServer(%+v) accepted", c)
		}
	}
	s := newTestServer(t, Config{})
	if st := s.Status(); st.Version != Version || st.Header.Revision != 1 || st.DbSize != freshDBFileBytes || st.DbSizeInUse != pages(freshDBBytes) {
		t.Fatalf("status %+v", st)
	}
	if _, ok := s.NextWake(); ok {
		t.Fatal("an idle default member has a timer")
	}
}
