package mvcc

import (
	"bytes"
	"cmp"
)

func applyCompares(rv *storeTxn, cmps []Compare) bool {
	for i := range cmps {
		if !applyCompare(rv, &cmps[i]) {
			return false
		}
	}
	return true
}

// applyCompare reads the compare's key (or range) at the current revision
// and requires the relation to hold for every key found. A missing key
// compares as a zero KeyValue (version 0, create 0, mod 0, lease 0), except
// that a value compare on a missing key always fails.
func applyCompare(rv *storeTxn, c *Compare) bool {
	end := rangeEndArg(c.RangeEnd)
	if end == nil { // one key: a point read, no result slice
		kv, ok, err := rv.get(c.Key, 0)
		switch {
		case err != nil:
			return false
		case !ok && c.Target == CompareValue:
			return false
		}
		return compareKV(c, &kv) // a missing key compares as the zero KeyValue
	}
	rr, err := rv.Range(c.Key, end, rangeOptions{})
	if err != nil {
		return false
	}
	if len(rr.kvs) == 0 {
		if c.Target == CompareValue {
			return false
		}
		return compareKV(c, &KeyValue{})
	}
	for i := range rr.kvs {
		if !compareKV(c, &rr.kvs[i]) {
			return false
		}
	}
	return true
}

func compareKV(c *Compare, kv *KeyValue) bool {
	var result int
	switch c.Target {
	case CompareValue:
		result = bytes.Compare(kv.Value, c.Value)
	case CompareCreate:
		result = cmp.Compare(kv.CreateRevision, c.CreateRevision)
	case CompareMod:
		result = cmp.Compare(kv.ModRevision, c.ModRevision)
	case CompareVersion:
		result = cmp.Compare(kv.Version, c.Version)
	case CompareLease:
		result = cmp.Compare(kv.Lease, c.Lease)
	}
	switch c.Result {
	case CompareEqual:
		return result == 0
	case CompareNotEqual:
		return result != 0
	case CompareGreater:
		return result > 0
	case CompareLess:
		return result < 0
	}
	return true
}
