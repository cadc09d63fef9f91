package console

import (
	"strconv"
	"strings"
	"testing"

	"watchscope/engine"
)

func testShell(t *testing.T) *Shell {
	t.Helper()
	_, sh, err := NewWorld(engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// run executes lines and returns the transcript of outputs and errors.
func run(t *testing.T, sh *Shell, lines ...string) string {
	t.Helper()
	var b strings.Builder
	for _, l := range lines {
		out, err := sh.Exec(l)
		b.WriteString(out)
		if err != nil {
			b.WriteString(ErrorLine(err) + "\n")
		}
	}
	return b.String()
}

// answers is a table of console lines and what each must print, in order.
type answers []struct{ line, want string }

// expect runs each line of a on sh in turn and compares what it printed.
func (a answers) expect(t *testing.T, sh *Shell) {
	t.Helper()
	for _, c := range a {
		if got := run(t, sh, c.line); got != c.want {
			t.Errorf("%s = %q, want %q", c.line, got, c.want)
		}
	}
}

func TestEtcdctlOutputs(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		cmd   string
		want  string
	}{
		{"put prints OK", nil, "etcdctl put a 1", "OK\n"},
		{"put without etcdctl word", nil, "put a 1", "OK\n"},
		{"put prev-kv", []string{"put a 1"}, "put a 2 --prev-kv", "OK\na\n1\n"},
		{"get simple", []string{"put a 1", "put b 2"}, "get a", "a\n1\n"},
		{"get prefix", []string{"put a/1 x", "put a/2 y", "put b z"}, "get a/ --prefix", "a/1\nx\na/2\ny\n"},
		{"get keys-only keeps etcdctl's blank value line", []string{"put a 1"}, "get a --keys-only", "a\n\n"},
		{"get range end", []string{"put a 1", "put b 2", "put c 3"}, "get a c", "a\n1\nb\n2\n"},
		{"get from-key", []string{"put a 1", "put b 2", "put c 3"}, "get b --from-key", "b\n2\nc\n3\n"},
		{"get limit", []string{"put a 1", "put b 2"}, "get --prefix '' --limit 1", "a\n1\n"},
		{"get at old revision", []string{"put a 1", "put a 2"}, "get a --rev 2", "a\n1\n"},
		{"get json base64", []string{"put a 1"}, "get a -w json",
			`{"header":{"cluster_id":CID,"member_id":MID,"revision":2,"raft_term":TERM},"kvs":[{"key":"YQ==","create_revision":2,"mod_revision":2,"version":1,"value":"MQ=="}],"count":1}` + "\n"},
		{"get count-only needs fields", []string{"put a 1"}, "get a --count-only",
			"Error: --count-only is only for `--write-out=fields`\n"},
		{"del count", []string{"put a 1", "put ab 2"}, "del a --prefix", "2\n"},
		{"del missing", nil, "del nope", "0\n"},
		{"compaction", []string{"put a 1", "put a 2"}, "compaction 2", "compacted revision 2\n"},
		{"compact alias", []string{"put a 1"}, "compact 2", "compacted revision 2\n"},
		{"read below compaction", []string{"put a 1", "put a 2", "put a 3", "compaction 3"}, "get a --rev 2",
			realWarning("/etcdserverpb.KV/Range", "OutOfRange", "etcdserver: mvcc: required revision has been compacted") +
				"Error: etcdserver: mvcc: required revision has been compacted\n"},
		{"future revision", []string{"put a 1"}, "get a --rev 9",
			realWarning("/etcdserverpb.KV/Range", "OutOfRange", "etcdserver: mvcc: required revision is a future revision") +
				"Error: etcdserver: mvcc: required revision is a future revision\n"},
		{"prefix and from-key", nil, "get a --prefix --from-key",
			"Error: `--prefix` and `--from-key` cannot be set at the same time, choose one\n"},
		// pflag's words, no hint, then the NAME and USAGE of etcdctl 3.6.16's
		// usage text (conformance/live 09-unknown-flags; the console leaves out
		// the rest, DIVERGENCES.md).
		{"unknown flag: pflag's words only", nil, "get a --prefx",
			"Error: unknown flag: --prefx\nNAME:\n  get - Gets the key or a range of keys\n\nUSAGE:\n  etcdctl get [options] <key> [range_end] [flags]\n"},
		{"flag without its value", nil, "lease grant --bogus 10",
			"Error: unknown flag: --bogus\nNAME:\n  lease grant - Creates leases\n\nUSAGE:\n  etcdctl lease grant <ttl> [flags]\n"},
		{"bad bool", nil, "get a --prefix=x",
			"Error: invalid argument \"x\" for \"--prefix\" flag: strconv.ParseBool: parsing \"x\": invalid syntax\nNAME:\n  get - Gets the key or a range of keys\n\nUSAGE:\n  etcdctl get [options] <key> [range_end] [flags]\n"},
		{"unknown command suggests", nil, "pt a 1", `Error: unknown command "pt" (did you mean "put"? try "help")` + "\n"},
		{"bad rev", nil, "get a --rev x",
			`Error: invalid argument "x" for "--rev" flag: strconv.ParseInt: parsing "x": invalid syntax` + "\n"},
		{"unclosed quote", nil, `put a "b`, "Error: unclosed \" quote (opened at column 7)\n"},
		{"quoted value", nil, `put a "hello world"`, "OK\n"},
		{"bad duration", nil, "sim advance soon", `Error: invalid duration "soon" (use forms like 500ms, 5s, 2m)` + "\n"},
		{"negative duration", nil, "sim advance -5s", `Error: invalid duration "-5s": must not be negative` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := testShell(t)
			run(t, sh, tt.setup...)
			got := run(t, sh, tt.cmd)
			want := strings.NewReplacer("CID", u64(sh.etcd().Status().Header.ClusterID),
				"MID", u64(sh.etcd().Status().Header.MemberID),
				"TERM", u64(sh.etcd().Status().Header.RaftTerm)).Replace(tt.want)
			if got != want {
				t.Errorf("%s:\n got %q\nwant %q", tt.cmd, got, want)
			}
		})
	}
}

