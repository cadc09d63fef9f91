package apiserver

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	am "watchscope/apimachinery"
	"watchscope/mvcc"
)

// maxLimit is the biggest page etcd3's GetList asks for when selectors
// filter items out (B2).
const maxLimit = 10000

// etcdList is etcd3 store.GetList (B2): the revision to read (withRev),
// paging with doubling page sizes under selectors, the continue token and
// the exact 410/504 errors.
func (s *Server) etcdList(req Request, p parsed) (am.List, listWork, error) {
	o := req.Options
	prefix := p.res.NamespacePrefix(req.Namespace)
	keyPrefix := prefix // tokens are relative to the request's key
	from, withRev, isContinue := prefix, int64(0), o.Continue != ""
	switch {
	case isContinue:
		key, rv, err := am.DecodeContinue(o.Continue, keyPrefix)
		if err != nil {
			return am.List{}, listWork{}, am.NewBadRequest(err.Error())
		}
		from = key
		if rv > 0 {
			withRev = rv
		}
	case o.ResourceVersionMatch == "Exact", o.ResourceVersionMatch == "" && o.Limit > 0 && p.rv > 0:
		withRev = int64(p.rv)
	}
	s.countEtcd("list", p.res)
	list, work, err := s.etcdPages(p, from, prefix, withRev, o.Limit)
	if err != nil {
		return am.List{}, work, s.listError(err, isContinue, from, keyPrefix, p.rv)
	}
	if o.ResourceVersionMatch != "Exact" && withRev == 0 && p.rv > 0 {
		if cur, _ := parseUint(list.ResourceVersion); cur < p.rv {
			return am.List{}, work, am.NewTooLargeResourceVersion(p.rv, cur, 0)
		}
	}
	list.Kind = p.res.Kind + "List"
	return list, work, nil
}

// etcdPages reads pages until limit matching items are collected (all of
// them when limit is 0), doubling the page size up to maxLimit while
// selectors filter items out.
func (s *Server) etcdPages(p parsed, from, prefix string, withRev, limit int64) (am.List, listWork, error) {
	var list am.List
	var work listWork
	work.fromEtcd = true
	end := mvcc.PrefixEnd([]byte(prefix))
	key := []byte(from)
	page := limit
	lastKey := ""
	var count int64
	for {
		resp, err := s.etcd.Range(mvcc.RangeRequest{Key: key, RangeEnd: end, Limit: page, Revision: withRev})
		if err != nil {
			return list, work, err
		}
		if withRev == 0 {
			withRev = resp.Header.Revision
		}
		count = resp.Count
		for i, kv := range resp.Kvs {
			work.examined++
			lastKey = string(kv.Key)
			o, err := am.Decode(kv.Value, uint64(kv.ModRevision))
			if err != nil {
				return list, work, err
			}
			if !p.labels.Matches(o.Labels) || !p.fields.Matches(o.Field) {
				continue
			}
			list.Items = append(list.Items, o)
			work.bytes += objectBytes(o)
			if limit > 0 && int64(len(list.Items)) >= limit {
				more := resp.More || i < len(resp.Kvs)-1
				if more {
					s.setContinue(&list, p, prefix, lastKey, withRev, count-int64(i+1))
				}
				return s.finishList(list, work, withRev), work, nil
			}
		}
		if !resp.More || len(resp.Kvs) == 0 {
			return s.finishList(list, work, withRev), work, nil
		}
		key = append([]byte(lastKey), 0)
		if limit > 0 {
			page = min(page*2, maxLimit)
		}
	}
}

func (s *Server) finishList(l am.List, w listWork, rev int64) am.List {
	l.ResourceVersion = fmt.Sprint(rev)
	return l
}

// setContinue sets the token (and, without selectors, remainingItemCount).
// The token's key is relative to keyPrefix, the request's key with its
// trailing slash (etcd3 store.GetList).
func (s *Server) setContinue(l *am.List, p parsed, keyPrefix, lastKey string, rev int64, remaining int64) {
	l.Continue, _ = am.EncodeContinue(lastKey+"\x00", keyPrefix, rev)
	if !p.hasSelectors() {
		l.RemainingItemCount = &remaining
	}
}

