package view

import (
	"image/color"
)

type colorRGBA = color.RGBA

// Geometry of the clients band.
const (
	MaxClientRows = 4
	ClientRowH    = 44
	ClientRowTop  = ClientsTop + 52
	GridLeftK     = 1000 // the kubelet grid, up to the band's right edge
	GridW         = StageRight - 16 - GridLeftK
	GridH         = ClientsBot - 16 - ClientRowTop
)

// The informer pipeline's boxes, left to right, as client-go builds it:
//
//	Reflector --> FIFO --> Indexer --> handlers
//	(LIST+WATCH,  (deltas   (the local  (your code,
//	 last RV)      queued)   cache)      one listener each)
var pipeline = [...]struct {
	name string
	x, w float64
}{
	{"Reflector", 288, 224},
	{"FIFO", 552, 120},
	{"Indexer", 712, 120},
	{"handlers", 872, 96},
}

// ClientAnchor is where packets for client row i arrive: the Reflector's
// bottom edge.
func ClientAnchor(i int) (float64, float64) {
	if i >= MaxClientRows {
		return GridLeftK + GridW/2, ClientRowTop + GridH/2
	}
	return pipeline[0].x + 40, float64(ClientRowTop+i*ClientRowH) + ClientRowH/2
}
