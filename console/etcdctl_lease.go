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

// etcdctl lease grant|revoke|timetolive|list|keep-alive, printed as etcdctl
// 3.6 prints them. Lease IDs are hex on the command line and in simple
// output, decimal in JSON.

func (sh *Shell) etcdLease(words []string) (string, error) {
	p, err := parseFlags(words, etcdctlSpec([]string{"keys", "once"}, nil))
	if err != nil {
		return "", err
	}
	d, err := outputFormat(p)
	if err != nil {
		return "", err
	}
	if len(p.Args) == 0 {
		return "", errors.New("lease needs a subcommand: grant, revoke, timetolive, list, keep-alive")
	}
	sub, args := p.Args[0], p.Args[1:]
	switch sub {
	case "grant":
		return sh.leaseGrant(d, args)
	case "revoke":
		return sh.leaseRevoke(d, args)
	case "timetolive":
		if len(args) != 1 {
			return "", errors.New("lease timetolive command needs lease ID as argument")
		}
		id, err := leaseFromArg(args[0])
		if err != nil {
			return "", err
		}
		return printTimeToLive(d, sh.etcd().LeaseTimeToLive(id, p.Bool("keys")), p.Bool("keys"))
	case "list":
		return printLeases(d, sh.etcd().LeaseLeases())
	case "keep-alive":
		return sh.leaseKeepAlive(d, args, p.Bool("once"))
	}
	return "", unknownCommand(sub, "lease", []string{"grant", "revoke", "timetolive", "list", "keep-alive"})
}

func leaseFromArg(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("bad lease ID arg (%w), expecting ID in Hex", err)
	}
	return id, nil
}

func (sh *Shell) leaseGrant(d display, args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("lease grant command needs TTL argument")
	}
	ttl, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil {
		return "", fmt.Errorf("bad TTL (%w)", err)
	}
	resp, err := sh.etcd().LeaseGrant(ttl, 0)
	if err != nil {
		warn, err := sh.rpcFailed("/etcdserverpb.Lease/LeaseGrant", err)
		return warn, fmt.Errorf("failed to grant lease (%w)", err)
	}
	sh.record(engine.KindLeaseGrant, fmt.Sprintf("id=%016x ttl=%d", resp.ID, resp.TTL), 0)
	if d.format == "table" {
		return "", errUnsupported("table")
	}
	if d.format == "simple" {
		return fmt.Sprintf("lease %016x granted with TTL(%ds)\n", resp.ID, resp.TTL), nil
	}
	return printLeaseTTL(d, resp.Header, resp.ID, resp.TTL, true), nil
}

// printLeaseTTL prints a grant or keep-alive answer in json or fields: a
// clientv3 response embedding the header, the ID and the TTL (a grant's
// also an empty Error).
func printLeaseTTL(d display, h mvcc.ResponseHeader, id, ttl int64, grant bool) string {
	if d.format == "json" {
		if grant {
			return marshalLine(struct {
				jsonFlatHeader
				ID    int64
				TTL   int64
				Error string
			}{flatHeader(h), id, ttl, ""})
		}
		return marshalLine(struct {
			jsonFlatHeader
			ID  int64
			TTL int64
		}{flatHeader(h), id, ttl})
	}
	var b strings.Builder
	fieldsHeader(&b, d, h)
	fieldsLeaseID(&b, d, id)
	fmt.Fprintln(&b, `"TTL" :`, ttl)
	return b.String()
}

func (sh *Shell) leaseRevoke(d display, args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("lease revoke command needs 1 argument")
	}
	id, err := leaseFromArg(args[0])
	if err != nil {
		return "", err
	}
	resp, err := sh.etcd().LeaseRevoke(id)
	if err != nil {
		warn, err := sh.rpcFailed("/etcdserverpb.Lease/LeaseRevoke", err)
		return warn, fmt.Errorf("failed to revoke lease (%w)", err)
	}
	sh.record(engine.KindLeaseRevoke, fmt.Sprintf("id=%016x rev=%d", id, resp.Header.Revision), resp.Header.Revision)
	switch d.format {
	case "json":
		return marshalLine(struct {
			Header *jsonHeader `json:"header,omitempty"`
		}{toJSONHeader(resp.Header)}), nil
	case "fields":
		var b strings.Builder
		fieldsHeader(&b, d, resp.Header)
		return b.String(), nil
	case "table":
		return "", errUnsupported("table")
	}
	return fmt.Sprintf("lease %016x revoked\n", id), nil
}

