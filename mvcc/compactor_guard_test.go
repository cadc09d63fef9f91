package mvcc

import (
	"strings"
	"testing"
)

// A periodic retention too short to sample (retention/10 == 0) is a
// configuration error, not a division by zero.
func TestPeriodicRetentionTooShort(t *testing.T) {
	_, err := NewServer(Config{AutoCompactionMode: "periodic", AutoCompactionRetention: "5ns"})
	if err == nil || !strings.Contains(err.Error(), "too short") {
		t.Fatalf("want a too-short error, got %v", err)
	}
	if _, err := NewServer(Config{AutoCompactionMode: "periodic", AutoCompactionRetention: "500ms"}); err != nil {
		t.Fatalf("500ms should be accepted: %v", err)
	}
}
