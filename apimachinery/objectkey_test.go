package apimachinery

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

var (
	podsRes  = Resource{Resource: "pods", Kind: "Pod", Namespaced: true, StoragePrefix: "pods"}
	nodesRes = Resource{Resource: "nodes", Kind: "Node", StoragePrefix: "minions"}
)

// within reports whether s's bytes lie inside outer's.
func within(s, outer string) bool {
	if s == "" {
		return true
	}
	p, q := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(outer)))
	return p >= q && p+uintptr(len(s)) <= q+uintptr(len(outer))
}

// Decoding with a key gives Decode's object (every exported field), and
// the keys built from it are the simple concatenations, whatever the key
// says: the views are used only where they match.
func TestDecodeWithKeyTable(t *testing.T) {
	var in MapInterner
	cases := []struct {
		res       Resource
		ns, name  string
		key       string
		viewsName bool // Name is a view of the key
		viewsKeys bool // ObjectKey and MetaNamespaceKey are views
	}{
		{podsRes, "default", "web-1", "/registry/pods/default/web-1", true, true},
		{nodesRes, "", "node-7", "/registry/minions/node-7", true, true},
		{podsRes, "default", "web-1", "/registry/pods/other/web-1", true, false},
		{podsRes, "default", "web-1", "/registry/pods/default/xweb-1", false, false},
		{podsRes, "default", "web-1", "/registry/secrets/default/web-1", true, false},
		{podsRes, "default", "web-1", "", false, false},
		{podsRes, "", "web-1", "/registry/pods/web-1", true, true},
		{podsRes, "default", "", "/registry/pods/default/", false, true},
	}
	for i, c := range cases {
		src := &Object{Kind: c.res.Kind, ObjectMeta: ObjectMeta{Name: c.name, Namespace: c.ns, UID: "u-" + c.name}}
		data := Encode(src)
		for _, rv := range []uint64{0, 7, 1234567890123} {
			want, _ := Decode(data, rv)
			got, err := in.DecodeWithKey([]byte(c.key), data, rv)
			if err != nil {
				t.Fatal(err)
			}
			if got.storageKey != c.key || !reflect.DeepEqual(withoutKey(got), want) {
				t.Fatalf("%d: decoded %+v, want %+v", i, got, want)
			}
			mk, ok := got.MetaNamespaceKey(), c.res.ObjectKey(got)
			if mk != simpleMetaKey(want) || ok != c.res.Key(c.ns, c.name) {
				t.Fatalf("%d: keys %q %q", i, mk, ok)
			}
			if within(got.Name, got.storageKey) != c.viewsName && c.name != "" {
				t.Fatalf("%d: name a view of the key: %v", i, !c.viewsName)
			}
			if c.key != "" && (within(ok, got.storageKey) != c.viewsKeys) {
				t.Fatalf("%d: object key a view of the key: %v", i, !c.viewsKeys)
			}
		}
	}
}

func withoutKey(o *Object) *Object {
	c := *o
	c.storageKey = ""
	return &c
}

func simpleMetaKey(o *Object) string {
	if o.Namespace == "" {
		return o.Name
	}
	return o.Namespace + "/" + o.Name
}

// A decoded object that is copied and renamed, or moved to another
// namespace, is filed under its new name, not its decoded key.
func TestObjectKeyAfterRename(t *testing.T) {
	var in MapInterner
	src := &Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: "a", Namespace: "ns"}}
	o, _ := in.DecodeWithKey([]byte("/registry/pods/ns/a"), Encode(src), 3)
	for _, edit := range []func(*Object){
		func(c *Object) { c.Name = "b" },
		func(c *Object) { c.Name = "xa" },
		func(c *Object) { c.Namespace = "s" },
		func(c *Object) { c.Namespace = "" },
		func(c *Object) { c.Namespace = "other" },
	} {
		c := o.DeepCopy()
		edit(c)
		if got, want := c.MetaNamespaceKey(), simpleMetaKey(c); got != want {
			t.Fatalf("%+v: MetaNamespaceKey %q, want %q", c, got, want)
		}
		if got, want := podsRes.ObjectKey(c), podsRes.Key(c.Namespace, c.Name); got != want {
			t.Fatalf("%+v: ObjectKey %q, want %q", c, got, want)
		}
	}
}

// Random names, namespaces and keys: the keys always equal the simple
// concatenations.
func TestObjectKeysRandom(t *testing.T) {
	parts := []string{"", "a", "b", "a/b", "ns", "/", "pods", "registry"}
	var in MapInterner
	for i := range 4000 {
		pick := func(k int) string { return parts[(i/k)%len(parts)] }
		ns, name := pick(1), pick(8)
		key := strings.Join([]string{"", "registry", pick(64), pick(512)}, "/")
		src := &Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: name, Namespace: ns}}
		o, err := in.DecodeWithKey([]byte(key), Encode(src), uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []Resource{podsRes, nodesRes} {
			if got, want := r.ObjectKey(o), r.Key(ns, name); got != want {
				t.Fatalf("key %q ns %q name %q: ObjectKey %q, want %q", key, ns, name, got, want)
			}
		}
		if got := o.MetaNamespaceKey(); got != simpleMetaKey(o) || o.Name != name || o.ResourceVersion != fmt.Sprint(i) && i != 0 {
			t.Fatalf("key %q: %+v, MetaNamespaceKey %q", key, o, got)
		}
	}
}

// The keys of a decoded object cost no allocation; a decode costs the
// object and one string.
func TestObjectKeysAllocate(t *testing.T) {
	var in MapInterner
	data := Encode(&Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: "web-1", Namespace: "default", UID: "0f3c"}})
	key := []byte("/registry/pods/default/web-1")
	in.DecodeWithKey(key, data, 1) // interns the kind and namespace
	var o *Object
	if n := testing.AllocsPerRun(100, func() { o, _ = in.DecodeWithKey(key, data, 42) }); n != 2 {
		t.Errorf("DecodeWithKey: %v allocations, want 2", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = o.MetaNamespaceKey(), podsRes.ObjectKey(o) }); n != 0 {
		t.Errorf("keys: %v allocations", n)
	}
}
