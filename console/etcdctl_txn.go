package console

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"

	"watchscope/engine"
	"watchscope/mvcc"
)

// etcdctl txn reads a transaction from standard input, as three blocks of
// lines each ended by a blank line: compares, then the requests to run if
// every compare holds, then the requests to run otherwise. In the console
// the lines typed after `etcdctl txn` are that input (see Shell.Exec): the
// command runs once the third blank line arrives.
//
//	etcdctl txn
//	mod("key1") > "0"
//
//	put key1 "overwrote-key1"
//
//	put key1 "created-key1"
//	put key2 "some extra key"
//
// A compare is TARGET("key") OP "value" with TARGET one of ver|version,
// c|create, m|mod, val|value, lease (hex) and OP one of = != < >.

func txnSpec() flagSpec {
	spec := etcdctlSpec([]string{"interactive"}, nil)
	spec.Short = map[string]string{"w": "write-out", "i": "interactive"}
	return spec
}

var txnPrompts = [3]string{"compares:", "success requests (get, put, del):", "failure requests (get, put, del):"}

func (sh *Shell) etcdTxn(words []string) (string, error) {
	p, err := parseFlags(words, txnSpec())
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	interactive := p.Bool("interactive")
	if len(p.Args) != 0 {
		return "", errors.New("txn command does not accept argument")
	}
	var out strings.Builder
	in := newStdin(sh.stdin)
	var req mvcc.TxnRequest
	sticky := map[string]map[string]string{} // etcdctl's flag variables outlive one line
	for block := range 3 {
		if interactive && !sh.promptsShown {
			out.WriteString(txnPrompts[block] + "\n")
		}
		for {
			line, err := in.readLine()
			if err != nil {
				return out.String(), err
			}
			if line == "" {
				break
			}
			if block == 0 {
				c, err := parseCompare(line)
				if err != nil {
					return out.String(), err
				}
				req.Compare = append(req.Compare, c)
				continue
			}
			op, warn, err := parseTxnOp(line, sticky)
			if err != nil {
				return out.String(), err
			}
			if warn != nil {
				out.WriteString(sh.delRangeWait(warn[0], warn[1]))
			}
			if block == 1 {
				req.Success = append(req.Success, op)
			} else {
				req.Failure = append(req.Failure, op)
			}
		}
	}
	resp, err := sh.etcd().Txn(req)
	if err != nil {
		warn, err := sh.rpcFailed("/etcdserverpb.KV/Txn", err)
		return out.String() + warn, err
	}
	sh.record(engine.KindTxn, fmt.Sprintf("succeeded=%v rev=%d", resp.Succeeded, resp.Header.Revision), resp.Header.Revision)
	if err := d.kvOnly(); err != nil {
		return out.String(), err
	}
	return out.String() + printTxn(d, resp), nil
}

// stdin hands out lines as bufio.Reader.ReadString('\n') does for
// etcdctl, trimmed of spaces; input that ends first is "EOF".
type stdin struct{ rest string }

func newStdin(s string) *stdin { return &stdin{rest: s} }

func (s *stdin) readLine() (string, error) {
	i := strings.IndexByte(s.rest, '\n')
	if i < 0 {
		s.rest = ""
		return "", errors.New("EOF")
	}
	line := s.rest[:i]
	s.rest = s.rest[i+1:]
	return strings.TrimSpace(line), nil
}

// parseCompare is etcdctl's ParseCompare, with Go's fmt.Sscanf reading
// `"key") OP "value"` exactly as etcdctl's does.
func parseCompare(line string) (mvcc.Compare, error) {
	target, rest, ok := strings.Cut(line, "(")
	if !ok {
		return mvcc.Compare{}, fmt.Errorf("malformed comparison: %s", line)
	}
	var key, op, val string
	n, serr := fmt.Sscanf(rest, "%q) %s %q", &key, &op, &val)
	if n != 3 {
		return mvcc.Compare{}, fmt.Errorf("malformed comparison: %s; got %s(%q) %s %q", line, target, key, op, val)
	}
	if serr != nil {
		return mvcc.Compare{}, fmt.Errorf("malformed comparison: %s (%w)", line, serr)
	}
	c := mvcc.Compare{Key: []byte(key)}
	var err error
	switch target {
	case "ver", "version":
		c.Target = mvcc.CompareVersion
		c.Version, err = strconv.ParseInt(val, 10, 64)
	case "c", "create":
		c.Target = mvcc.CompareCreate
		c.CreateRevision, err = strconv.ParseInt(val, 10, 64)
	case "m", "mod":
		c.Target = mvcc.CompareMod
		c.ModRevision, err = strconv.ParseInt(val, 10, 64)
	case "val", "value":
		c.Target, c.Value = mvcc.CompareValue, []byte(val)
	case "lease":
		c.Target = mvcc.CompareLease
		c.Lease, err = strconv.ParseInt(val, 16, 64)
	default:
		return mvcc.Compare{}, fmt.Errorf("malformed comparison: %s (unknown target %s)", line, target)
	}
	if err != nil {
		return mvcc.Compare{}, fmt.Errorf("invalid txn compare request: %s", line)
	}
	switch op {
	case "=":
		c.Result = mvcc.CompareEqual
	case "!=":
		c.Result = mvcc.CompareNotEqual
	case ">":
		c.Result = mvcc.CompareGreater
	case "<":
		c.Result = mvcc.CompareLess
	default:
		// clientv3.Compare panics here and etcdctl dies with a Go panic.
		return mvcc.Compare{}, fmt.Errorf("panic: Unknown result op (etcdctl crashes on %q)", op)
	}
	return c, nil
}