func u64(v uint64) string { return strconv.FormatUint(v, 10) }

// A watch stays open and prints events after the output of later commands,
// in etcdctl's simple format: type, key, value.
func TestWatchPrintsBetweenCommands(t *testing.T) {
	sh := testShell(t)
	got := run(t, sh, "watch a", "put a 1", "put b 1", "del a")
	want := "OK\nPUT\na\n1\nOK\n1\nDELETE\na\n\n"
	if got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}

// A watch from a revision replays history first; one from below the
// compact revision is canceled with etcd's error, then etcdctl exits.
func TestWatchHistoryAndCompactionCancel(t *testing.T) {
	sh := testShell(t)
	run(t, sh, "put a 1", "put a 2", "put a 3", "compaction 3")
	got := run(t, sh, "watch a --rev 3")
	if want := "PUT\na\n2\nPUT\na\n3\n"; got != want {
		t.Fatalf("watch from compact rev: got %q want %q", got, want)
	}
	got = run(t, sh, "watch a --rev 2")
	want := "watch was canceled (etcdserver: mvcc: required revision has been compacted)\n" +
		"Error: watch is canceled by the server\n"
	if got != want {
		t.Fatalf("watch below compact rev: got %q want %q", got, want)
	}
}

func TestHumanBytes(t *testing.T) {
	tests := []struct {
		in   uint64
		want string
	}{{5, "5 B"}, {20480, "20 kB"}, {2147483648, "2.1 GB"}, {1572864, "1.6 MB"}}
	for _, tt := range tests {
		if got := humanBytes(tt.in); got != tt.want {
			t.Errorf("humanBytes(%d) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
