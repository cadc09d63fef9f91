package view

import "image/color"

// Kind is what happened to a key, in the words a watcher sees: etcd's PUT
// splits into ADDED (the put created the key, version 1) and MODIFIED,
// etcd's DELETE is DELETED. BOOKMARK and ERROR belong to the API server's
// watch stream; they are part of the visual language from the start so
// that every layer of the stage speaks it.
type Kind int

const (
	Added Kind = iota
	Modified
	Deleted
	Bookmark
	Error
)

// Shape is the glyph that carries a Kind without colour.
type Shape int

const (
	Circle   Shape = iota // ADDED: something new, whole
	Diamond               // MODIFIED: the same thing, turned
	Cross                 // DELETED: struck out (etcd's tombstone)
	Flag                  // BOOKMARK: a marker planted at a revision
	Triangle              // ERROR: a warning sign
	Square                // a LIST request (relists flood as squares)
)

var kindStyles = [...]struct {
	name  string
	shape Shape
	color color.RGBA
}{
	Added:    {"ADDED", Circle, BluishGreen},
	Modified: {"MODIFIED", Diamond, SkyBlue},
	Deleted:  {"DELETED", Cross, Vermillion},
	Bookmark: {"BOOKMARK", Flag, ReddishPurple},
	Error:    {"ERROR", Triangle, Orange},
}

// String is the watch event type name, as the API server spells it.
func (k Kind) String() string { return kindStyles[k].name }

// Shape is the glyph drawn for k.
func (k Kind) Shape() Shape { return kindStyles[k].shape }

// Color is the Okabe-Ito colour paired with k's shape.
func (k Kind) Color() color.RGBA { return kindStyles[k].color }

// Kinds lists every kind in legend order.
func Kinds() []Kind { return []Kind{Added, Modified, Deleted, Bookmark, Error} }
