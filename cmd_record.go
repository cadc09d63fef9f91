//go:build !js

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"watchscope/recorder"
	"watchscope/recording"
	"watchscope/web"
)

const recordUsage = `usage: watchscope record [--kubeconfig FILE] [--context NAME] [--resources pods,configmaps]
                        [--namespace NS] [--for 5m] [--with-objects] [-o FILE.wsrec]

Records what a real API server answers to an informer: LIST, then WATCH with
allowWatchBookmarks=true, per resource; every event's type, key, resourceVersion
and size, every BOOKMARK, ERROR (410) and re-LIST, with times since the start,
and the watch-cache series of /metrics every 10 s when the account may read it.
Read-only: it sends only GET /version, discovery, LIST, WATCH and GET /metrics.
Object contents are kept only with --with-objects. Ctrl-C stops it early.
The file format is documented in recording/format.go (JSON Lines, versioned).
`

func runRecord(args []string) error {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), recordUsage, "\nflags:\n"); fs.PrintDefaults() }
	kubeconfig := fs.String("kubeconfig", "", "kubeconfig file (default: KUBECONFIG, ~/.kube/config, or the in-cluster config)")
	kctx := fs.String("context", "", "kubeconfig context (default: the current one)")
	resources := fs.String("resources", "pods,configmaps,leases", "resources to list and watch, comma-separated")
	namespace := fs.String("namespace", "", "record only this namespace (default: all)")
	fs.StringVar(namespace, "n", "", "short for --namespace")
	dur := fs.Duration("for", 5*time.Minute, "how long to record")
	withObjects := fs.Bool("with-objects", false, "also keep each event's object (off: names and sizes only, so a recording can be shared)")
	out := fs.String("o", "watchscope"+recording.Ext, "the recording file to write")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("record: unexpected argument %q (flags only; see watchscope record --help)", fs.Arg(0))
	}
	if *dur <= 0 {
		return fmt.Errorf("record: --for %s: give a positive duration such as 2m", *dur)
	}
	names := splitList(*resources)
	if len(names) == 0 {
		return errors.New("record: --resources is empty: name at least one, e.g. --resources pods")
	}
	conn, err := recorder.Connect(*kubeconfig, *kctx)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r := recorder.New(conn, recorder.Config{Resources: names, Namespace: *namespace, For: *dur,
		WithObjects: *withObjects, Progress: os.Stderr, Terminal: isTerminal(os.Stderr)})
	// The file is made only once the server answered: a start that fails
	// (unreachable, 401, 403, an unknown resource) leaves an older
	// recording of the same name as it was.
	if err := r.Start(ctx); err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("record: %v", err)
	}
	err = r.Record(ctx, f)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("record: %v", cerr)
	}
	if err != nil {
		os.Remove(*out)
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s\n", *out)
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// liveOptions are serve's flags for recording while serving.
type liveOptions struct {
	live                                    *bool
	kubeconfig, context, resources, ns, out *string
}

func liveFlags(fs *flag.FlagSet) liveOptions {
	o := liveOptions{
		live:       fs.Bool("live", false, "record a real API server while serving and stream it to the page at /?live (kubeconfig as kubectl finds it)"),
		kubeconfig: fs.String("kubeconfig", "", "with --live: the kubeconfig (implies --live)"),
		context:    fs.String("context", "", "with --live: the kubeconfig context (implies --live)"),
		resources:  fs.String("resources", "pods,configmaps,leases", "with --live: the resources to record"),
		ns:         fs.String("n", "", "with --live: record only this namespace"),
		out:        fs.String("o", "", "with --live: also write the recording to this file"),
	}
	return o
}

// serveLive serves the app and records a real API server meanwhile, until
// Ctrl-C: the recording's lines go to the page as Server-Sent Events
// (web.Feed) and, with -o, to a file. The server is checked before the
// page is served, so a bad kubeconfig or an unreachable server is one
// line and nothing listens.
func serveLive(addr, dir string, o liveOptions) error {
	names := splitList(*o.resources)
	if len(names) == 0 {
		return errors.New("serve: --resources is empty: name at least one, e.g. --resources pods")
	}
	conn, err := recorder.Connect(*o.kubeconfig, *o.context)
	if err != nil {
		return err
	}
	feed := web.NewFeed()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r := recorder.New(conn, recorder.Config{Resources: names, Namespace: *o.ns, Progress: os.Stderr, Sink: feed.Add})
	if err := r.Start(ctx); err != nil {
		return err
	}
	var out io.Writer = io.Discard
	if *o.out != "" {
		f, err := os.Create(*o.out)
		if err != nil {
			return fmt.Errorf("serve: %v", err)
		}
		defer f.Close()
		out = f
	}
	recorded := make(chan struct{})
	go func() {
		defer close(recorded)
		if err := r.Record(ctx, out); err != nil {
			fmt.Fprintf(os.Stderr, "watchscope serve: the recording stopped: %v\n", err)
		}
	}()
	fmt.Fprintf(os.Stderr, "watchscope serve: recording %s live; open http://%s/?live\n", strings.Join(names, ", "), addr)
	errc := make(chan error, 1)
	go func() { errc <- web.ServeWith(addr, dir, web.LiveHandler(dir, feed)) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		select { // the recording writes its end line
		case <-recorded:
		case <-time.After(5 * time.Second):
		}
		return nil
	}
}
