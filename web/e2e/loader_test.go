//go:build e2e

package e2e

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"watchscope/web"
)

// TestLoaderShowsRealProgress throttles the network so the download takes
// a few seconds, and checks that the loading screen counts decompressed
// bytes against the raw size of app.wasm (sent by the server in
// X-Uncompressed-Content-Length), not against the compressed length.
func TestLoaderShowsRealProgress(t *testing.T) {
	dir := buildSite(t)
	st, err := os.Stat(filepath.Join(dir, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.Handler(dir))
	defer srv.Close()
	ctx := browser(t)
	cons := watchConsole(ctx)
	do(t, ctx, chromedp.EmulateViewport(1280, 720))
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{DownloadThroughput: 1 << 20, UploadThroughput: -1}},
	}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(srv.URL+"/?demo=off"))

	total := fmt.Sprintf("%.1f MB", float64(st.Size())/1048576)
	waitFor(t, ctx, `(() => { const m = /(\d+)%$/.exec(document.querySelector('#loading .count').textContent);
		return m && +m[1] >= 20 && +m[1] <= 90; })()`, 60*time.Second)
	text := run(t, ctx, chromedp.Evaluate[string](`document.querySelector('#loading .count').textContent`))
	m := regexp.MustCompile(`^(\d+\.\d) / (\d+\.\d MB)  (\d+)%$`).FindStringSubmatch(text)
	if m == nil || m[2] != total {
		t.Fatalf("progress %q, want \"N / %s  P%%\" (the raw wasm size)", text, total)
	}
	if pct, _ := strconv.Atoi(m[3]); pct <= 0 || pct >= 100 {
		t.Errorf("progress %d%% mid-download", pct)
	}
	screenshot(t, ctx, shotsDir(t), "loading-1280.png")

	waitFor(t, ctx, `window.watchscope && window.watchscope.ready === true`, 120*time.Second)
	waitFor(t, ctx, `document.getElementById('loading') === null`, 10*time.Second)
	if f := cons.failures(); len(f) > 0 {
		t.Fatalf("console errors:\n%v", f)
	}
}
