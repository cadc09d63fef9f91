package apiserver

import (
	"time"

	am "watchscope/apimachinery"
)

// CostModel turns a request into virtual service time. The request holds
// its APF seats (and its memory) for that long. There is no CPU
// contention between requests: concurrency is bounded by seats, not by
// cores. Numbers and where they come from (performance-anchors.md):
//
//	RequestOverhead   1ms    assumption: authn/authz, routing, admission, audit
//	CachePerObject    0.5µs  KEP-2340: 300k 1 KB ConfigMaps listed from the
//	                         cache in 499 ms p50 = 0.5µs/object + 1ns/byte
//	EtcdPerObject     30µs   KEP-2340: the same list from etcd 10.5 s p50,
//	                         i.e. about 33µs/object with decoding; we take
//	                         30µs for the range and 1ns/byte to decode
//	SerializeNsPerByte 1ns   1 GB/s encoding, from the same two figures
//	EtcdRoundTrip     1ms    etcd benchmark: linearizable read 0.7 ms avg,
//	                         write 1.6 ms avg (single client)
//	WriteLatency      2ms    a write: round trip + raft commit (same table)
//
// A LIST of 200,000 10 KB secrets from etcd therefore takes about
// 200k*30µs + 2 GB*2ns = 10 s; from the cache 0.1 s + 2 s.
type CostModel struct {
	RequestOverhead    time.Duration
	CachePerObject     time.Duration
	EtcdPerObject      time.Duration
	SerializeNsPerByte float64
	DecodeNsPerByte    float64
	EtcdRoundTrip      time.Duration
	WriteLatency       time.Duration
}

func (c CostModel) withDefaults() CostModel {
	if c == (CostModel{}) {
		c = CostModel{
			RequestOverhead:    time.Millisecond,
			CachePerObject:     500 * time.Nanosecond,
			EtcdPerObject:      30 * time.Microsecond,
			SerializeNsPerByte: 1,
			DecodeNsPerByte:    1,
			EtcdRoundTrip:      time.Millisecond,
			WriteLatency:       2 * time.Millisecond,
		}
	}
	return c
}

// defaultObjectBytes is the serialized size of an object whose SizeBytes
// is unset: a small pod or configmap is about half a kilobyte
// (assumption).
const defaultObjectBytes = 512

// objectBytes is the serialized size of one object.
func objectBytes(o *am.Object) int64 {
	if o == nil {
		return 0
	}
	if o.SizeBytes > 0 {
		return int64(o.SizeBytes)
	}
	return defaultObjectBytes
}

// listWork is what a LIST did: objects examined in the cache or fetched
// from etcd, objects and bytes returned.
type listWork struct {
	examined, returned int64
	bytes              int64
	fromEtcd           bool
}

// listCost is the service time of a LIST.
func (c CostModel) listCost(w listWork) time.Duration {
	d := c.RequestOverhead + ns(float64(w.bytes)*c.SerializeNsPerByte)
	if w.fromEtcd {
		return d + c.EtcdRoundTrip + time.Duration(w.examined)*c.EtcdPerObject + ns(float64(w.bytes)*c.DecodeNsPerByte)
	}
	return d + time.Duration(w.examined)*c.CachePerObject
}

// getCost is the service time of a GET.
func (c CostModel) getCost(fromEtcd bool, bytes int64) time.Duration {
	d := c.RequestOverhead + ns(float64(bytes)*c.SerializeNsPerByte)
	if fromEtcd {
		d += c.EtcdRoundTrip
	}
	return d
}

// writeCost is the service time of a CREATE, UPDATE or DELETE.
func (c CostModel) writeCost(bytes int64) time.Duration {
	return c.RequestOverhead + c.WriteLatency + ns(float64(bytes)*(c.SerializeNsPerByte+c.DecodeNsPerByte))
}

func ns(v float64) time.Duration { return time.Duration(v) }
