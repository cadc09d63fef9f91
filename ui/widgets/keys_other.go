//go:build !js

package widgets

// installKeys: natively Ebiten's window delivers the keys, and the
// TextInput reads them itself; there is no clipboard to reach.
func installKeys(*console) {}
