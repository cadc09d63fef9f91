package live

import (
	"fmt"

	"rsc.io/qr"
)

// QRScale is the image pixels per QR module of QRPNG. The page scales the
// image up with image-rendering: pixelated, so the code stays crisp at any
// size; 2 is the smallest scale rsc.io/qr's PNG writer accepts.
const QRScale = 2

// QRPNG is the QR code of a share link as a PNG (black modules on white,
// with the standard quiet zone of four modules on every side) and its
// size in modules.
func QRPNG(text string) (png []byte, modules int, err error) {
	c, err := encodeQR(text)
	if err != nil {
		return nil, 0, err
	}
	c.Scale = QRScale
	return c.PNG(), c.Size, nil
}

// QRQuiet is the quiet zone around a QR code, in modules.
const QRQuiet = 4

// QRModules is the QR code of a share link as its modules: black(x, y)
// for x and y in [0, size), without the quiet zone (the stage's share
// panel draws it at a whole number of pixels per module).
func QRModules(text string) (black func(x, y int) bool, size int, err error) {
	c, err := encodeQR(text)
	if err != nil {
		return nil, 0, err
	}
	return c.Black, c.Size, nil
}

// encodeQR encodes text at level M, which lets 15% of the modules be
// misread (a projector's glare, a phone at an angle); a link too long for
// M falls back to L; one too long for any QR code is an error.
func encodeQR(text string) (c *qr.Code, err error) {
	defer func() { // the library panics on what it cannot draw; the page must not die of it
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("qr: %v", r)
		}
	}()
	c, err = qr.Encode(text, qr.M)
	if err != nil {
		c, err = qr.Encode(text, qr.L)
	}
	return c, err
}
