//go:build !js

package recorder

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"watchscope/recording"
)

// Config is what to record.
type Config struct {
	Resources   []string // as --resources: pods, configmaps, leases.coordination.k8s.io
	Namespace   string   // "" for all namespaces
	For         time.Duration
	WithObjects bool
	// Progress gets the progress line and notes (stderr); Terminal: it
	// is a terminal, so the progress line rewrites itself.
	Progress io.Writer
	Terminal bool
	// Sink, if set, also gets every line as written (serve --live).
	Sink func(line []byte)
}

// Recorder records one server into one file.
type Recorder struct {
	cfg   Config
	conn  *Conn
	start time.Time

	mu                sync.Mutex
	out               *bufio.Writer
	err               error
	version, platform string   // the server's, from GET /version
	targets           []target // the resources, resolved by Start
	names             []string // the resources, as the recording names them
	counts            map[string]*counts
	lines             int
}

func names(targets []target) []string {
	var out []string
	for _, t := range targets {
		out = append(out, t.Name)
	}
	return out
}

type counts struct{ events, bookmarks, gone int }

// New connects nothing yet; Run does.
func New(conn *Conn, cfg Config) *Recorder {
	return &Recorder{cfg: cfg, conn: conn, counts: map[string]*counts{}}
}

// Run records until cfg.For has passed or ctx is done (Ctrl-C), writing
// the recording to out: Start, then Record.
func (r *Recorder) Run(ctx context.Context, out io.Writer) error {
	if err := r.Start(ctx); err != nil {
		return err
	}
	return r.Record(ctx, out)
}

// Start checks the server before anything is recorded: its version, the
// resources (discovery) and that each may be listed. It returns one-line
// errors for the ways a start can fail.
func (r *Recorder) Start(ctx context.Context) error {
	var err error
	r.version, r.platform, err = r.conn.Version(func(u string) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	})
	if err != nil {
		return err
	}
	if r.targets, err = r.conn.resolve(r.cfg.Resources); err != nil {
		return err
	}
	r.names = names(r.targets)
	return r.canList(ctx, r.targets)
}

// Record records a started server until cfg.For has passed (0: until
// ctx is done), writing the recording to out; failures while recording
// are recorded and retried.
func (r *Recorder) Record(ctx context.Context, out io.Writer) error {
	r.out = bufio.NewWriter(out)
	targets := r.targets
	r.note("read-only: only GET /version, discovery, LIST, WATCH and GET /metrics go to %s (%s)", r.conn.Host, r.version)
	r.start = time.Now()
	r.line(recording.Header{Format: recording.Format, Version: recording.Version, Server: r.version, Platform: r.platform,
		Started: r.start.UTC().Format(time.RFC3339Nano), Resources: names(targets), Namespace: r.cfg.Namespace,
		WithObjects: r.cfg.WithObjects, ReadOnly: true})
	if r.cfg.For > 0 {
		var stop context.CancelFunc
		ctx, stop = context.WithTimeout(ctx, r.cfg.For)
		defer stop()
	}
	var wg sync.WaitGroup
	for _, t := range targets {
		r.counts[t.Name] = &counts{}
	}
	for i, t := range targets {
		in := &informer{r: r, t: t, rnd: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(i)))}
		wg.Go(func() { in.run(ctx) })
	}
	wg.Go(func() { r.sampleMetrics(ctx, targets) })
	r.progress(ctx)
	wg.Wait()
	why := "interrupted"
	if r.cfg.For > 0 && time.Since(r.start) >= r.cfg.For {
		why = "--for " + r.cfg.For.String() + " elapsed"
	}
	r.emit(recording.Record{Kind: recording.KindEnd, Text: why})
	r.endProgress()
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.out.Flush(); err != nil && r.err == nil {
		r.err = err
	}
	return r.err
}