// argsRegexp is etcdctl's Argify: double-quoted strings with Go escapes,
// single-quoted strings, or runs of non-space.
var argsRegexp = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'[^']*'|[^'"\s]\S*[^'"\s]?`)

func argify(s string) ([]string, error) {
	args := argsRegexp.FindAllString(s, -1)
	for i, a := range args {
		switch {
		case a[0] == '\'':
			args[i] = a[1 : len(a)-1]
		case a[0] == '"':
			if _, err := fmt.Sscanf(a, "%q", &args[i]); err != nil {
				return nil, err
			}
		}
	}
	return args, nil
}

// parseTxnOp is etcdctl's parseRequestUnion: the line is a put, get or del
// command line with that command's flags (no global ones). etcdctl keeps
// each flag in a package variable, so a flag given on one line of a txn
// still holds on the next line of the same command: sticky carries them.
// A del of a range given as two words returns the pair etcdctl warns about.
func parseTxnOp(line string, sticky map[string]map[string]string) (mvcc.RequestOp, *[2]string, error) {
	op, err := parseTxnOpLine(line, sticky)
	if err != nil || op.DeleteRange == nil {
		return op, nil, err
	}
	p := parsedFlags{values: sticky["del"]}
	if args, _ := argify(line); len(args) == 3 && !p.Bool("range") {
		return op, &[2]string{args[1], args[2]}, nil
	}
	return op, nil, nil
}

func parseTxnOpLine(line string, sticky map[string]map[string]string) (mvcc.RequestOp, error) {
	args, err := argify(line)
	if err != nil {
		return mvcc.RequestOp{}, err
	}
	if len(args) < 2 {
		return mvcc.RequestOp{}, fmt.Errorf("invalid txn compare request: %s", line)
	}
	bad := fmt.Errorf("invalid txn request: %s", line)
	specs := map[string]flagSpec{
		"put": {Bools: []string{"prev-kv", "ignore-value", "ignore-lease"}, Values: []string{"lease"}},
		"get": {Bools: getBools, Values: getValues},
		"del": {Bools: []string{"prefix", "from-key", "prev-kv", "range"}},
	}
	spec, ok := specs[args[0]]
	if !ok {
		return mvcc.RequestOp{}, bad
	}
	p, err := parseFlags(args[1:], spec)
	if err != nil {
		return mvcc.RequestOp{}, bad
	}
	if sticky[args[0]] == nil {
		sticky[args[0]] = map[string]string{}
	}
	maps.Copy(sticky[args[0]], p.values)
	p.values = sticky[args[0]]
	switch args[0] {
	case "put":
		r, err := putFromArgs(p, "")
		return mvcc.RequestOp{Put: &r}, err
	case "get":
		r, err := getFromArgs(p)
		return mvcc.RequestOp{Range: &r}, err
	}
	if len(p.Args) > 2 {
		return mvcc.RequestOp{}, errors.New("del command needs one argument as key and an optional argument as range_end")
	}
	if p.Bool("prefix") && p.Bool("from-key") {
		return mvcc.RequestOp{}, errors.New("`--prefix` and `--from-key` cannot be set at the same time, choose one")
	}
	rr, err := rangeFromArgs(p)
	return mvcc.RequestOp{DeleteRange: &mvcc.DeleteRangeRequest{Key: rr.Key, RangeEnd: rr.RangeEnd, PrevKv: p.Bool("prev-kv")}}, err
}
