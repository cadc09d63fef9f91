package apimachinery

import (
	"time"
	"unsafe"
)

// StoredMeta is the identity of a stored object: what a write needs to
// know about the version it replaces (its namespace, uid and creation
// time carry over to the new version) without building the whole Object
// - its label and annotation maps are most of a decode's allocations.
type StoredMeta struct {
	Kind, Name, Namespace, UID string
	// NodeName is the Pod's spec.nodeName.
	NodeName          string
	CreationTimestamp time.Duration
	SizeBytes         int32
	// ResourceVersion is the etcd mod_revision the value was read at (0:
	// unset), as a number; Object.RV() of the full decode.
	ResourceVersion uint64
}

// DecodeMeta is Decode for the metadata only. It accepts and rejects
// exactly the bytes Decode does (the maps are walked, not built), and its
// fields equal the full decode's. The five strings share one allocation:
//
//	data:  "k8s\x00" |4|Pod |1|a |3|def |2|u1 |0| #labels ... creation size
//	                      └──┐   └┐   └─┐    └┐
//	one buffer:             [ Pod a def u1 ]   Kind, Name, Namespace, UID
//	                                            are views of it
func DecodeMeta(data []byte, rv uint64) (StoredMeta, error) {
	if len(data) < len(StorageMagic) || string(data[:len(StorageMagic)]) != StorageMagic {
		return StoredMeta{}, ErrBadEncoding
	}
	d := decoder{b: data[len(StorageMagic):]}
	var parts [5][]byte // kind, name, namespace, uid, nodeName
	total := 0
	for i := range parts {
		parts[i] = d.bytes()
		total += len(parts[i])
	}
	d.skipStringMap() // labels
	d.skipStringMap() // annotations
	m := StoredMeta{CreationTimestamp: time.Duration(d.varint()), ResourceVersion: rv}
	m.SizeBytes = int32(d.varint())
	if len(d.b) != 0 && !d.err { // data: present only when not empty
		if d.b[0] == 0 {
			d.err = true
		} else {
			d.skipStringMap()
		}
	}
	if d.err || len(d.b) != 0 {
		return StoredMeta{}, ErrBadEncoding
	}
	if total > 0 {
		buf := make([]byte, 0, total)
		for _, p := range parts {
			buf = append(buf, p...)
		}
		// buf is never written again, so the strings may share it.
		s := unsafe.String(unsafe.SliceData(buf), len(buf))
		fields := [5]*string{&m.Kind, &m.Name, &m.Namespace, &m.UID, &m.NodeName}
		for i, p := range parts {
			*fields[i], s = s[:len(p)], s[len(p):]
		}
	}
	return m, nil
}

// skipStringMap moves past an encoded map, failing where newStringMap
// fails, without building it.
func (d *decoder) skipStringMap() {
	n := d.uvarint()
	if d.err || n > uint64(len(d.b)) {
		d.err = true
		return
	}
	for range n {
		d.bytes()
		d.bytes()
	}
}