// listError maps etcd errors of a LIST (B2).
func (s *Server) listError(err error, isContinue bool, from, keyPrefix string, rv uint64) error {
	switch {
	case errors.Is(err, mvcc.ErrGRPCCompacted) && isContinue:
		token, _ := am.EncodeContinue(from, keyPrefix, -1)
		return am.NewContinueTooOld(token)
	case errors.Is(err, mvcc.ErrGRPCCompacted):
		return am.NewListTooOld()
	case errors.Is(err, mvcc.ErrGRPCFutureRev):
		return am.NewTooLargeResourceVersion(rv, uint64(s.etcd.Rev()), 0)
	}
	return asStatus(err)
}

// etcdGet is a quorum GET of one object.
func (s *Server) etcdGet(p parsed, namespace, name string) (*am.Object, error) {
	s.countEtcd("get", p.res)
	resp, err := s.etcd.Range(mvcc.RangeRequest{Key: []byte(p.res.Key(namespace, name))})
	if err != nil {
		return nil, asStatus(err)
	}
	if len(resp.Kvs) == 0 {
		return nil, am.NewNotFound(p.res, name)
	}
	kv := resp.Kvs[0]
	return am.Decode(kv.Value, uint64(kv.ModRevision))
}

// currentStorageRV is GetCurrentResourceVersion: a quorum limit-1 range on
// the resource prefix, returning the header revision (B2, C10).
func (s *Server) currentStorageRV(res am.Resource) (uint64, error) {
	s.countEtcd("listWithCount", res)
	// Only the header revision is used. etcd answers the real limit-1
	// range after counting every key under the prefix; that cost belongs
	// to the cost model, so the simulation reads one key (the prefix
	// itself) and gets the same header in O(log n).
	resp, err := s.etcd.Range(mvcc.RangeRequest{Key: []byte(res.KeyPrefix())})
	if err != nil {
		return 0, asStatus(err)
	}
	return uint64(resp.Header.Revision), nil
}

// write runs a CREATE, UPDATE or DELETE as one etcd Txn (GuaranteedUpdate
// and Create of etcd3 store): the object's RV becomes the txn revision.
func (s *Server) write(now time.Duration, req Request, p parsed) (*am.Object, error) {
	ns, name := req.Namespace, req.Name
	if req.Body != nil {
		if name == "" {
			name = req.Body.Name
		}
		if ns == "" {
			ns = req.Body.Namespace
		}
	}
	key := storageKey(p.res, ns, name)
	if err := s.checkProposalSize(req, key); err != nil {
		return nil, err
	}
	switch req.Verb {
	case CREATE:
		return s.create(now, req, p, key, ns, name)
	case UPDATE:
		return s.update(req, p, key, ns, name)
	}
	return s.delete(p, key, name)
}

// checkProposalSize applies etcd's --max-request-bytes to the object's
// simulated size. A simulated object does not carry its SizeBytes as real
// bytes (a 200,000-secret cluster would not fit in a browser), so etcd
// cannot see them; the API server checks on etcd's behalf, with etcd's
// limit and etcd's error, which reaches the client as the 500 a real
// cluster returns.
func (s *Server) checkProposalSize(req Request, key []byte) error {
	if req.Body == nil || (req.Verb != CREATE && req.Verb != UPDATE) {
		return nil
	}
	const proposalOverhead = 64 // txn compare, request header, field tags
	size := len(key) + int(req.Body.SizeBytes) + proposalOverhead
	if limit := s.etcd.MaxRequestBytes(); req.Body.SizeBytes > 0 && size > limit {
		return newStorageError(mvcc.ErrGRPCRequestTooLarge)
	}
	return nil
}

func (s *Server) create(now time.Duration, req Request, p parsed, key []byte, ns, name string) (*am.Object, error) {
	s.countEtcd("create", p.res)
	obj := bodyCopy(req.Body)
	obj.Kind, obj.Namespace, obj.Name, obj.ResourceVersion = p.res.Kind, ns, name, ""
	if !p.res.Namespaced {
		obj.Namespace = ""
	}
	obj.CreationTimestamp = now
	if obj.UID == "" {
		s.uidSeq++
		obj.UID = fmt.Sprintf("%s-uid-%d", s.cfg.Name, s.uidSeq)
	}
	resp, err := s.etcd.Txn(mvcc.TxnRequest{
		Compare: []mvcc.Compare{{Target: mvcc.CompareMod, Result: mvcc.CompareEqual, Key: key, ModRevision: 0}},
		Success: []mvcc.RequestOp{{Put: &mvcc.PutRequest{Key: key, Value: am.Encode(obj)}}},
	})
	if err != nil {
		return nil, newStorageError(err)
	}
	if !resp.Succeeded {
		return nil, newAlreadyExists(p.res, name)
	}
	return stamped(obj, resp.Header.Revision), nil
}

