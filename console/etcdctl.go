package console

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"watchscope/engine"
	"watchscope/mvcc"
)

// etcdctl implements the part of etcdctl 3.6 that teaches MVCC: put, get,
// del, txn, compaction, watch, lease, member list and endpoint status, with
// etcdctl's flags, argument errors, output formats and, before every error
// the server returns, the client library's JSON warning line (etcdwarn.go).

var etcdctlCommands = []string{"put", "get", "del", "txn", "compaction", "compact", "watch", "lease", "member", "endpoint", "defrag", "alarm"}

// Global flags every etcdctl command accepts.
var (
	globalBools  = []string{"hex", "debug"}
	globalValues = []string{"write-out", "endpoints", "dial-timeout", "command-timeout"}
	globalShort  = map[string]string{"w": "write-out"}
)

func etcdctlSpec(bools, values []string) flagSpec {
	return flagSpec{
		Bools:  append(append([]string{}, globalBools...), bools...),
		Values: append(append([]string{}, globalValues...), values...),
		Short:  globalShort,
		Plain:  true,
	}
}

func (sh *Shell) etcdctl(words []string) (string, error) {
	cmd, rest := etcdctlSubcommand(words)
	out, err := sh.etcdctlRun(cmd, rest)
	var fe flagError
	if errors.As(err, &fe) {
		return out, usageError{fe, etcdctlUsage(cmd, rest)}
	}
	return out, err
}

// usageError is a flag error followed by the command's usage, as cobra
// prints it for etcdctl: "Error: <pflag's words>", then the usage text.
type usageError struct {
	err   error
	usage string
}

func (e usageError) Error() string { return e.err.Error() + "\n" + e.usage }
func (e usageError) Unwrap() error { return e.err }

// etcdctlHelp is each etcdctl 3.6.16 command's NAME line and USAGE line,
// as its usage text prints them.
var etcdctlHelp = map[string][2]string{
	"put":              {"Puts the given key into the store", "etcdctl put [options] <key> <value> (<value> can also be given from stdin) [flags]"},
	"get":              {"Gets the key or a range of keys", "etcdctl get [options] <key> [range_end] [flags]"},
	"del":              {"Removes the specified key or range of keys [key, range_end)", "etcdctl del [options] <key> [range_end] [flags]"},
	"txn":              {"Txn processes all the requests in one transaction", "etcdctl txn [options] [flags]"},
	"compaction":       {"Compacts the event history in etcd", "etcdctl compaction [options] <revision> [flags]"},
	"watch":            {"Watches events stream on keys or prefixes", "etcdctl watch [options] [key or prefix] [range_end] [--] [exec-command arg1 arg2 ...] [flags]"},
	"lease":            {"Lease related commands", "etcdctl lease <subcommand> [flags]"},
	"lease grant":      {"Creates leases", "etcdctl lease grant <ttl> [flags]"},
	"lease revoke":     {"Revokes leases", "etcdctl lease revoke <leaseID> [flags]"},
	"lease timetolive": {"Get lease information", "etcdctl lease timetolive <leaseID> [options] [flags]"},
	"lease list":       {"List all active leases", "etcdctl lease list [flags]"},
	"lease keep-alive": {"Keeps leases alive (renew)", "etcdctl lease keep-alive [options] <leaseID> [flags]"},
	"member":           {"Membership related commands", "etcdctl member <subcommand> [flags]"},
	"member list":      {"Lists all members in the cluster", "etcdctl member list [flags]"},
	"endpoint":         {"Endpoint related commands", "etcdctl endpoint <subcommand> [flags]"},
	"endpoint status":  {"Prints out the status of endpoints specified in `--endpoints` flag", "etcdctl endpoint status [flags]"},
	"defrag":           {"Defragments the storage of the etcd members with given endpoints", "etcdctl defrag [flags]"},
	"alarm":            {"Alarm related commands", "etcdctl alarm <subcommand> [flags]"},
	"alarm list":       {"Lists all alarms", "etcdctl alarm list [flags]"},
	"alarm disarm":     {"Disarms all alarms", "etcdctl alarm disarm [flags]"},
}

