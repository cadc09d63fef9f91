package apimachinery

// MapInterner shares the label and annotation maps of decoded objects.
// A watch cache decodes every object it stores; 150,000 pods carry fewer
// than a hundred distinct label sets, and objects are immutable once
// stored (DeepCopy before changing one), so equal maps can be one map:
//
//	encoded map bytes ──lookup──► map[string]string (shared)
//	   "\x01\x03app\x06app-17"        {"app": "app-17"}
//
// The table is bounded: small maps only, and once it holds internLimit
// entries it is emptied and fills again with what is common now (lease
// renewTime annotations are all different and would otherwise crowd
// out the label sets that repeat). The zero value is ready to use.
//
// The same table shares the strings that repeat from object to object:
// kinds, namespaces and node names (150,000 pods name 5,000 nodes).
type MapInterner struct {
	maps map[string]map[string]string
	strs map[string]string
}

// Interning bounds: maps of at most internMaxPairs entries and
// internMaxBytes encoded bytes; at most internLimit maps kept.
const (
	internMaxPairs = 8
	internMaxBytes = 256
	internLimit    = 4096
	// Strings: at most internMaxString bytes, internStringLimit kept
	// (more than the node names of a 5,000-node cluster).
	internMaxString   = 64
	internStringLimit = 16384
)

// intern returns raw as a string, shared with an equal one decoded
// before when raw is short.
func (in *MapInterner) intern(raw []byte) string {
	if s, ok := in.strs[string(raw)]; ok {
		return s
	}
	s := string(raw)
	if len(s) <= internMaxString {
		if in.strs == nil || len(in.strs) >= internStringLimit {
			in.strs = make(map[string]string)
		}
		in.strs[s] = s
	}
	return s
}

// Decode is the package's Decode with maps shared through in.
func (in *MapInterner) Decode(data []byte, rv uint64) (*Object, error) {
	return decode(nil, data, rv, in)
}

// DecodeWithKey is Decode for a value read from etcd under key: the
// object keeps the key, and its name and the keys it is filed under
// (Resource.ObjectKey, Object.MetaNamespaceKey) become views of it
// instead of separate strings. The object is equal to Decode's in every
// exported field. A nil in shares nothing, as the package's Decode.
func (in *MapInterner) DecodeWithKey(key, data []byte, rv uint64) (*Object, error) {
	return decode(key, data, rv, in)
}

// lookup returns the interned map for the encoded form raw, or nil.
func (in *MapInterner) lookup(raw []byte) map[string]string {
	return in.maps[string(raw)]
}

// store keeps m under raw if it is small enough.
func (in *MapInterner) store(raw []byte, m map[string]string) {
	if len(m) > internMaxPairs || len(raw) > internMaxBytes {
		return
	}
	if in.maps == nil || len(in.maps) >= internLimit {
		in.maps = make(map[string]map[string]string)
	}
	in.maps[string(raw)] = m
}

// mapExtent is the length of the encoded map at the start of b (count,
// then length-prefixed keys and values), or -1 if it is malformed.
func mapExtent(b []byte) int {
	d := decoder{b: b}
	n := d.uvarint()
	if d.err || n > uint64(len(d.b)) {
		return -1
	}
	for range 2 * n {
		l := d.uvarint()
		if d.err || l > uint64(len(d.b)) {
			return -1
		}
		d.b = d.b[l:]
	}
	return len(b) - len(d.b)
}
