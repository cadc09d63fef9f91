package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// site writes a small built folder: a page, a script, and a wasm file
// with gzip and brotli variants (their content is marked, not real
// compression: the handler must not care).
func site(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":   "<!doctype html><title>WatchScope</title>",
		"loader.js":    "console.log('hi')",
		"app.wasm":     "\x00asm raw bytes",
		"app.wasm.gz":  "gzip bytes",
		"app.wasm.br":  "brotli bytes",
		"only.gz.txt":  "x",
		".secret":      "no",
		"sub/page.css": "body{}",
		"data.json.gz": "gz only",
		"data.json":    `{"a":1}`,
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, h http.Handler, method, target, accept string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestHandlerServesVariants(t *testing.T) {
	h := Handler(site(t))
	tests := []struct {
		name, path, accept string
		status             int
		ctype, encoding    string
		body               string
		vary               bool
	}{
		{"index at root", "/", "", 200, "text/html; charset=utf-8", "", "<!doctype html><title>WatchScope</title>", false},
		{"script type", "/loader.js", "gzip, br", 200, "text/javascript; charset=utf-8", "", "console.log('hi')", false},
		{"wasm raw without accept", "/app.wasm", "", 200, "application/wasm", "", "\x00asm raw bytes", true},
		{"wasm prefers brotli", "/app.wasm", "gzip, deflate, br, zstd", 200, "application/wasm", "br", "brotli bytes", true},
		{"wasm gzip only", "/app.wasm", "gzip", 200, "application/wasm", "gzip", "gzip bytes", true},
		{"brotli refused by q=0", "/app.wasm", "br;q=0, gzip;q=0.5", 200, "application/wasm", "gzip", "gzip bytes", true},
		{"identity only", "/app.wasm", "identity", 200, "application/wasm", "", "\x00asm raw bytes", true},
		{"star accepts best", "/app.wasm", "*", 200, "application/wasm", "br", "brotli bytes", true},
		{"gzip variant of json", "/data.json", "br, gzip", 200, "application/json", "gzip", "gz only", true},
		{"nested css", "/sub/page.css", "", 200, "text/css; charset=utf-8", "", "body{}", false},
		{"missing file", "/nope.js", "", 404, "", "", "", false},
		{"directory", "/sub", "", 404, "", "", "", false},
		{"hidden file", "/.secret", "", 404, "", "", "", false},
		{"escape attempt", "/../../etc/passwd", "", 404, "", "", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := get(t, h, "GET", tc.path, tc.accept)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "'wasm-unsafe-eval'") {
				t.Errorf("CSP %q lacks wasm-unsafe-eval", csp)
			}
			if tc.status != 200 {
				return
			}
			if got := res.Header.Get("Content-Type"); got != tc.ctype {
				t.Errorf("Content-Type %q, want %q", got, tc.ctype)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if string(body) != tc.body {
				t.Errorf("body %q, want %q", body, tc.body)
			}
			if got := res.Header.Get("Vary") == "Accept-Encoding"; got != tc.vary {
				t.Errorf("Vary %q, want set=%v", res.Header.Get("Vary"), tc.vary)
			}
		})
	}
}

func TestHandlerUncompressedLength(t *testing.T) {
	h := Handler(site(t))
	res := get(t, h, "GET", "/app.wasm", "br")
	if got, want := res.Header.Get(UncompressedLengthHeader), "14"; got != want {
		t.Errorf("%s = %q, want %q (the raw file's size)", UncompressedLengthHeader, got, want)
	}
	if body, _ := io.ReadAll(res.Body); string(body) != "brotli bytes" {
		t.Errorf("body %q, want the brotli variant", body)
	}
}

func TestHandlerMethods(t *testing.T) {
	h := Handler(site(t))
	if res := get(t, h, "POST", "/", ""); res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", res.StatusCode)
	}
	res := get(t, h, "HEAD", "/app.wasm", "gzip")
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || len(body) != 0 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("HEAD: status %d, body %q, encoding %q", res.StatusCode, body, res.Header.Get("Content-Encoding"))
	}
}

func TestAccepts(t *testing.T) {
	tests := []struct {
		header, coding string
		want           bool
	}{
		{"", "br", false},
		{"br", "br", true},
		{"BR", "br", true},
		{"gzip, br;q=0", "br", false},
		{"gzip;q=0.001", "gzip", true},
		{"*;q=0", "gzip", false},
		{"deflate", "gzip", false},
		{" gzip ; q=1.0 ", "gzip", true},
	}
	for _, tc := range tests {
		if got := accepts(tc.header, tc.coding); got != tc.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", tc.header, tc.coding, got, tc.want)
		}
	}
}

func TestServeNeedsABuiltFolder(t *testing.T) {
	err := Serve("127.0.0.1:0", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "index.html") {
		t.Fatalf("Serve on an empty folder: %v, want an error naming index.html", err)
	}
}