// etcdctlUsage is the start of the usage text etcdctl prints after a flag
// error: its NAME and USAGE sections, exactly. The console leaves out the
// rest (DESCRIPTION, the command's OPTIONS and the 20 GLOBAL OPTIONS about
// TLS, endpoints and timeouts): "help" lists the flags it simulates.
func etcdctlUsage(cmd string, rest []string) string {
	if cmd == "compact" {
		cmd = "compaction"
	}
	path := cmd
	if sub, _ := etcdctlSubcommand(rest); sub != "" {
		if _, ok := etcdctlHelp[cmd+" "+sub]; ok {
			path = cmd + " " + sub
		}
	}
	h, ok := etcdctlHelp[path]
	if !ok {
		return "NAME:\n  etcdctl - A simple command line client for etcd3.\n\nUSAGE:\n  etcdctl [flags]"
	}
	return fmt.Sprintf("NAME:\n  %s - %s\n\nUSAGE:\n  %s", path, h[0], h[1])
}

// etcdctlRun runs one etcdctl command.
func (sh *Shell) etcdctlRun(cmd string, rest []string) (string, error) {
	switch cmd {
	case "put":
		return sh.etcdPut(rest)
	case "get":
		return sh.etcdGet(rest)
	case "del":
		return sh.etcdDel(rest)
	case "txn":
		return sh.etcdTxn(rest)
	case "compaction", "compact":
		return sh.etcdCompact(rest)
	case "watch":
		return sh.etcdWatch(rest)
	case "lease":
		return sh.etcdLease(rest)
	case "member":
		return sh.etcdMember(rest)
	case "endpoint":
		return sh.etcdEndpoint(rest)
	case "defrag":
		return sh.etcdDefrag(rest)
	case "alarm":
		return sh.etcdAlarm(rest)
	case "":
		return "", errors.New(`etcdctl needs a command (put, get, del, txn, compaction, watch, lease, member list, endpoint status, defrag, alarm)`)
	}
	return "", unknownCommand(cmd, "etcdctl", etcdctlCommands)
}

// etcdctlSubcommand finds the command word: global flags may come before
// it (`etcdctl -w json get a`); they stay with the command's words.
func etcdctlSubcommand(words []string) (string, []string) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if !strings.HasPrefix(w, "-") || w == "-" {
			rest := append(append([]string{}, words[:i]...), words[i+1:]...)
			return w, rest
		}
		name := strings.TrimLeft(w, "-")
		if long, ok := globalShort[name]; ok && !strings.HasPrefix(w, "--") {
			name = long
		}
		if contains(globalValues, name) && !strings.Contains(w, "=") {
			i++
		}
	}
	return "", nil
}

func unknownCommand(cmd, tool string, known []string) error {
	if s := suggest(cmd, known); s != "" {
		return fmt.Errorf("unknown command %q for %q (did you mean %q?)", cmd, tool, s)
	}
	return fmt.Errorf("unknown command %q for %q", cmd, tool)
}

// display is etcdctl's printer choice: the -w format and --hex.
type display struct {
	format string
	hex    bool
}

// errUnsupportedTable is what etcdctl's table printer says for anything but
// member list, endpoint status/health/hashkv: after the request ran.
func errUnsupported(format string) error {
	return errors.New(format + " not supported as output format")
}

// outputFormat validates -w as etcdctl does before it connects: simple,
// json, fields, protobuf and table are printers; anything else is
// "unsupported output format". protobuf writes binary messages, which a
// console cannot show.
func outputFormat(p parsedFlags) (display, error) {
	d := display{format: p.String("write-out", "simple"), hex: p.Bool("hex")}
	switch d.format {
	case "simple", "json", "fields", "table":
		return d, nil
	case "protobuf":
		return d, errors.New("-w protobuf prints binary protobuf messages; the console shows simple, json, fields and table")
	}
	return d, errors.New("unsupported output format")
}