// canList sends one LIST with limit 1 per resource before the recording
// starts, so a forbidden resource is one line, not a recording of 403s.
func (r *Recorder) canList(ctx context.Context, targets []target) error {
	for _, t := range targets {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.conn.url(t.path(r.cfg.Namespace), url.Values{"limit": {"1"}}), nil)
		if err != nil {
			return err
		}
		resp, err := r.conn.get(req)
		if ae, ok := err.(*apiError); ok && ae.Code == http.StatusForbidden {
			return fmt.Errorf("forbidden: this account may not list %s (%s); ask for list and watch on it, or leave it out of --resources", t.Name, oneLine(fmt.Errorf("%s", ae.Message)))
		}
		if err != nil {
			return fmt.Errorf("LIST %s at %s: %v", t.Name, r.conn.Host, err)
		}
		resp.Body.Close()
	}
	return nil
}

// emit stamps a record with the time since the start and writes it.
func (r *Recorder) emit(rec recording.Record) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec.T = time.Since(r.start).Milliseconds()
	if c := r.counts[rec.Res]; c != nil {
		switch {
		case rec.Kind == recording.KindEvent:
			c.events++
		case rec.Kind == recording.KindBookmark:
			c.bookmarks++
		case rec.Code == http.StatusGone:
			c.gone++
		}
	}
	r.writeLocked(rec)
}

func (r *Recorder) line(v any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writeLocked(v)
}

func (r *Recorder) writeLocked(v any) {
	b, err := recording.Line(v)
	if err == nil {
		_, err = r.out.Write(b)
	}
	if err != nil && r.err == nil {
		r.err = fmt.Errorf("writing the recording: %v", err)
	}
	r.lines++
	if r.cfg.Sink != nil {
		r.cfg.Sink(b)
	}
}

// failed records a refused or failed request.
func (r *Recorder) failed(res, verb string, err error) {
	rec := recording.Record{Kind: recording.KindError, Res: res, Verb: verb, Message: oneLine(err)}
	if ae, ok := err.(*apiError); ok {
		rec.Code, rec.Reason, rec.Message = ae.Code, ae.Reason, ae.Message
	}
	r.emit(rec)
}

// note says something once, on the progress writer and in the recording.
func (r *Recorder) note(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	fmt.Fprintf(r.cfg.Progress, "watchscope record: %s\n", text)
	if !r.start.IsZero() {
		r.emit(recording.Record{Kind: recording.KindNote, Text: text})
	}
}

// progress flushes the recording every second (a file read while it
// grows, or a recorder killed, loses at most a second) and prints the
// events per resource: every second on a terminal, every 10 s to a file.
func (r *Recorder) progress(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for tick := 1; ; tick++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			r.mu.Lock()
			line := r.progressLine()
			if err := r.out.Flush(); err != nil && r.err == nil {
				r.err = fmt.Errorf("writing the recording: %v", err)
			}
			r.mu.Unlock()
			if r.cfg.Terminal {
				fmt.Fprintf(r.cfg.Progress, "\r%s\x1b[K", line)
			} else if tick%10 == 0 {
				fmt.Fprintln(r.cfg.Progress, line)
			}
		}
	}
}

func (r *Recorder) progressLine() string {
	var b strings.Builder
	fmt.Fprintf(&b, "recording %s", time.Since(r.start).Truncate(time.Second))
	if r.cfg.For > 0 {
		fmt.Fprintf(&b, " of %s", r.cfg.For)
	}
	b.WriteByte(':')
	for _, n := range r.names {
		c := r.counts[n]
		fmt.Fprintf(&b, " %s %d events", n, c.events)
		if c.bookmarks > 0 || c.gone > 0 {
			fmt.Fprintf(&b, " (%d bookmarks, %d 410s)", c.bookmarks, c.gone)
		}
		b.WriteByte(',')
	}
	return strings.TrimSuffix(b.String(), ",")
}

func (r *Recorder) endProgress() {
	r.mu.Lock()
	line := r.progressLine()
	r.mu.Unlock()
	if r.cfg.Terminal {
		fmt.Fprint(r.cfg.Progress, "\r\x1b[K")
	}
	fmt.Fprintln(r.cfg.Progress, line)
}
