package view

// Geometry of the etcd band's revision tape.
const (
	ETapeLeft  = 224
	ETapeRight = 1400
	EPitch     = 48
	ETapeTop   = 664
	ETapeH     = 64
	EColumns   = (ETapeRight - ETapeLeft) / EPitch
)
