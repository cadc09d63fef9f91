//go:build js

package page

import (
	"encoding/base64"
	"syscall/js"

	"watchscope/ui/live"
)

// The share panel's part of window.watchscope (web/share.js draws the
// panel; the link itself is watchscope.state().share, see ui/live/share.go):
//
//	watchscope.qr(text)  {png: "data:image/png;base64,...", modules: N, scale: S},
//	                     the QR code of text (live.QRPNG: S image pixels per
//	                     module, a quiet zone of 4 modules around), or
//	                     {error: "..."} when text is too long for any QR code
func installShare(p *apiPage) {
	p.api.Set("qr", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeString {
			return js.ValueOf(map[string]any{"error": "qr wants the text to encode"})
		}
		png, modules, err := live.QRPNG(args[0].String())
		if err != nil {
			return js.ValueOf(map[string]any{"error": err.Error()})
		}
		return js.ValueOf(map[string]any{"png": "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), "modules": modules, "scale": live.QRScale})
	}))
}