// kvOnly refuses table for the key-value commands, as etcdctl does once the
// response has arrived (the request has been served).
func (d display) kvOnly() error {
	if d.format == "table" {
		return errUnsupported("table")
	}
	return nil
}

func (sh *Shell) etcdPut(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"prev-kv", "ignore-value", "ignore-lease"}, []string{"lease"}))
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	req, err := putFromArgs(p, sh.stdin)
	if err != nil {
		return "", err
	}
	resp, err := sh.etcd().Put(req)
	if err != nil {
		return sh.rpcFailed("/etcdserverpb.KV/Put", err)
	}
	sh.record(engine.KindPut, fmt.Sprintf("key=%s rev=%d", req.Key, resp.Header.Revision), resp.Header.Revision)
	if err := d.kvOnly(); err != nil {
		return "", err
	}
	return printPut(d, resp), nil
}

// putFromArgs is etcdctl's getPutOp: "<key> <value>" (more words are
// ignored), "<key>" alone with --ignore-value, or "<key>" and the value
// from standard input (a here-document: all of it, its last line break
// too, as etcdctl's argOrStdin reads it); --lease in hex.
func putFromArgs(p parsedFlags, stdin string) (mvcc.PutRequest, error) {
	if len(p.Args) == 0 {
		return mvcc.PutRequest{}, errors.New("put command needs 1 argument and input from stdin or 2 arguments")
	}
	req := mvcc.PutRequest{Key: []byte(p.Args[0]), PrevKv: p.Bool("prev-kv"),
		IgnoreValue: p.Bool("ignore-value"), IgnoreLease: p.Bool("ignore-lease")}
	if req.IgnoreValue && len(p.Args) > 1 {
		return mvcc.PutRequest{}, errors.New("put command needs only 1 argument when 'ignore-value' is set")
	}
	if !req.IgnoreValue {
		switch {
		case len(p.Args) >= 2:
			req.Value = []byte(p.Args[1])
		case stdin != "":
			req.Value = []byte(stdin)
		default:
			return mvcc.PutRequest{}, errors.New("put command needs 1 argument and input from stdin or 2 arguments")
		}
	}
	id, err := strconv.ParseInt(p.String("lease", "0"), 16, 64)
	if err != nil {
		return mvcc.PutRequest{}, fmt.Errorf("bad lease ID (%w), expecting ID in Hex", err)
	}
	req.Lease = id
	return req, nil
}

var getBools = []string{"prefix", "from-key", "keys-only", "count-only", "print-value-only"}
var getValues = []string{"rev", "limit", "consistency", "sort-by", "order",
	"min-create-rev", "max-create-rev", "min-mod-rev", "max-mod-rev"}

func (sh *Shell) etcdGet(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec(getBools, getValues))
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	req, err := getFromArgs(p)
	if err != nil {
		return "", err
	}
	resp, err := sh.etcd().Range(req)
	if err != nil {
		return sh.rpcFailed("/etcdserverpb.KV/Range", err)
	}
	if req.CountOnly && d.format != "fields" {
		return "", errors.New("--count-only is only for `--write-out=fields`")
	}
	valueOnly := p.Bool("print-value-only")
	if valueOnly && d.format != "simple" {
		return "", errors.New("print-value-only is only for `--write-out=simple`")
	}
	if err := d.kvOnly(); err != nil {
		return "", err
	}
	return printGet(d, valueOnly, resp), nil
}

