package informer

import am "watchscope/apimachinery"

// ReflectorStore is what a Reflector writes into (cache.ReflectorStore):
// watch events become Add/Update/Delete, a list or a finished watch-list
// becomes Replace, the resync timer calls Resync.
type ReflectorStore interface {
	Add(o *am.Object) error
	Update(o *am.Object) error
	Delete(o *am.Object) error
	Replace(objs []*am.Object, resourceVersion string) error
	Resync() error
}

// ResourceVersionUpdater is implemented by stores that want the RV of
// every watch event (cache.ResourceVersionUpdater).
type ResourceVersionUpdater interface {
	UpdateResourceVersion(rv string)
}

// BookmarkStore is implemented by stores that want bookmark RVs
// (cache.ReflectorBookmarkStore).
type BookmarkStore interface {
	Bookmark(rv string) error
}

// KeyListerGetter is the view of the informer's indexer a FIFO consults
// ("knownObjects") to detect deletions on Replace and to Resync.
type KeyListerGetter interface {
	ListKeys() []string
	GetByKey(key string) (*am.Object, bool)
}

// PopProcessFunc processes one popped entry. isInInitialList is true while
// the FIFO has not yet handed out everything of its first Replace.
type PopProcessFunc func(d Deltas, isInInitialList bool)

// Queue is a FIFO the informer's controller drains. Unlike client-go, Pop
// never blocks: on an empty queue it returns ok=false at once.
type Queue interface {
	ReflectorStore
	// Pop removes the oldest entry, calls process with it and returns it.
	Pop(process PopProcessFunc) (d Deltas, ok bool)
	// Len is the queue depth (keys for DeltaFIFO, deltas for RealFIFO).
	Len() int
	// HasSynced: Add/Update/Delete came first, or the first Replace's
	// items have all been popped.
	HasSynced() bool
}

// FIFOKind selects the informer's queue (newQueueFIFO).
type FIFOKind int

// The queue kinds. The zero value is the 1.36 default.
const (
	// AtomicRealFIFO: InOrderInformers (GA 1.36) + AtomicFIFO (beta on
	// 1.36): one ReplacedAll delta per Replace, one SyncAll per resync,
	// Bookmark deltas.
	AtomicRealFIFO FIFOKind = iota
	// PlainRealFIFO: 1.33-1.35, one delta per event, Replace expanded
	// against knownObjects.
	PlainRealFIFO
	// DeltaFIFOKind: <= 1.32, per-key delta lists with dedup.
	DeltaFIFOKind
)

func (k FIFOKind) String() string {
	return [...]string{"RealFIFO(atomic)", "RealFIFO", "DeltaFIFO"}[k]
}