func (s *Server) update(req Request, p parsed, key []byte, ns, name string) (*am.Object, error) {
	s.countEtcd("update", p.res)
	cur, err := s.etcd.Range(mvcc.RangeRequest{Key: key})
	if err != nil {
		return nil, newStorageError(err)
	}
	if len(cur.Kvs) == 0 {
		return nil, am.NewNotFound(p.res, name)
	}
	old := cur.Kvs[0]
	if p.rv != 0 && int64(p.rv) != old.ModRevision {
		return nil, newConflict(p.res, name)
	}
	// Only the old version's identity carries over: its metadata is
	// decoded, not the whole object with its maps.
	// A value that is not an object (an `etcdctl put` of anything under
	// /registry) fails the write with a 500, as the real API server's
	// decode of the stored object does; it must not stop the server.
	prev, err := am.DecodeMeta(old.Value, uint64(old.ModRevision))
	if err != nil {
		return nil, asStatus(err)
	}
	obj := bodyCopy(req.Body)
	obj.Kind, obj.Namespace, obj.Name, obj.ResourceVersion = p.res.Kind, prev.Namespace, name, ""
	obj.UID, obj.CreationTimestamp = prev.UID, prev.CreationTimestamp
	resp, err := s.etcd.Txn(mvcc.TxnRequest{
		Compare: []mvcc.Compare{{Target: mvcc.CompareMod, Result: mvcc.CompareEqual, Key: key, ModRevision: old.ModRevision}},
		Success: []mvcc.RequestOp{{Put: &mvcc.PutRequest{Key: key, Value: am.Encode(obj)}}},
	})
	if err != nil {
		return nil, newStorageError(err)
	}
	if !resp.Succeeded {
		return nil, newConflict(p.res, name)
	}
	_ = ns
	return stamped(obj, resp.Header.Revision), nil
}

func (s *Server) delete(p parsed, key []byte, name string) (*am.Object, error) {
	s.countEtcd("delete", p.res)
	resp, err := s.etcd.Txn(mvcc.TxnRequest{
		Success: []mvcc.RequestOp{{DeleteRange: &mvcc.DeleteRangeRequest{Key: key, PrevKv: true}}},
	})
	if err != nil {
		return nil, newStorageError(err)
	}
	dr := resp.Responses[0].DeleteRange
	if dr == nil || dr.Deleted == 0 || len(dr.PrevKvs) == 0 {
		return nil, am.NewNotFound(p.res, name)
	}
	prev, err := am.Decode(dr.PrevKvs[0].Value, uint64(resp.Header.Revision))
	if err != nil {
		return nil, asStatus(err)
	}
	return prev, nil
}

// storageKey is []byte(r.Key(namespace, name)) in one allocation
// instead of two (a string, then its copy): every write needs its key
// as bytes. A test keeps the two the same.
func storageKey(r am.Resource, namespace, name string) []byte {
	key := make([]byte, 0, len(am.DefaultEtcdPrefix)+len(r.StoragePrefix)+len(namespace)+len(name)+3)
	key = append(append(append(append(key, am.DefaultEtcdPrefix...), '/'), r.StoragePrefix...), '/')
	if r.Namespaced && namespace != "" {
		key = append(append(key, namespace...), '/')
	}
	return append(key, name...)
}

// bodyCopy is the object a write stores and answers: a copy of the
// request body's fields, sharing its label and annotation maps. Like
// every object handed between components, a body is never changed once
// sent (a client that edits an object DeepCopies it first), and the
// server only sets the copy's own fields (kind, name, uid, ...), so
// cloning the maps - most of a lease renewal's allocations - bought
// nothing.
func bodyCopy(body *am.Object) *am.Object {
	c := *body
	return &c
}

// stamped sets the resourceVersion of obj, the server's own copy of a
// written object, to the write's revision: what obj.WithResourceVersion
// gives, without copying an object nobody else holds.
func stamped(obj *am.Object, rev int64) *am.Object {
	obj.ResourceVersion = strconv.FormatUint(uint64(rev), 10)
	return obj
}

func parseUint(s string) (uint64, bool) {
	var n uint64
	_, err := fmt.Sscan(s, &n)
	return n, err == nil
}