// getFromArgs is etcdctl's getGetOp, with its checks in its order.
func getFromArgs(p parsedFlags) (mvcc.RangeRequest, error) {
	if len(p.Args) == 0 {
		return mvcc.RangeRequest{}, errors.New("get command needs one argument as key and an optional argument as range_end")
	}
	if p.Bool("prefix") && p.Bool("from-key") {
		return mvcc.RangeRequest{}, errors.New("`--prefix` and `--from-key` cannot be set at the same time, choose one")
	}
	if p.Bool("keys-only") && p.Bool("count-only") {
		return mvcc.RangeRequest{}, errors.New("`--keys-only` and `--count-only` cannot be set at the same time, choose one")
	}
	if c := p.String("consistency", "l"); c != "l" && c != "s" {
		return mvcc.RangeRequest{}, fmt.Errorf("unknown consistency flag %q", c)
	}
	req, err := rangeFromArgs(p)
	if err != nil {
		return req, err
	}
	ints := map[string]*int64{"limit": &req.Limit, "rev": &req.Revision,
		"min-create-rev": &req.MinCreateRevision, "max-create-rev": &req.MaxCreateRevision,
		"min-mod-rev": &req.MinModRevision, "max-mod-rev": &req.MaxModRevision}
	for _, name := range getValues {
		if dst, ok := ints[name]; ok {
			if *dst, err = p.Int64(name, 0); err != nil {
				return req, err
			}
		}
	}
	req.Revision = max(req.Revision, 0)
	if req.SortOrder, err = sortOrder(p.String("order", "")); err != nil {
		return req, err
	}
	if req.SortTarget, err = sortTarget(p.String("sort-by", "")); err != nil {
		return req, err
	}
	req.KeysOnly, req.CountOnly = p.Bool("keys-only"), p.Bool("count-only")
	if req.MaxCreateRevision > 0 && req.MinCreateRevision > req.MaxCreateRevision {
		return req, fmt.Errorf("getMinCreateRev(=%d) > getMaxCreateRev(=%d)", req.MinCreateRevision, req.MaxCreateRevision)
	}
	if req.MaxModRevision > 0 && req.MinModRevision > req.MaxModRevision {
		return req, fmt.Errorf("getMinModRev(=%d) > getMaxModRev(=%d)", req.MinModRevision, req.MaxModRevision)
	}
	return req, nil
}

func sortOrder(s string) (mvcc.SortOrder, error) {
	switch strings.ToUpper(s) {
	case "":
		return mvcc.SortNone, nil
	case "ASCEND":
		return mvcc.SortAscend, nil
	case "DESCEND":
		return mvcc.SortDescend, nil
	}
	return 0, fmt.Errorf("bad sort order %v", s)
}

func sortTarget(s string) (mvcc.SortTarget, error) {
	switch strings.ToUpper(s) {
	case "", "KEY":
		return mvcc.SortByKey, nil
	case "CREATE":
		return mvcc.SortByCreate, nil
	case "MODIFY":
		return mvcc.SortByMod, nil
	case "VALUE":
		return mvcc.SortByValue, nil
	case "VERSION":
		return mvcc.SortByVersion, nil
	}
	return 0, fmt.Errorf("bad sort target %v", s)
}

// rangeFromArgs turns "<key> [range_end]" plus --prefix / --from-key into
// the key range etcd expects, with etcdctl's argument errors. Words after
// range_end are ignored, as etcdctl ignores them.
func rangeFromArgs(p parsedFlags) (mvcc.RangeRequest, error) {
	prefix, fromKey := p.Bool("prefix"), p.Bool("from-key")
	key := []byte(p.Args[0])
	var end []byte
	if len(p.Args) > 1 {
		if prefix || fromKey {
			return mvcc.RangeRequest{}, errors.New("too many arguments, only accept one argument when `--prefix` or `--from-key` is set")
		}
		end = []byte(p.Args[1])
	}
	switch {
	case prefix && len(key) == 0, fromKey && len(key) == 0:
		key, end = []byte{0}, []byte{0}
	case prefix:
		end = mvcc.PrefixEnd(key)
	case fromKey:
		end = []byte{0}
	}
	return mvcc.RangeRequest{Key: key, RangeEnd: end}, nil
}

