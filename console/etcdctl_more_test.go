package console

import (
	"strings"
	"testing"
)

// realWarning is the JSON line etcdctl 3.6.16 printed before each server
// error when run against a real etcd 3.6.16 (conformance/live), with the
// time, connection pointer and local port as the console fixes them (the
// console's world is at virtual time 0 in these tests).
func realWarning(method, code, msg string) string {
	return `{"level":"warn","ts":"2026-01-01T00:00:00.000000Z","logger":"etcd-client","caller":"v3@v3.6.16/retry_interceptor.go:68",` +
		`"msg":"retrying of unary invoker failed","target":"etcd-endpoints://0xc0001c8000/127.0.0.1:2379",` +
		`"peer":"Peer{Addr: '127.0.0.1:2379', LocalAddr: '127.0.0.1:40866', AuthInfo: 'insecure'}",` +
		`"method":"` + method + `","attempt":0,"error":"rpc error: code = ` + code + ` desc = ` + msg + `"}` + "\n"
}

// TestEtcdctlRealOutputs: each expected text is what etcdctl 3.6.16 printed
// against etcd 3.6.16 for the same commands (cluster and member IDs and
// lease IDs replaced by the simulated member's).
func TestEtcdctlRealOutputs(t *testing.T) {
	four := []string{"put s1 b", "put s2 a", "put s3 c", "put s2 z"} // revisions 2..5
	tests := []struct {
		name  string
		setup []string
		cmd   string
		want  string
	}{
		{"extra put argument ignored", nil, "put a b c", "OK\n"},
		{"extra get arguments ignored", []string{"put a 1", "put b 2"}, "get a c z", "a\n1\nb\n2\n"},
		{"sort by value", four, "get s --prefix --sort-by=VALUE", "s1\nb\ns3\nc\ns2\nz\n"},
		{"sort by modify descending", four, "get s --prefix --sort-by=MODIFY --order=DESCEND", "s2\nz\ns3\nc\ns1\nb\n"},
		{"sort by version, limit after sorting", four, "get s --prefix --sort-by=VERSION --limit 1", "s1\nb\n"},
		{"min mod rev, keys only", four, "get s --prefix --min-mod-rev 4 --keys-only", "s2\n\ns3\n\n"},
		{"max create rev below every key", four, "get s --prefix --max-create-rev 1", ""},
		{"min above max", four, "get s --prefix --min-create-rev 5 --max-create-rev 3", "Error: getMinCreateRev(=5) > getMaxCreateRev(=3)\n"},
		{"bad order", nil, "get s --prefix --order=UP", "Error: bad sort order UP\n"},
		{"bad sort target", nil, "get s --prefix --sort-by=foo", "Error: bad sort target foo\n"},
		{"print value only", []string{"put a 1"}, "get a --print-value-only", "1\n"},
		{"print value only refuses json", []string{"put a 1"}, "get a --print-value-only -w json",
			"Error: print-value-only is only for `--write-out=simple`\n"},
		{"bad consistency", nil, "get a --consistency=x", "Error: unknown consistency flag \"x\"\n"},
		{"table refused for get", []string{"put a 1"}, "get a -w table", "Error: table not supported as output format\n"},
		{"table refused for put after the put", nil, "put a 1 -w table", "Error: table not supported as output format\n"},
		{"unknown format", nil, "get a -w yaml", "Error: unsupported output format\n"},
		{"ignore value of a missing key", nil, "put s9 --ignore-value",
			realWarning("/etcdserverpb.KV/Put", "InvalidArgument", "etcdserver: key not found") + "Error: etcdserver: key not found\n"},
		{"ignore value keeps the value", []string{"put s1 b"}, "put s1 --ignore-value", "OK\n"},
		{"fields with hex", []string{"put s1 b"}, "get s1 -w fields --hex",
			"\"ClusterID\" : cdf818194e3a8c32\n\"MemberID\" : 8e9e05c52164694d\n\"Revision\" : 2\n\"RaftTerm\" : 2\n\"Key\" : \"s1\"\n" +
				"\"CreateRevision\" : 2\n\"ModRevision\" : 2\n\"Version\" : 1\n\"Value\" : \"b\"\n\"Lease\" : 0000000000000000\n\"More\" : false\n\"Count\" : 1\n"},
		{"simple with hex", []string{"put ab c"}, "get ab --hex", "\\x61\\x62\n\\x63\n"},
		{"bad lease ID", nil, "put s1 x --lease=zz",
			"Error: bad lease ID (strconv.ParseInt: parsing \"zz\": invalid syntax), expecting ID in Hex\n"},
		{"missing lease", nil, "put s1 x --lease=123",
			realWarning("/etcdserverpb.KV/Put", "NotFound", "etcdserver: requested lease not found") + "Error: etcdserver: requested lease not found\n"},
		{"too large TTL", nil, "lease grant 10000000000",
			realWarning("/etcdserverpb.Lease/LeaseGrant", "OutOfRange", "etcdserver: too large lease TTL") +
				"Error: failed to grant lease (etcdserver: too large lease TTL)\n"},
		{"revoke missing", nil, "lease revoke 123",
			realWarning("/etcdserverpb.Lease/LeaseRevoke", "NotFound", "etcdserver: requested lease not found") +
				"Error: failed to revoke lease (etcdserver: requested lease not found)\n"},
		{"keep-alive once missing", nil, "lease keep-alive --once 123", "Error: etcdserver: requested lease not found\n"},
		{"timetolive missing", nil, "lease timetolive 123 --keys", "lease 0000000000000123 already expired\n"},
		{"lease list json empty", nil, "lease list -w json",
			`{"cluster_id":14841639068965178418,"member_id":10276657743932975437,"revision":1,"raft_term":2,"leases":[]}` + "\n"},
		{"lease grant json raises to the minimum", nil, "lease grant 1 -w json",
			`{"cluster_id":14841639068965178418,"member_id":10276657743932975437,"revision":1,"raft_term":2,"ID":7587891881966043139,"TTL":2,"Error":""}` + "\n"},
		{"member list json", nil, "member list -w json",
			`{"header":{"cluster_id":14841639068965178418,"member_id":10276657743932975437,"raft_term":2},"members":[{"ID":10276657743932975437,"name":"default","peerURLs":["http://localhost:2380"],"clientURLs":["http://localhost:2379"]}]}` + "\n"},
		{"member list", nil, "member list", "8e9e05c52164694d, started, default, http://localhost:2380, http://localhost:2379, false\n"},
		{"member list table", nil, "member list -w table",
			"+------------------+---------+---------+-----------------------+-----------------------+------------+\n" +
				"|        ID        | STATUS  |  NAME   |      PEER ADDRS       |     CLIENT ADDRS      | IS LEARNER |\n" +
				"+------------------+---------+---------+-----------------------+-----------------------+------------+\n" +
				"| 8e9e05c52164694d | started | default | http://localhost:2380 | http://localhost:2379 |      false |\n" +
				"+------------------+---------+---------+-----------------------+-----------------------+------------+\n"},
		{"endpoint status of a fresh member", nil, "endpoint status",
			"127.0.0.1:2379, 8e9e05c52164694d, 3.6.16, 3.6.0, 20 kB, 16 kB, 20%, 2.1 GB, true, false, 2, 4, 4, , , false\n"},
		{"endpoint status raft index after a write", []string{"put a 1"}, "endpoint status",
			"127.0.0.1:2379, 8e9e05c52164694d, 3.6.16, 3.6.0, 20 kB, 16 kB, 20%, 2.1 GB, true, false, 2, 5, 5, , , false\n"},
		{"endpoint status table", nil, "endpoint status -w table",
			"+----------------+------------------+---------+-----------------+---------+--------+-----------------------+--------+-----------+------------+-----------+------------+--------------------+--------+--------------------------+-------------------+\n" +
				"|    ENDPOINT    |        ID        | VERSION | STORAGE VERSION | DB SIZE | IN USE | PERCENTAGE NOT IN USE | QUOTA  | IS LEADER | IS LEARNER | RAFT TERM | RAFT INDEX | RAFT APPLIED INDEX | ERRORS | DOWNGRADE TARGET VERSION | DOWNGRADE ENABLED |\n" +
				"+----------------+------------------+---------+-----------------+---------+--------+-----------------------+--------+-----------+------------+-----------+------------+--------------------+--------+--------------------------+-------------------+\n" +
				"| 127.0.0.1:2379 | 8e9e05c52164694d |  3.6.16 |           3.6.0 |   20 kB |  16 kB |                   20% | 2.1 GB |      true |      false |         2 |          4 |                  4 |        |                          |             false |\n" +
				"+----------------+------------------+---------+-----------------+---------+--------+-----------------------+--------+-----------+------------+-----------+------------+--------------------+--------+--------------------------+-------------------+\n"},
		{"del range warns", []string{"put s1 a", "put s2 b"}, "del s1 s3",
			"Warning: Keys between \"s1\" and \"s3\" will be deleted. Please interrupt the command within next 2 seconds to cancel. You can provide `--range` flag to avoid the delay.\n2\n"},
		{"del range with --range", []string{"put s1 a"}, "del s1 s3 --range", "1\n"},
		{"empty watch range", nil, "watch c a", "watch was canceled (mvcc: watcher range is empty)\nError: watch is canceled by the server\n"},
		{"watch ignores a third word", []string{"put a 1", "del a"}, "watch a b c --rev 1", "PUT\na\n1\nDELETE\na\n\n"},
		{"unknown shorthand", nil, "get a -x", "Error: unknown shorthand flag: 'x' in -x\nNAME:\n  get - Gets the key or a range of keys\n\nUSAGE:\n  etcdctl get [options] <key> [range_end] [flags]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := testShell(t)
			run(t, sh, tt.setup...)
			if got := run(t, sh, tt.cmd); got != tt.want {
				t.Errorf("%s:\n got %q\nwant %q", tt.cmd, got, tt.want)
			}
		})
	}
}

