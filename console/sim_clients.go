package console

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	am "watchscope/apimachinery"
	"watchscope/engine"
	"watchscope/informer"
	"watchscope/workqueue"
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
//	    [--workqueue [--workers 1] [--work-cost 0s] [--changes-only]
//	    [--requires KIND/NAME] [--requeue rate-limited|immediate] [--forget=false]] [--count N]
//
// The informer uses client-go 1.36's defaults unless told otherwise:
// streaming lists (WatchList) on, the atomic RealFIFO, backoff 800ms..30s.
// With --workqueue the handler is a controller's: it puts each object's
// key in a rate-limited workqueue named NAME (workqueue_depth{name="NAME"})
// and workers reconcile the keys from the informer's cache, work-cost each;
// --changes-only queues only real changes: not the initial list's adds nor
// the unchanged objects a resync or relist replays. --requires
// configmap/NAME makes the reconcile fail while that object is missing
// from a second informer's cache (in the key's namespace): the key is
// retried with the rate limiter's back-off, or at once with --requeue
// immediate (a hot loop: it needs a --work-cost); --forget=false leaves
// out Forget after a success. With --count N it
// starts N such processes at once, NAME-1 to NAME-N.
func (sh *Shell) simInformer(words []string) (string, error) {
	p, err := parseFlags(words, flagSpec{
		Bools:  []string{"watch-list", "workqueue", "changes-only", "forget"},
		Values: []string{"namespace", "selector", "field-selector", "handler-cost", "resync", "workers", "work-cost", "count", "requires", "requeue"},
		Short:  kubectlShort,
	})
	if err != nil {
		return "", err
	}
	if len(p.Args) != 2 {
		return "", errors.New(informerUsage)
	}
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	r, err := lookupKubectlResource(p.Args[1])
	if err != nil {
		return "", err
	}
	count, err := p.Int64("count", 1)
	if err != nil || count < 1 || count > 1000 {
		return "", fmt.Errorf("invalid --count %q: 1 to 1000 processes", p.String("count", ""))
	}
	if count == 1 && !p.Has("count") {
		mode, err := sh.startInformer(p.Args[0], p, r)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("informer %s started on %s (%s)\n", p.Args[0], r.Resource, mode), nil
	}
	// --count N: N processes NAME-1 ... NAME-N, started at the same instant.
	var mode string
	for i := range count {
		if mode, err = sh.startInformer(fmt.Sprintf("%s-%d", p.Args[0], i+1), p, r); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%d informers %s-1..%s-%d started on %s (%s)\n", count, p.Args[0], p.Args[0], count, r.Resource, mode), nil
}

// startInformer starts one client-go process named name with one
// informer on r, as p says, and returns how it lists.
func (sh *Shell) startInformer(name string, p parsedFlags, r am.Resource) (string, error) {
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
	var handler informer.Handler = informer.HandlerFunc(func(time.Duration, informer.Notification) {})
	ctrl, err := sh.informerController(name, p, inf, f)
	if err != nil {
		return "", err
	}
	if ctrl != nil {
		handler = ctrl.handler
	}
	if _, err := inf.AddEventHandler(sh.w.Now(), handler, informer.HandlerOptions{Name: name + "-handler", Cost: cost}); err != nil {
		return "", err
	}
	c, err := sh.w.AddClient(name, f)
	if err != nil {
		return "", err
	}
	if ctrl != nil {
		c.AddController(ctrl.ctrl, r.Resource)
	}
	mode := "streaming list (WatchList)"
	if cfg.DisableWatchList {
		mode = "LIST then WATCH"
	}
	if ctrl != nil {
		mode += fmt.Sprintf(", workqueue %s: %d worker(s), %s a key", name, ctrl.ctrl.Workers(), ctrl.ctrl.Cost())
	}
	return mode, nil
}

const informerUsage = "usage: sim informer NAME RESOURCE [-n NS] [-l SEL] [--field-selector SEL] [--watch-list=false] [--handler-cost D] [--resync D] [--workqueue [--workers N] [--work-cost D] [--changes-only] [--requires KIND/NAME] [--requeue rate-limited|immediate] [--forget=false]] [--count N]"

type informerCtrl struct {
	ctrl    *workqueue.Controller
	handler informer.Handler
}

// informerController builds the --workqueue controller, or nil without it.
func (sh *Shell) informerController(name string, p parsedFlags, inf *informer.SharedIndexInformer, f *informer.SharedInformerFactory) (*informerCtrl, error) {
	if !p.Bool("workqueue") {
		for _, flag := range []string{"workers", "work-cost", "changes-only", "requires", "requeue", "forget"} {
			if p.Has(flag) {
				return nil, errors.New("--workers, --work-cost, --changes-only, --requires, --requeue and --forget need --workqueue")
			}
		}
		return nil, nil
	}
	workers, err := p.Int64("workers", 1)
	if err != nil {
		return nil, err
	}
	if workers < 1 || workers > 100 {
		return nil, fmt.Errorf("invalid --workers %d: 1 to 100", workers)
	}
	cost, err := parseDuration(p.String("work-cost", "0s"))
	if err != nil {
		return nil, err
	}
	need, policy, err := controllerNeeds(p, f)
	if err != nil {
		return nil, err
	}
	if policy.Immediate && cost == 0 {
		return nil, errors.New("--requeue immediate needs a --work-cost (a worker that takes no time would spin forever at one instant)")
	}
	ctrl, h := sh.w.NewController(name, name, inf, int(workers), cost, need)
	ctrl.SetPolicy(policy)
	if p.Bool("changes-only") {
		// A handler that reads isInInitialList (ResourceEventHandlerDetailedFuncs)
		// and, like sample-controller's, drops an update whose resourceVersion
		// did not change (a resync's or a relist's replay).
		queue := h
		h = informer.HandlerFunc(func(now time.Duration, n informer.Notification) {
			if n.Type == informer.NotifyAdd && n.IsInInitialList || n.IsSync() {
				return
			}
			queue.Handle(now, n)
		})
	}
	return &informerCtrl{ctrl, h}, nil
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

// controllerNeeds reads --requires, --requeue and --forget.
func controllerNeeds(p parsedFlags, f *informer.SharedInformerFactory) (*engine.Need, workqueue.Policy, error) {
	var policy workqueue.Policy
	switch q := p.String("requeue", "rate-limited"); q {
	case "rate-limited":
	case "immediate":
		policy.Immediate = true
	default:
		return nil, policy, fmt.Errorf("invalid --requeue %q: rate-limited (AddRateLimited) or immediate (Add)", q)
	}
	policy.NoForget = p.Has("forget") && !p.Bool("forget")
	req := p.String("requires", "")
	if req == "" {
		return nil, policy, nil
	}
	kind, name, ok := strings.Cut(req, "/")
	if !ok || name == "" {
		return nil, policy, fmt.Errorf("invalid --requires %q: KIND/NAME, e.g. configmap/web-config", req)
	}
	r, err := lookupKubectlResource(kind)
	if err != nil {
		return nil, policy, err
	}
	return &engine.Need{Kind: strings.ToLower(r.Kind), Name: name, Namespaced: r.Namespaced, Lister: f.InformerOfAll(r.Resource)}, policy, nil
}
