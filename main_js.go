//go:build js

// The browser app: the same program as main.go, compiled to WebAssembly.
// Everything it does in the page lives in package ui/page.
package main

import "watchscope/ui/page"

func main() { page.Run() }
