//go:build js

package main

import (
	"encoding/base64"
	"syscall/js"

	"rsc.io/qr"
)

// The share panel's part of window.watchscope (web/share.js draws the
// panel; the link itself is watchscope.state().share, see ui/live/share.go):
//
//	watchscope.qr(text)  {png: "data:image/png;base64,...", modules: N}, the
//	                     QR code of text, one image pixel per module (the
//	                     page scales it up with image-rendering: pixelated,
//	                     so it stays crisp at any size); or {error: "..."}
//	                     when text is too long for any QR code
func init() { apiParts = append(apiParts, installShare) }

func installShare(p *apiPage) {
	p.api.Set("qr", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeString {
			return js.ValueOf(map[string]any{"error": "qr wants the text to encode"})
		}
		png, modules, err := qrPNG(args[0].String())
		if err != nil {
			return js.ValueOf(map[string]any{"error": err.Error()})
		}
		return js.ValueOf(map[string]any{"png": "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), "modules": modules})
	}))
}

// qrPNG encodes text at error correction level M (15% of the modules can
// be misread: a projector's glare, a phone at an angle), or L when only L
// has room for a long link.
func qrPNG(text string) ([]byte, int, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		if c, err = qr.Encode(text, qr.L); err != nil {
			return nil, 0, err
		}
	}
	c.Scale = 1
	return c.PNG(), c.Size, nil
}
