package engine

import (
	"watchscope/apiserver"
	"watchscope/informer"
)

// Kind says what a trace event is. The trace prints it by name ("RESP",
// "WATCH_ERROR"); everything that reads events (the stage's markers, the
// announcer, "why?", the lesson checks) switches on the constant, never
// on the text.
type Kind uint8

// The kinds of trace event, by the node that records them.
const (
	KindNone Kind = iota
	// user: a command typed by the learner or a lesson.
	KindCmd
	// clients: a request sent, and its answer (or the client's own
	// connection error) received.
	KindReq
	KindResp
	// a client's reflector: one line of what client-go would log or do
	// (a LIST or WATCH call, a watch's error, a backoff).
	KindReflector
	// API server replicas: a watch stream's error event, a BOOKMARK it
	// sends, its end, the compactor, the watch caches, the process.
	KindWatchError
	KindWatchEnd
	KindCompact
	KindCacheReady
	KindCachePending
	KindWatcherTerminated
	KindKilled
	KindRestart
	// etcd (the console's etcdctl): a write, a delete, a transaction, a
	// lease granted or revoked, a watch response.
	KindPut
	KindDelete
	KindTxn
	KindLeaseGrant
	KindLeaseRevoke
	KindWatchResp
	// faults thrown and healed.
	KindFault
	KindDisconnect
	KindPartition
	KindHeal
	// a client's controller: one key reconciled by a workqueue worker.
	KindReconcile
	// appended after the others so every older kind keeps its number.
	KindBookmark
	kindCount
)

// kindNames is each kind's text in the trace (the lesson files' names).
// The engine's own tests append toy kinds of their plumbing worlds
// (SEND, RECV: helpers_test.go); the program has these and no others.
var kindNames = []string{
	KindNone: "", KindCmd: "CMD", KindReq: "REQ", KindResp: "RESP", KindReflector: "REFLECTOR",
	KindWatchError: "WATCH_ERROR", KindWatchEnd: "WATCH_END", KindCompact: "COMPACT",
	KindCacheReady: "CACHE_READY", KindCachePending: "CACHE_PENDING",
	KindWatcherTerminated: "WATCHER_TERMINATED", KindKilled: "KILLED", KindRestart: "RESTART",
	KindPut: "PUT", KindDelete: "DELETE", KindTxn: "TXN", KindLeaseGrant: "LEASE-GRANT",
	KindLeaseRevoke: "LEASE-REVOKE", KindWatchResp: "WATCH-RESP",
	KindFault: "FAULT", KindDisconnect: "DISCONNECT", KindPartition: "PARTITION", KindHeal: "HEAL",
	KindReconcile: "RECONCILE",
	KindBookmark:  "BOOKMARK",
}

// String is the kind's name in the trace, "WATCH_ERROR".
func (k Kind) String() string {
	if int(k) >= len(kindNames) {
		return "KIND?"
	}
	return kindNames[k]
}

// ParseKind reads a kind's name as the trace prints it ("RESP").
func ParseKind(name string) (Kind, bool) {
	for k, n := range kindNames {
		if n == name && k != int(KindNone) {
			return Kind(k), true
		}
	}
	return KindNone, false
}

// KindNames lists every kind's name, in declaration order.
func KindNames() []string {
	out := make([]string, 0, kindCount-1)
	for k := KindNone + 1; k < kindCount; k++ {
		out = append(out, kindNames[k])
	}
	return out
}

// The kill reasons a KILLED (or a kill's FAULT) event carries in Reason.
const (
	ReasonOOMKilled = apiserver.ReasonOOMKilled
	ReasonRestart   = apiserver.ReasonRestart
)

// ListKind tells a reflector's list calls apart (informer.ListKind): a
// first list, a relist, or no list at all.
type ListKind = informer.ListKind

const (
	NotAList  = informer.NotAList
	FirstList = informer.FirstList
	Relist    = informer.Relist
)
