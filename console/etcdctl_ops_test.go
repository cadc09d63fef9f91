package console

import (
	"strings"
	"testing"

	"watchscope/engine"
)

// A member past its quota raises NOSPACE and refuses puts; compaction and
// defrag shrink the file, and only alarm disarm lets writes in again. The
// alarm shows in alarm list and in endpoint status's Errors.
func TestQuotaAlarmDefragDisarm(t *testing.T) {
	cfg := engine.Config{Seed: 1}
	cfg.Etcd.QuotaBackendBytes = 64 << 10
	_, sh, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	run := func(line string) string {
		out, err := sh.Exec(line)
		if err != nil {
			out += "Error: " + err.Error() + "\n"
		}
		return out
	}
	const alarm = "memberID:10276657743932975437 alarm:NOSPACE \n"
	if got := run("etcdctl alarm list"); got != "" {
		t.Fatalf("alarm list on a fresh member: %q", got)
	}
	big := strings.Repeat("x", 2000)
	var refused string
	for i := range 100 {
		if out := run("etcdctl put k" + string(rune('a'+i%26)) + " " + big); strings.Contains(out, "Error") {
			refused = out
			break
		}
	}
	if !strings.Contains(refused, "Error: etcdserver: mvcc: database space exceeded") {
		t.Fatalf("no NOSPACE before 100 puts of 2 kB into 64 KiB: %q", refused)
	}
	if got := run("etcdctl alarm list"); got != alarm {
		t.Fatalf("alarm list: %q", got)
	}
	if got := run("etcdctl endpoint status -w fields"); !strings.Contains(got, `"Errors" : [memberID:10276657743932975437 alarm:NOSPACE ]`) {
		t.Fatalf("endpoint status does not carry the alarm:\n%s", got)
	}
	rev := sh.World().Etcd.Metrics().CurrentRevision
	run("etcdctl compaction " + itoa(rev))
	if got := run("etcdctl defrag"); got != "Finished defragmenting etcd member[127.0.0.1:2379]. took 0s\n" {
		t.Fatalf("defrag: %q", got)
	}
	if out := run("etcdctl put after-defrag 1"); !strings.Contains(out, "database space exceeded") {
		t.Fatalf("a put after defrag but before disarm: %q", out)
	}
	if got := run("etcdctl alarm disarm"); got != alarm {
		t.Fatalf("disarm prints the alarms it cleared: %q", got)
	}
	if got := run("etcdctl put after-disarm 1"); got != "OK\n" {
		t.Fatalf("a put after disarm: %q", got)
	}
	if got := run("etcdctl alarm list"); got != "" {
		t.Fatalf("alarm list after disarm: %q", got)
	}
	if out := run("etcdctl alarm raise"); !strings.Contains(out, "alarm needs a subcommand: list or disarm") {
		t.Fatalf("alarm raise is not a subcommand: %q", out)
	}
}

func itoa(n int64) string {
	s := ""
	for n > 0 || s == "" {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