func TestDelRangeWaitsTwoSeconds(t *testing.T) {
	sh := testShell(t)
	run(t, sh, "put a 1")
	before := sh.World().Now()
	run(t, sh, "del a z")
	if d := sh.World().Now() - before; d < delRangeWait {
		t.Errorf("del a z took %v of virtual time, want at least %v", d, delRangeWait)
	}
}

// TestTxnFromStdin: etcdctl txn reads compares, success and failure blocks
// from the lines after it. Outputs as etcdctl 3.6.16 printed them.
func TestTxnFromStdin(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		lines []string
		want  string
	}{
		{"success branch", []string{"put key1 v"},
			[]string{"etcdctl txn", `mod("key1") > "0"`, "", `put key1 "overwrote-key1"`, "get key1", "", "put key1 created", "", ""},
			"SUCCESS\n\nOK\n\nkey1\noverwrote-key1\n"},
		{"failure branch", nil,
			[]string{"txn", `value("key1") = "x"`, "", "put key1 a", "", "put key1 b", "put key2 c", ""},
			"FAILURE\n\nOK\n\nOK\n"},
		{"version and create compares", []string{"put k a", "put k b"},
			[]string{"txn", `ver("k") = "2"`, `c("k") = "2"`, "", "del k", "", ""},
			"SUCCESS\n\n1\n"},
		{"interactive prompts", nil,
			[]string{"txn -i", "", "", ""},
			"compares:\nsuccess requests (get, put, del):\nfailure requests (get, put, del):\nSUCCESS\n"},
		{"json", []string{"put a 1"},
			[]string{"txn -w json", `val("a") = "1"`, "", "put a 2", "get a", "", ""},
			`{"header":{"cluster_id":14841639068965178418,"member_id":10276657743932975437,"revision":3,"raft_term":2},"succeeded":true,` +
				`"responses":[{"Response":{"response_put":{"header":{"revision":3}}}},{"Response":{"response_range":{"header":{"revision":3},` +
				`"kvs":[{"key":"YQ==","create_revision":2,"mod_revision":3,"version":2,"value":"Mg=="}],"count":1}}}]}` + "\n"},
		{"malformed compare", nil, []string{"txn", `mod(key1) > 0`, "", "", ""},
			`Error: malformed comparison: mod(key1) > 0; got mod("")  ""` + "\n"},
		{"unknown target", nil, []string{"txn", `foo("a") = "1"`, "", "", ""},
			"Error: malformed comparison: foo(\"a\") = \"1\" (unknown target foo)\n"},
		{"bad number", nil, []string{"txn", `mod("a") = "x"`, "", "", ""},
			"Error: invalid txn compare request: mod(\"a\") = \"x\"\n"},
		{"bad request", nil, []string{"txn", "", "get a -w json", "", ""},
			"Error: invalid txn request: get a -w json\n"},
		{"one word request", nil, []string{"txn", "", "get", "", ""},
			"Error: invalid txn compare request: get\n"},
		{"lease compare in hex", nil, []string{"txn", `lease("a") = "0"`, "", "put a 1", "", ""},
			"SUCCESS\n\nOK\n"},
		{"txn arguments refused", nil, []string{"txn extra"}, "Error: txn command does not accept argument\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := testShell(t)
			run(t, sh, tt.setup...)
			if got := run(t, sh, tt.lines...); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			if sh.Pending() {
				t.Error("still collecting input after the third blank line")
			}
		})
	}
}

