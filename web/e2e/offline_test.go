//go:build e2e

package e2e

import (
	"archive/zip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"watchscope/web"
)

// TestOfflineReloadWithNetworkCut loads the app once, waits until the
// service worker controls the page and holds every file of the build,
// then stops the server (a real network cut: connections are refused)
// and reloads: the app must start and draw from the cache, and a deep
// link it never loaded before must open too.
func TestOfflineReloadWithNetworkCut(t *testing.T) {
	srv := httptest.NewServer(web.Handler(buildSite(t)))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	open(t, ctx, srv.URL+"/?nodes=0&demo=off")
	waitFor(t, ctx, `window.watchscopeOffline && (window.watchscopeOffline.ready || window.watchscopeOffline.state === "error")`, 60*time.Second)
	if st := run(t, ctx, chromedp.Evaluate[string](`JSON.stringify(window.watchscopeOffline)`)); !strings.Contains(st, `"ready":true`) {
		t.Fatalf("offline state %s", st)
	}
	if !run(t, ctx, chromedp.Evaluate[bool](`navigator.serviceWorker.controller !== null`)) {
		t.Fatal("the service worker does not control the page")
	}

	srv.Close()
	if _, err := http.Get(srv.URL + "/"); err == nil {
		t.Fatal("the server still answers after Close")
	}
	do(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	before := getState(t, ctx).Revision
	send(t, ctx, "etcdctl put /offline 1")
	waitFor(t, ctx, `JSON.parse(watchscope.state()).revision > `+strconv.FormatInt(before, 10), 10*time.Second)
	screenshot(t, ctx, shotsDir(t), "offline-reload.png")

	open(t, ctx, srv.URL+"/?lesson=revisions&step=1")
	if m := getMoment(t, ctx); m.Mode != "lesson" || m.Step != 1 {
		t.Errorf("offline deep link opened %s step %d, want lesson revisions step 1", m.Mode, m.Step)
	}
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

// TestOfflinePicksUpNewBuild: with the service worker in control, a new
// build on the server reaches the page on the next online load (network
// first), and the cache follows it (offline.json's new version), so the
// next offline load runs the new build too.
func TestOfflinePicksUpNewBuild(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("cp", "-a", buildSite(t)+"/.", dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	srv := httptest.NewServer(web.Handler(dir))
	defer srv.Close()
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?nodes=0&demo=off")
	waitFor(t, ctx, `window.watchscopeOffline.ready`, 60*time.Second)
	first := run(t, ctx, chromedp.Evaluate[string](`window.watchscopeOffline.version`))

	// "Deploy" a new build: one script changes, and so does offline.json.
	for _, f := range []string{"embed.js.br", "embed.js.gz"} {
		os.Remove(filepath.Join(dir, f))
	}
	appendFile(t, filepath.Join(dir, "embed.js"), "\nwindow.watchscopeBuild = 2;\n")
	manifest := filepath.Join(dir, "offline.json")
	b, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, []byte(strings.Replace(string(b), first, "0000000000000002", 1)), 0o644); err != nil {
		t.Fatal(err)
	}

	do(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	if !run(t, ctx, chromedp.Evaluate[bool](`window.watchscopeBuild === 2`)) {
		t.Fatal("an online reload did not get the new build")
	}
	waitFor(t, ctx, `window.watchscopeOffline.ready && window.watchscopeOffline.version === "0000000000000002"`, 60*time.Second)

	srv.Close()
	do(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	if !run(t, ctx, chromedp.Evaluate[bool](`window.watchscopeBuild === 2`)) {
		t.Error("offline, the cache still has the old build")
	}
}

func appendFile(t *testing.T, name, text string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// TestOfflineFileCopy: the one-file copy `make dist` zips for a USB stick
// (web/standalone.sh) opens from file://, with no server at all, and runs.
func TestOfflineFileCopy(t *testing.T) {
	site := buildSite(t)
	tmp := t.TempDir()
	archive := filepath.Join(tmp, "watchscope-offline.zip")
	if out, err := exec.Command("../standalone.sh", site, archive).CombinedOutput(); err != nil {
		t.Fatalf("web/standalone.sh: %v\n%s", err, out)
	}
	unzip(t, archive, tmp)
	page := filepath.Join(tmp, "WatchScope", "watchscope.html")
	if b, err := os.ReadFile(filepath.Join(tmp, "WatchScope", "README.txt")); err != nil || !strings.Contains(string(b), "watchscope.html") {
		t.Errorf("README.txt: %v %q", err, b)
	}
	ctx := browser(t)
	cons := watchConsole(ctx)
	open(t, ctx, "file://"+page+"?nodes=0&demo=off")
	before := getState(t, ctx).Revision
	send(t, ctx, "etcdctl put /usb-stick 1")
	waitFor(t, ctx, `JSON.parse(watchscope.state()).revision > `+strconv.FormatInt(before, 10), 10*time.Second)
	if st := run(t, ctx, chromedp.Evaluate[string](`window.watchscopeOffline.state`)); st != "unsupported" {
		t.Errorf("offline.js on file:// says %q, want unsupported (no service worker there)", st)
	}
	screenshot(t, ctx, shotsDir(t), "offline-file.png")
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}

func unzip(t *testing.T, archive, dir string) {
	t.Helper()
	r, err := zip.OpenReader(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, f := range r.File {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if f.FileInfo().IsDir() {
			os.MkdirAll(p, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
