package web

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The feed sends every line so far, then each new one, numbered; a page
// that reconnects with Last-Event-ID goes on after it; the site's files
// are still served beside it.
func TestFeedStreamsLines(t *testing.T) {
	feed := NewFeed()
	feed.Add([]byte(`{"format":"watchscope-recording"}` + "\n"))
	feed.Add([]byte(`{"t":1,"kind":"list"}` + "\n"))
	srv := httptest.NewServer(LiveHandler(t.TempDir(), feed))
	defer srv.Close()
	read := func(lastID string, n int) []string {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+LivePath, nil)
		if lastID != "" {
			req.Header.Set("Last-Event-ID", lastID)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Fatalf("Content-Type %q", ct)
		}
		var got []string
		sc := bufio.NewScanner(resp.Body)
		for len(got) < 2*n && sc.Scan() {
			if l := sc.Text(); l != "" {
				got = append(got, l)
			}
		}
		return got
	}
	go func() {
		time.Sleep(100 * time.Millisecond)
		feed.Add([]byte(`{"t":2,"kind":"event"}` + "\n"))
	}()
	want := `id: 0|data: {"format":"watchscope-recording"}|id: 1|data: {"t":1,"kind":"list"}|id: 2|data: {"t":2,"kind":"event"}`
	if got := strings.Join(read("", 3), "|"); got != want {
		t.Errorf("stream:\n%s\nwant\n%s", got, want)
	}
	if got := strings.Join(read("1", 1), "|"); got != `id: 2|data: {"t":2,"kind":"event"}` {
		t.Errorf("after Last-Event-ID 1: %s", got)
	}
	if resp, err := http.Get(srv.URL + "/nothing.js"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("files: %v %v", resp, err)
	}
}
