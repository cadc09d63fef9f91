package apimachinery

import (
	"encoding/binary"
	"errors"
	"maps"
	"slices"
	"time"
)

// StorageMagic starts every stored value, like the "k8s\x00" prefix of
// the protobuf envelope real kube-apiserver writes to etcd.
const StorageMagic = "k8s\x00"

// ErrBadEncoding is returned for bytes that are not an encoded object.
var ErrBadEncoding = errors.New("apimachinery: object has an invalid storage encoding")

// Encode serializes o for etcd. The form is compact and deterministic
// (maps in key order) and, like the real apiserver's storage encoding,
// leaves out resourceVersion: etcd's mod_revision is the version.
//
//	"k8s\x00" kind name namespace uid nodeName
//	          #labels (k v)... #annotations (k v)... creation sizeBytes
//	          [#data (k v)...]
//
// The data map is written only when there is one (a ConfigMap or Secret
// with data), so every other object encodes as it always has.
// Strings are uvarint length + bytes; numbers are varints. The simulated
// SizeBytes travels as a number, not as padding.
func Encode(o *Object) []byte {
	b := make([]byte, 0, 64)
	b = append(b, StorageMagic...)
	for _, s := range []string{o.Kind, o.Name, o.Namespace, o.UID, o.Spec.NodeName} {
		b = appendString(b, s)
	}
	b = appendMap(b, o.Labels)
	b = appendMap(b, o.Annotations)
	b = binary.AppendVarint(b, int64(o.CreationTimestamp))
	b = binary.AppendVarint(b, int64(o.SizeBytes))
	if len(o.Data) > 0 {
		b = appendMap(b, o.Data)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendMap(b []byte, m map[string]string) []byte {
	b = binary.AppendUvarint(b, uint64(len(m)))
	keys := slices.AppendSeq(make([]string, 0, len(m)), maps.Keys(m)) // sized: Encode runs for every write
	slices.Sort(keys)
	for _, k := range keys {
		b = appendString(appendString(b, k), m[k])
	}
	return b
}

// Decode parses bytes written by Encode; rv becomes the object's
// resourceVersion (the etcd mod_revision of the value).
func Decode(data []byte, rv uint64) (*Object, error) { return decode(nil, data, rv, nil) }

// decode is Decode sharing maps through in (nil: every map is new) and
// keeping key (nil: none) as the object's storage key.
func decode(key, data []byte, rv uint64, in *MapInterner) (*Object, error) {
	if len(data) < len(StorageMagic) || string(data[:len(StorageMagic)]) != StorageMagic {
		return nil, ErrBadEncoding
	}
	d := decoder{b: data[len(StorageMagic):], in: in}
	o := &Object{}
	o.Kind = d.sharedString()
	name := d.bytes()
	o.Namespace = d.sharedString()
	uid := d.bytes()
	o.Spec.NodeName = d.sharedString()
	o.Labels = d.stringMap()
	o.Annotations = d.stringMap()
	o.CreationTimestamp = time.Duration(d.varint())
	o.SizeBytes = int32(d.varint())
	if len(d.b) != 0 && !d.err {
		if o.Data = d.newStringMap(); o.Data == nil {
			d.err = true // an empty data map is never written
		}
	}
	if d.err || len(d.b) != 0 {
		return nil, ErrBadEncoding
	}
	o.setStrings(key, name, uid, rv)
	return o, nil
}

// EncodedSize is the simulated stored size of an encoded object: its
// SizeBytes when set, else the real length. etcd's request-size limit
// and the memory model use it.
func EncodedSize(data []byte) int {
	if o, err := Decode(data, 0); err == nil && int(o.SizeBytes) > len(data) {
		return int(o.SizeBytes)
	}
	return len(data)
}

type decoder struct {
	b   []byte
	err bool
	in  *MapInterner // nil: no sharing
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = true
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err = true
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) string() string { return string(d.bytes()) }

// bytes returns the next length-prefixed string's bytes (not copied).
func (d *decoder) bytes() []byte {
	n := d.uvarint()
	if d.err || n > uint64(len(d.b)) {
		d.err = true
		return nil
	}
	b := d.b[:n]
	d.b = d.b[n:]
	return b
}

// sharedString decodes a string that repeats across objects (a kind, a
// namespace, a node name); with an interner, an equal string decoded
// before is returned instead of a new copy.
func (d *decoder) sharedString() string {
	if d.in == nil {
		return d.string()
	}
	return d.in.intern(d.bytes())
}

// stringMap decodes a map; with an interner, an equal map decoded before
// is returned instead of a new one.
func (d *decoder) stringMap() map[string]string {
	if d.in == nil {
		return d.newStringMap()
	}
	ext := mapExtent(d.b)
	if ext < 0 {
		return d.newStringMap() // malformed: fails as without interning
	}
	raw := d.b[:ext]
	if m := d.in.lookup(raw); m != nil {
		d.b = d.b[ext:]
		return m
	}
	m := d.newStringMap()
	if m != nil && !d.err {
		d.in.store(raw, m)
	}
	return m
}

func (d *decoder) newStringMap() map[string]string {
	n := d.uvarint()
	if d.err || n > uint64(len(d.b)) {
		d.err = true
		return nil
	}
	if n == 0 {
		return nil
	}
	m := make(map[string]string, n)
	for range n {
		k := d.string()
		m[k] = d.string()
	}
	return m
}
