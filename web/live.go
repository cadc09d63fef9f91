package web

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
)

// LivePath is where serve --live streams its recording to the page.
const LivePath = "/live/events"

// Feed is a recording as it grows (serve --live): every line so far, then
// each new one, streamed to each page that asks as Server-Sent Events,
// one line per event with its number as the event id, so a page that
// reconnects (EventSource does so on its own) goes on after the last
// line it had instead of starting again.
type Feed struct {
	mu    sync.Mutex
	lines []string
	wake  chan struct{} // closed, and replaced, when a line arrives
}

// NewFeed is an empty feed.
func NewFeed() *Feed { return &Feed{wake: make(chan struct{})} }

// Add appends one line of the recording (its newline is dropped).
func (f *Feed) Add(line []byte) {
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
	}
	f.mu.Lock()
	f.lines = append(f.lines, string(line[:n]))
	close(f.wake)
	f.wake = make(chan struct{})
	f.mu.Unlock()
}

// since returns the lines from next on and the channel that says more came.
func (f *Feed) since(next int) ([]string, <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.lines[min(next, len(f.lines)):], f.wake
}

// ServeHTTP streams the feed until the page goes away.
func (f *Feed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	next := 0
	if id, err := strconv.Atoi(r.Header.Get("Last-Event-ID")); err == nil && id >= 0 {
		next = id + 1
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	for {
		lines, wake := f.since(next)
		for _, l := range lines {
			fmt.Fprintf(w, "id: %d\ndata: %s\n\n", next, l)
			next++
		}
		flusher.Flush()
		select {
		case <-wake:
		case <-r.Context().Done():
			return
		}
	}
}

// LiveHandler is Handler(dir) with feed streamed at LivePath.
func LiveHandler(dir string, feed *Feed) http.Handler {
	files := Handler(dir)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == LivePath && r.Method == http.MethodGet {
			w.Header().Set("X-Content-Type-Options", "nosniff")
			feed.ServeHTTP(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