func printTimeToLive(d display, r mvcc.LeaseTimeToLiveResponse, keys bool) (string, error) {
	var b strings.Builder
	switch d.format {
	case "json":
		var ks [][]byte
		if r.Keys != nil {
			ks = make([][]byte, len(r.Keys))
			for i, k := range r.Keys {
				ks[i] = []byte(k)
			}
		}
		return marshalLine(struct {
			jsonFlatHeader
			ID         int64    `json:"id"`
			TTL        int64    `json:"ttl"`
			GrantedTTL int64    `json:"granted-ttl"`
			Keys       [][]byte `json:"keys"`
		}{flatHeader(r.Header), r.ID, r.TTL, r.GrantedTTL, ks}), nil
	case "fields":
		fieldsHeader(&b, d, r.Header)
		fieldsLeaseID(&b, d, r.ID)
		fmt.Fprintln(&b, `"TTL" :`, r.TTL)
		fmt.Fprintln(&b, `"GrantedTTL" :`, r.GrantedTTL)
		for _, k := range r.Keys {
			fmt.Fprintf(&b, "\"Key\" : %q\n", k)
		}
		return b.String(), nil
	case "table":
		return "", errUnsupported("table")
	}
	if r.GrantedTTL == 0 && r.TTL == -1 {
		return fmt.Sprintf("lease %016x already expired\n", r.ID), nil
	}
	fmt.Fprintf(&b, "lease %016x granted with TTL(%ds), remaining(%ds)", r.ID, r.GrantedTTL, r.TTL)
	if keys {
		fmt.Fprintf(&b, ", attached keys(%v)", r.Keys)
	}
	b.WriteString("\n")
	return b.String(), nil
}

func printLeases(d display, r mvcc.LeaseLeasesResponse) (string, error) {
	var b strings.Builder
	switch d.format {
	case "json":
		type status struct {
			ID int64 `json:"id"`
		}
		ls := make([]status, len(r.IDs))
		for i, id := range r.IDs {
			ls[i].ID = id
		}
		return marshalLine(struct {
			jsonFlatHeader
			Leases []status `json:"leases"`
		}{flatHeader(r.Header), ls}), nil
	case "fields":
		fieldsHeader(&b, d, r.Header)
		for _, id := range r.IDs {
			fieldsLeaseID(&b, d, id)
		}
		return b.String(), nil
	case "table":
		return "", errUnsupported("table")
	}
	fmt.Fprintf(&b, "found %d leases\n", len(r.IDs))
	for _, id := range r.IDs {
		fmt.Fprintf(&b, "%016x\n", id)
	}
	return b.String(), nil
}

func fieldsLeaseID(b *strings.Builder, d display, id int64) {
	if d.hex {
		fmt.Fprintf(b, "\"ID\" : %016x\n", id)
	} else {
		fmt.Fprintln(b, `"ID" :`, id)
	}
}

// jsonFlatHeader is a response header embedded in a clientv3 lease
// response: its fields sit at the top level of the JSON object.
type jsonFlatHeader struct {
	ClusterID uint64 `json:"cluster_id,omitempty"`
	MemberID  uint64 `json:"member_id,omitempty"`
	Revision  int64  `json:"revision,omitempty"`
	RaftTerm  uint64 `json:"raft_term,omitempty"`
}

func flatHeader(h mvcc.ResponseHeader) jsonFlatHeader {
	return jsonFlatHeader{h.ClusterID, h.MemberID, h.Revision, h.RaftTerm}
}

func printKeepAlive(d display, r mvcc.LeaseKeepAliveResponse) string {
	switch d.format {
	case "simple":
		return fmt.Sprintf("lease %016x keepalived with TTL(%d)\n", r.ID, r.TTL)
	case "table":
		return "Error: table not supported as output format\n"
	}
	return printLeaseTTL(d, r.Header, r.ID, r.TTL, false)
}

// keepAliveTick is clientv3's send loop period: a keep-alive is due TTL/3
// after the last answer and goes out on the next pass of the loop.
const keepAliveTick = 500 * time.Millisecond

func (sh *Shell) leaseKeepAlive(d display, args []string, once bool) (string, error) {
	if len(args) != 1 {
		return "", errors.New("lease keep-alive command needs lease ID as argument")
	}
	id, err := leaseFromArg(args[0])
	if err != nil {
		return "", err
	}
	if once {
		resp, err := sh.etcd().LeaseKeepAliveOnce(id)
		if err != nil {
			return "", err
		}
		return printKeepAlive(d, resp), nil
	}
	ka := &keepAliveSession{sh: sh, d: d, id: id}
	ka.send()
	if !ka.done {
		sh.w.After(keepAliveTick, ka.tick)
	}
	sh.watches = append(sh.watches, ka)
	return "", nil
}

// keepAliveSession is a `lease keep-alive` left running, like a watch in
// another terminal: it renews the lease every TTL/3 until the lease is gone.
type keepAliveSession struct {
	sh   *Shell
	d    display
	id   int64
	next time.Duration // when the next keep-alive is due
	out  strings.Builder
	done bool
}

func (ka *keepAliveSession) send() {
	resp, err := ka.sh.etcd().LeaseKeepAliveOnce(ka.id)
	if err != nil {
		if ka.d.format == "simple" {
			fmt.Fprintf(&ka.out, "lease %016x expired or revoked.\n", ka.id)
		}
		ka.done = true
		return
	}
	ka.out.WriteString(printKeepAlive(ka.d, resp))
	ka.next = ka.sh.w.Now() + time.Duration(resp.TTL)*time.Second/3
}

func (ka *keepAliveSession) tick() {
	if ka.next < ka.sh.w.Now() {
		ka.send()
	}
	if !ka.done {
		ka.sh.w.After(keepAliveTick, ka.tick)
	}
}

func (ka *keepAliveSession) drain() (string, bool) {
	s := ka.out.String()
	ka.out.Reset()
	return s, ka.done
}
