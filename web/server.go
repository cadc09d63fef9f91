// Package web serves the built browser app (see build.sh): the page, the
// loader, wasm_exec.js and app.wasm, with the headers a WebAssembly app
// needs. It has no Ebiten dependency; `go run . serve` uses it.
package web

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DefaultAddr is where Serve listens when addr is empty: the loopback
// interface only, so a laptop on conference Wi-Fi does not publish it.
const DefaultAddr = "127.0.0.1:8080"

// CSP is the Content-Security-Policy of every response. Scripts only from
// this origin; 'wasm-unsafe-eval' is what allows WebAssembly.instantiate
// without allowing eval() of JavaScript.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'self'"

// UncompressedLengthHeader carries a file's size before compression. A
// fetch body reader yields decompressed bytes while Content-Length counts
// compressed ones, so the loader needs this to show real progress.
const UncompressedLengthHeader = "X-Uncompressed-Content-Length"

// encodings are the precompressed variants build.sh writes, best first.
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

var contentTypes = map[string]string{
	".wasm": "application/wasm",
	".js":   "text/javascript; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".ico":  "image/x-icon",
}

// Handler serves the files of dir. "/" is index.html; a request for
// app.wasm is answered with app.wasm.br or app.wasm.gz when that file
// exists and the client accepts the encoding.
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name, ok := cleanName(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		serveFile(w, r, dir, name)
	})
}

// cleanName maps a URL path to a file name inside the served folder,
// refusing hidden files and anything outside it.
func cleanName(p string) (string, bool) {
	p = path.Clean("/" + p)
	if p == "/" {
		p = "/index.html"
	}
	for _, part := range strings.Split(p[1:], "/") {
		if strings.HasPrefix(part, ".") {
			return "", false
		}
	}
	return p[1:], fs.ValidPath(p[1:])
}

func serveFile(w http.ResponseWriter, r *http.Request, dir, name string) {
	full := filepath.Join(dir, filepath.FromSlash(name))
	st, err := os.Stat(full)
	if err != nil || !st.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	ext := path.Ext(name)
	ctype := contentTypes[ext]
	if ctype == "" {
		ctype = mime.TypeByExtension(ext)
	}
	if ctype != "" {
		h.Set("Content-Type", ctype)
	}
	h.Set("Cache-Control", "no-cache") // revalidate: a rebuild must show up on reload
	h.Set(UncompressedLengthHeader, strconv.FormatInt(st.Size(), 10))
	f, enc, err := open(full, r.Header.Get("Accept-Encoding"), h)
	if err != nil {
		http.Error(w, "cannot read file", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	http.ServeContent(w, r, name, st.ModTime(), f)
}

// open returns the best precompressed variant of full the client accepts
// (and its encoding), or full itself. When any variant exists the answer
// depends on Accept-Encoding, which Vary tells caches.
func open(full, accept string, h http.Header) (*os.File, string, error) {
	for _, e := range encodings {
		if _, err := os.Stat(full + e.ext); err != nil {
			continue
		}
		h.Set("Vary", "Accept-Encoding")
		if !accepts(accept, e.name) {
			continue
		}
		if f, err := os.Open(full + e.ext); err == nil {
			return f, e.name, nil
		}
	}
	f, err := os.Open(full)
	return f, "", err
}

// accepts reports whether an Accept-Encoding header value allows coding
// (listed, or "*", with a q-value above zero).
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != coding && name != "*" {
			continue
		}
		q := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		return q > 0
	}
	return false
}

// Serve serves dir on addr (DefaultAddr if empty) until the server fails.
func Serve(addr, dir string) error { return ServeWith(addr, dir, Handler(dir)) }

// ServeWith serves dir's app with handler h (LiveHandler for serve --live).
func ServeWith(addr, dir string, h http.Handler) error {
	if addr == "" {
		addr = DefaultAddr
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return fmt.Errorf("web: %s has no index.html (build it first: make wasm): %w", dir, err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	log.Printf("WatchScope: serving %s on http://%s/", dir, ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	err = srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