// delRangeWait is how long etcdctl waits after warning that a key range
// given as two arguments will be deleted.
const delRangeWait = 2 * time.Second

func (sh *Shell) etcdDel(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"prefix", "from-key", "prev-kv", "range"}, nil))
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	if len(p.Args) == 0 || len(p.Args) > 2 {
		return "", errors.New("del command needs one argument as key and an optional argument as range_end")
	}
	if p.Bool("prefix") && p.Bool("from-key") {
		return "", errors.New("`--prefix` and `--from-key` cannot be set at the same time, choose one")
	}
	rr, err := rangeFromArgs(p)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	if len(p.Args) == 2 && !p.Bool("range") {
		out.WriteString(sh.delRangeWait(p.Args[0], p.Args[1]))
	}
	resp, err := sh.etcd().DeleteRange(mvcc.DeleteRangeRequest{
		Key: rr.Key, RangeEnd: rr.RangeEnd, PrevKv: p.Bool("prev-kv"),
	})
	if err != nil {
		warn, err := sh.rpcFailed("/etcdserverpb.KV/DeleteRange", err)
		return out.String() + warn, err
	}
	sh.record(engine.KindDelete, fmt.Sprintf("key=%q end=%q deleted=%d rev=%d", rr.Key, rr.RangeEnd, resp.Deleted, resp.Header.Revision), resp.Header.Revision)
	if err := d.kvOnly(); err != nil {
		return out.String(), err
	}
	return out.String() + printDel(d, resp), nil
}

// delRangeWait prints etcdctl's warning about deleting a key range given as
// two words and lets 2 s of virtual time pass, as etcdctl sleeps; what open
// watches print meanwhile follows the warning.
func (sh *Shell) delRangeWait(from, to string) string {
	warn := fmt.Sprintf("Warning: Keys between %q and %q will be deleted. Please interrupt the command within next 2 seconds to cancel. "+
		"You can provide `--range` flag to avoid the delay.\n", from, to)
	sh.w.RunFor(delRangeWait)
	return warn + sh.drainWatches()
}

func (sh *Shell) etcdCompact(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"physical"}, nil))
	if err != nil {
		return "", err
	}
	if _, err := outputFormat(p); err != nil {
		return "", err
	}
	if len(p.Args) != 1 {
		return "", errors.New("compaction command needs 1 argument")
	}
	rev, err := strconv.ParseInt(p.Args[0], 10, 64)
	if err != nil {
		return "", fmt.Errorf("strconv.ParseInt: parsing %q: invalid syntax", p.Args[0])
	}
	if _, err := sh.etcd().Compact(rev); err != nil {
		return sh.rpcFailed("/etcdserverpb.KV/Compact", err)
	}
	sh.record(engine.KindCompact, fmt.Sprintf("rev=%d", rev), rev)
	return fmt.Sprintf("compacted revision %d\n", rev), nil
}

func (sh *Shell) etcdEndpoint(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"cluster"}, nil))
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	if len(p.Args) == 0 || p.Args[0] != "status" {
		return "", errors.New(`endpoint needs a subcommand: status`)
	}
	return printStatus(d, sh.etcd().Status(), sh.quotaBytes()), nil
}

func (sh *Shell) etcdMember(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec(nil, []string{"consistency"}))
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	if len(p.Args) == 0 || p.Args[0] != "list" {
		return "", errors.New(`member needs a subcommand: list (the simulated cluster has one member)`)
	}
	if c := p.String("consistency", "l"); c != "l" && c != "s" {
		// etcdctl's IsSerializable names get's flag variable, which member
		// list never sets: it always says "l".
		return "", fmt.Errorf("unknown consistency flag %q", "l")
	}
	return printMemberList(d, sh.etcd().Status().Header), nil
}