func TestLeaseCommands(t *testing.T) {
	sh := testShell(t)
	out := run(t, sh, "lease grant 60")
	const want = "lease 694d000000000004 granted with TTL(60s)\n"
	if !strings.HasPrefix(out, "lease 694d") || !strings.HasSuffix(out, " granted with TTL(60s)\n") || len(out) != len(want) {
		t.Fatalf("grant: %q", out)
	}
	id := out[6:22]
	got := run(t, sh, "put a 1 --lease="+id, "put b 2 --lease="+id, "lease timetolive "+id+" --keys", "lease list")
	if exp := "OK\nOK\nlease " + id + " granted with TTL(60s), remaining(59s), attached keys([a b])\nfound 1 leases\n" + id + "\n"; got != exp {
		t.Errorf("got  %q\nwant %q", got, exp)
	}
	run(t, sh, "sim advance 30s")
	if got := run(t, sh, "lease keep-alive --once "+id, "lease timetolive "+id); got !=
		"lease "+id+" keepalived with TTL(60)\nlease "+id+" granted with TTL(60s), remaining(59s)\n" {
		t.Errorf("keep-alive: %q", got)
	}
	if got := run(t, sh, "lease revoke "+id, "get a b"); got != "lease "+id+" revoked\n" {
		t.Errorf("revoke: %q", got)
	}
	// A lease that is not kept alive expires on the lessor's next tick.
	g := run(t, sh, "lease grant 5")
	short := g[6:22]
	run(t, sh, "put c 3 --lease="+short, "sim advance 5600ms")
	if got := run(t, sh, "get c", "lease timetolive "+short); got != "lease "+short+" already expired\n" {
		t.Errorf("after expiry: %q", got)
	}
}

func TestLeaseKeepAliveRunsInTheBackground(t *testing.T) {
	sh := testShell(t)
	id := run(t, sh, "lease grant 6")[6:22]
	got := run(t, sh, "lease keep-alive "+id, "sim advance 5s", "lease revoke "+id, "sim advance 3s")
	line := "lease " + id + " keepalived with TTL(6)\n"
	want := line + line + line + "lease " + id + " revoked\n" + "lease " + id + " expired or revoked.\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
