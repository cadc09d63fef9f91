package console

import (
	"errors"
	"fmt"
	"strconv"

	"watchscope/mvcc"
)

// etcdctl implements the subset of etcdctl 3.6 that teaches MVCC: put,
// get, del, compaction, watch and endpoint status, with etcdctl's flags,
// argument errors and output formats.

var etcdctlCommands = []string{"put", "get", "del", "compaction", "compact", "watch", "endpoint"}

// Global flags every etcdctl command accepts.
var (
	globalBools  = []string{"hex"}
	globalValues = []string{"write-out", "endpoints"}
	globalShort  = map[string]string{"w": "write-out"}
)

func etcdctlSpec(bools, values []string) flagSpec {
	return flagSpec{
		Bools:  append(append([]string{}, globalBools...), bools...),
		Values: append(append([]string{}, globalValues...), values...),
		Short:  globalShort,
	}
}

func (sh *Shell) etcdctl(words []string) (string, error) {
	if len(words) == 0 {
		return "", errors.New(`etcdctl needs a command (put, get, del, compaction, watch, endpoint status)`)
	}
	cmd, rest := words[0], words[1:]
	switch cmd {
	case "put":
		return sh.etcdPut(rest)
	case "get":
		return sh.etcdGet(rest)
	case "del":
		return sh.etcdDel(rest)
	case "compaction", "compact":
		return sh.etcdCompact(rest)
	case "watch":
		return sh.etcdWatch(rest)
	case "endpoint":
		return sh.etcdEndpoint(rest)
	}
	return "", unknownCommand(cmd, "etcdctl", etcdctlCommands)
}

func unknownCommand(cmd, tool string, known []string) error {
	if s := suggest(cmd, known); s != "" {
		return fmt.Errorf("unknown command %q for %q (did you mean %q?)", cmd, tool, s)
	}
	return fmt.Errorf("unknown command %q for %q", cmd, tool)
}

// outputFormat validates -w; etcdctl knows simple, json, fields, protobuf
// and table, of which the simulation prints the first three.
func outputFormat(p parsedFlags) (string, error) {
	f := p.String("write-out", "simple")
	switch f {
	case "simple", "json", "fields":
		return f, nil
	case "table", "protobuf":
		return "", fmt.Errorf("-w %s is not simulated here; use simple, json or fields", f)
	}
	return "", fmt.Errorf("unknown output format %q (use simple, json or fields)", f)
}

func (sh *Shell) etcdPut(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"prev-kv"}, nil))
	if err != nil {
		return "", err
	}
	format, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	if len(p.Args) != 2 {
		return "", errors.New("put command needs 1 argument and input from stdin or 2 arguments")
	}
	resp, err := sh.etcd().Put(mvcc.PutRequest{
		Key: []byte(p.Args[0]), Value: []byte(p.Args[1]), PrevKv: p.Bool("prev-kv"),
	})
	if err != nil {
		return "", err
	}
	sh.record("PUT", fmt.Sprintf("key=%s rev=%d", p.Args[0], resp.Header.Revision))
	return printPut(format, resp), nil
}

func (sh *Shell) etcdGet(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec(
		[]string{"prefix", "from-key", "keys-only", "count-only", "print-value-only"},
		[]string{"rev", "limit", "consistency"}))
	if err != nil {
		return "", err
	}
	format, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	req, err := rangeFromArgs("get", p)
	if err != nil {
		return "", err
	}
	if req.Revision, err = p.Int64("rev", 0); err != nil {
		return "", err
	}
	if req.Limit, err = p.Int64("limit", 0); err != nil {
		return "", err
	}
	if p.Bool("keys-only") && p.Bool("count-only") {
		return "", errors.New("`--keys-only` and `--count-only` cannot be set at the same time, choose one")
	}
	req.KeysOnly, req.CountOnly = p.Bool("keys-only"), p.Bool("count-only")
	resp, err := sh.etcd().Range(req)
	if err != nil {
		return "", err
	}
	if req.CountOnly && format != "fields" {
		return "", errors.New("--count-only is only for `--write-out=fields`")
	}
	return printGet(format, resp), nil
}

// rangeFromArgs turns "<key> [range_end]" plus --prefix / --from-key into
// the key range etcd expects, with etcdctl's argument errors.
func rangeFromArgs(cmd string, p parsedFlags) (mvcc.RangeRequest, error) {
	if len(p.Args) == 0 || len(p.Args) > 2 {
		return mvcc.RangeRequest{}, fmt.Errorf("%s command needs one argument as key and an optional argument as range_end", cmd)
	}
	prefix, fromKey := p.Bool("prefix"), p.Bool("from-key")
	if prefix && fromKey {
		return mvcc.RangeRequest{}, errors.New("`--prefix` and `--from-key` cannot be set at the same time, choose one")
	}
	key := []byte(p.Args[0])
	var end []byte
	if len(p.Args) == 2 {
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

func (sh *Shell) etcdDel(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"prefix", "from-key", "prev-kv", "range"}, nil))
	if err != nil {
		return "", err
	}
	format, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	rr, err := rangeFromArgs("del", p)
	if err != nil {
		return "", err
	}
	resp, err := sh.etcd().DeleteRange(mvcc.DeleteRangeRequest{
		Key: rr.Key, RangeEnd: rr.RangeEnd, PrevKv: p.Bool("prev-kv"),
	})
	if err != nil {
		return "", err
	}
	sh.record("DELETE", fmt.Sprintf("key=%q end=%q deleted=%d rev=%d", rr.Key, rr.RangeEnd, resp.Deleted, resp.Header.Revision))
	return printDel(format, resp), nil
}

func (sh *Shell) etcdCompact(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"physical"}, nil))
	if err != nil {
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
		return "", err
	}
	sh.record("COMPACT", fmt.Sprintf("rev=%d", rev))
	return fmt.Sprintf("compacted revision %d\n", rev), nil
}

func (sh *Shell) etcdEndpoint(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"cluster"}, nil))
	if err != nil {
		return "", err
	}
	format, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	if len(p.Args) != 1 || p.Args[0] != "status" {
		return "", errors.New(`endpoint needs a subcommand: status`)
	}
	return printStatus(format, sh.etcd().Status(), sh.quotaBytes()), nil
}
