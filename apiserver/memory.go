package apiserver

import "time"

// MemoryModel estimates a replica's resident memory
// (process_resident_memory_bytes) from what it holds:
//
//	RSS = BaseBytes
//	    + sum over caches:  objects*CachedObjectOverhead + sizeBytes*CachedObjectFactor
//	    + in-flight LISTs:  from etcd: decoded objects (bytes*DecodedFactor)
//	                        from the cache: nothing new (objects are shared
//	                        with the cache)
//	                        before 1.34 (BufferedListEncoding): both also
//	                        hold the whole serialized response (bytes)
//	    + watchers:         events waiting in result buffers (their bytes)
//
// Since 1.34 the streaming collection encoders
// (StreamingCollectionEncodingToJSON / ToProtobuf: beta on 1.33, GA and
// locked 1.34) write a list response item by item into the connection,
// so no serialized copy of the whole list is ever held; the encoder's
// buffer is bounded and left out of the model. A LIST that etcd answers
// still decodes every object it fetched into the heap before the first
// byte goes out.
//
// Past Limit the kernel OOM-kills the process: every watch ends, every
// request in flight is lost, and the kubelet restarts the container: at
// once after the first crash, then after its crash-loop back-off (10s
// from the second crash, doubling to 5 min, reset after 10 min of
// running: kubelet's backOffPeriod / MaxContainerBackOff). The restarted
// replica re-initializes every cache from etcd (429s while Pending, then
// 410 for clients whose RV is older than the relist).
//
// Factors are assumptions: a decoded Go object is about 3x its protobuf
// size, plus about 1 KB of per-object overhead in the cache (B-tree element,
// label and field sets); the base of 256 MiB is a small idle apiserver.
type MemoryModel struct {
	Limit                int64 // bytes; 0 = no limit
	BaseBytes            int64
	CachedObjectOverhead int64
	CachedObjectFactor   float64
	DecodedFactor        float64
	// RestartDelay is the crash-loop back-off before the second restart
	// (10s; the first restart is at once); it doubles per consecutive
	// crash up to MaxRestartDelay (5m).
	RestartDelay, MaxRestartDelay time.Duration
	// BufferedListEncoding models kube-apiserver before 1.34: a LIST's
	// response is serialized whole before it is written, so it is held
	// in memory beside whatever produced it.
	BufferedListEncoding bool
	// StartupDelay is how long a (re)started process takes before it
	// serves (flags, etcd client, post-start hooks): assumption 2s.
	StartupDelay time.Duration
}

func (m MemoryModel) withDefaults() MemoryModel {
	if m.BaseBytes == 0 {
		m.BaseBytes = 256 << 20
	}
	if m.CachedObjectOverhead == 0 {
		m.CachedObjectOverhead = 1024
	}
	if m.CachedObjectFactor == 0 {
		m.CachedObjectFactor = 3
	}
	if m.DecodedFactor == 0 {
		m.DecodedFactor = 3
	}
	if m.RestartDelay == 0 {
		m.RestartDelay = 10 * time.Second
	}
	if m.MaxRestartDelay == 0 {
		m.MaxRestartDelay = 5 * time.Minute
	}
	if m.StartupDelay == 0 {
		m.StartupDelay = 2 * time.Second
	}
	return m
}

// crashLoopResetAfter: the kubelet forgets the back-off once a container
// ran this long.
const crashLoopResetAfter = 10 * time.Minute

// restartDelay is the back-off before restart number n (1-based) of a
// crash loop. The kubelet restarts a container that crashed for the first
// time at once and records a back-off of RestartDelay; a crash inside that
// back-off waits it out, and each later one doubles it.
func (m MemoryModel) restartDelay(n int) time.Duration {
	if n <= 1 {
		return 0
	}
	d := m.RestartDelay
	for i := 2; i < n && d < m.MaxRestartDelay; i++ {
		d *= 2
	}
	return min(d, m.MaxRestartDelay)
}

// listMemory is the memory an in-flight LIST holds.
func (m MemoryModel) listMemory(w listWork) int64 {
	var held int64
	if w.fromEtcd {
		held = int64(float64(w.bytes) * m.DecodedFactor)
	}
	if m.BufferedListEncoding {
		held += w.bytes
	}
	return held
}

// cacheMemory is the memory of one cache's store.
func (m MemoryModel) cacheMemory(objects int, sizeBytes int64) int64 {
	return int64(objects)*m.CachedObjectOverhead + int64(float64(sizeBytes)*m.CachedObjectFactor)
}
