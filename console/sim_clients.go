package console

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"watchscope/informer"
)

func init() {
	registerSim(map[string]simVerb{
		"informer":  (*Shell).simInformer,
		"informers": (*Shell).simInformers,
	})
}

// simInformer starts a client-go process on its own node running one
// shared informer with one event handler, the way a controller does:
//
//	sim informer NAME RESOURCE [-n NS] [-l SEL] [--field-selector SEL]
//	    [--watch-list=false] [--handler-cost 20ms] [--resync 30s]
//
// The informer uses client-go 1.36's defaults unless told otherwise:
// streaming lists (WatchList) on, the atomic RealFIFO, backoff 800ms..30s.
func (sh *Shell) simInformer(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Bools:  []string{"watch-list"},
		Values: []string{"namespace", "selector", "field-selector", "handler-cost", "resync"},
		Short:  kubectlShort,
	})
	if err != nil {
		return "", err
	}
	if len(p.Args) != 2 {
		return "", errors.New("usage: sim informer NAME RESOURCE [-n NS] [-l SEL] [--field-selector SEL] [--watch-list=false] [--handler-cost D] [--resync D]")
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	r, err := lookupKubectlResource(p.Args[1])
	if err != nil {
		return "", err
	}
	cfg := sh.w.InformerConfig()
	cfg.Kind, cfg.Namespace = r.Kind, p.String("namespace", "")
	cfg.LabelSelector, cfg.FieldSelector = p.String("selector", ""), p.String("field-selector", "")
	cfg.DisableWatchList = p.Has("watch-list") && !p.Bool("watch-list")
	cost, resync, err := handlerTimes(p)
	if err != nil {
		return "", err
	}
	cfg.DefaultResyncPeriod = resync
	f := informer.NewSharedInformerFactory(cfg)
	inf := f.InformerFor(r.Resource)
	noop := informer.HandlerFunc(func(time.Duration, informer.Notification) {})
	if _, err := inf.AddEventHandler(sh.w.Now(), noop, informer.HandlerOptions{Name: p.Args[0] + "-handler", Cost: cost}); err != nil {
		return "", err
	}
	if _, err := sh.w.AddClient(p.Args[0], f); err != nil {
		return "", err
	}
	mode := "streaming list (WatchList)"
	if cfg.DisableWatchList {
		mode = "LIST then WATCH"
	}
	return fmt.Sprintf("informer %s started on %s (%s)\n", p.Args[0], r.Resource, mode), nil
}

func handlerTimes(p parsedFlags) (cost, resync time.Duration, err error) {
	if cost, err = parseDuration(p.String("handler-cost", "0s")); err != nil {
		return 0, 0, err
	}
	if resync, err = parseDuration(p.String("resync", "0s")); err != nil {
		return 0, 0, err
	}
	if resync > 0 && resync < time.Second {
		return 0, 0, fmt.Errorf("invalid --resync %s: client-go's minimum resync period is 1s", resync)
	}
	return cost, resync, nil
}

// simInformers prints every client's informers: phase, sync state, local
// store size, the last resourceVersion it synced, and how often it had to
// relist or met a 410.
func (sh *Shell) simInformers(args []string) (string, error) {
	if len(args) != 0 {
		return "", errors.New("usage: sim informers")
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 6, 4, 3, ' ', 0)
	fmt.Fprintln(tw, "CLIENT\tRESOURCE\tPHASE\tSYNCED\tSTORE\tLAST-RV\tRELISTS\t410s\tBACKLOG")
	n := 0
	for _, c := range sh.w.Clients() {
		for _, inf := range c.Informers() {
			st := inf.Stats()
			backlog := 0
			for _, l := range st.Listeners {
				backlog += l.Backlog
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%v\t%d\t%s\t%d\t%d\t%d\n", c.Node(), st.Resource, st.Phase, st.HasSynced,
				st.StoreSize, orNone(inf.LastSyncResourceVersion()), st.Reflector.Relists, st.Reflector.Expired410, backlog)
			n++
		}
	}
	tw.Flush()
	if n == 0 {
		return "no informers (start one with: sim informer NAME RESOURCE)\n", nil
	}
	return b.String(), nil
}
