package console

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchscope/engine"
)

// The verb fuzzers feed every verb of one tool random arguments and
// flags on a small running cluster, and check what a trainer relies on:
// no panic, every error one line, and a command refused before it reached
// a server changes nothing (its own CMD line is the only new trace event,
// and neither the clock nor etcd's revision moved).

// etcdctlVerbs are etcdctl's commands as the dispatcher lists them (a verb
// added there is fuzzed too), with and without the word etcdctl.
func etcdctlVerbs() []string {
	var v []string
	for _, c := range etcdctlCommands {
		v = append(v, "etcdctl "+c, c)
	}
	return append(v, "etcdctl lease grant", "etcdctl lease revoke", "etcdctl member list", "etcdctl endpoint status")
}

func kubectlVerbs() []string {
	var v []string
	for _, c := range kubectlCommands {
		v = append(v, "kubectl "+c)
	}
	return append(v, "kubectl create namespace", "kubectl create configmap", "kubectl create secret generic")
}

func simVerbLines() []string {
	var v []string
	for _, n := range simVerbNames() {
		v = append(v, "sim "+n)
	}
	return v
}

// flagSeeds are argument lines every verb is tried with: each seed a
// different way to be wrong (and a few ways to be right).
var flagSeeds = []string{
	"", "a", "a 1", "--prefix", "-w json", "-w", "--write-out=fields", "--rev 99999999999999999999",
	"--rev -1", "--limit=x", "--bogus", "-Z", "--prefix=maybe", "pods", "pods -A", "pods -n", "pods -l 'a in (b'",
	"pods --field-selector spec.nodeName=", "pods -o yaml", "pods -o nope", "--raw /api/v1/pods", "--raw",
	"namespace x", "pod p --node", "web --size 10Mi", "web --size -5", "pods p a=b --overwrite",
	"pods p a- --resource-version 1", "5s", "-5s", "1e309", "99999999h", "apiserver-0", "apiserver-0 5s",
	"informer-x pods", "pods 10 2s", "pods 1e9 1s", "x y z w v", "'' ''", "-- --prefix", "héllo 日本 🙂",
	"--=x", "---x", "-", "--", "\"C:\\temp\\new\"", strings.Repeat("k", 10240),
}

type fuzzWorld struct {
	w  *engine.World
	sh *Shell
}

var fuzzWorlds = map[string]*fuzzWorld{}

// worldFor returns the tool's fuzz world, rebuilt when it has grown old.
func worldFor(t *testing.T, tool string) *fuzzWorld {
	fw := fuzzWorlds[tool]
	if fw != nil && fw.w.Now() < 10*time.Minute && fw.w.Trace.Len() < 200_000 {
		return fw
	}
	cfg := engine.Config{Seed: 7}
	cfg.APIServers.Replicas = 1
	w, sh, err := NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"put a 1", "put a/b 2", "kubectl create namespace team", "kubectl run web",
		"kubectl create configmap cm -n team", "sim informer inf pods"} {
		if _, err := sh.Exec(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	fw = &fuzzWorld{w, sh}
	fuzzWorlds[tool] = fw
	return fw
}

// expensive reports arguments that would make an accepted command run
// the world for long (a simulated hour, a million writes): not what the
// fuzzer is after, and they would slow it to a crawl.
func expensive(args []string) bool {
	for _, a := range args {
		if d, err := time.ParseDuration(a); err == nil && d > 30*time.Second {
			return true
		}
		if n, err := strconv.ParseFloat(a, 64); err == nil && n > 2000 {
			return true
		}
	}
	return false
}

func fuzzVerbs(f *testing.F, tool string, verbs []string) {
	for i := range verbs {
		for _, s := range flagSeeds {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, verb uint8, args string) {
		words, err := splitArgs(args)
		if err != nil || expensive(words) || strings.Contains(args, "\n") {
			return // text of several lines is a script of several commands (Exec)
		}
		fw := worldFor(t, tool)
		line := verbs[int(verb)%len(verbs)] + " " + args
		// What is due now and what earlier watches have waiting is not
		// this command's doing: let it happen first.
		fw.w.RunUntil(fw.w.Now())
		fw.sh.drainWatches()
		mark, now, rev, calls := fw.w.Trace.Last(), fw.w.Now(), fw.sh.etcd().Rev(), fw.sh.calls
		_, err = fw.sh.Exec(line)
		if err == nil {
			return
		}
		msg := ErrorLine(err)
		// One line, unless the tool prints its usage after it (a flag error).
		if _, rest, multi := strings.Cut(msg, "\n"); multi && !strings.Contains(args, "\n") &&
			!strings.HasPrefix(rest, "NAME:\n") && !strings.HasPrefix(rest, "See 'kubectl ") {
			t.Fatalf("%.200q: error of more than one line:\n%s", line, msg)
		}
		if fw.sh.calls != calls || reachedServer(err) {
			return // the server answered: the request happened
		}
		if changed := worldChange(fw, mark, now, rev); changed != "" {
			t.Fatalf("%.200q was refused (%.200s) but changed the world: %s", line, msg, changed)
		}
	})
}

// reachedServer: the error is a server's answer (the request happened):
// kubectl's rendering of an API error, or etcd's own error.
func reachedServer(err error) bool {
	var se serverError
	return errors.As(err, &se) || strings.HasPrefix(err.Error(), "mvcc: ") || strings.HasPrefix(err.Error(), "etcdserver: ")
}

func worldChange(fw *fuzzWorld, mark engine.EventID, now time.Duration, rev int64) string {
	evs := fw.w.Trace.Since(mark)
	switch {
	case len(evs) != 1 || evs[0].Kind != engine.KindCmd:
		return fmt.Sprintf("%d trace events after the command's own (first %+v)", len(evs)-1, evs[min(1, len(evs)-1)])
	case fw.w.Now() != now:
		return fmt.Sprintf("the clock moved from %s to %s", now, fw.w.Now())
	case fw.sh.etcd().Rev() != rev:
		return fmt.Sprintf("etcd's revision moved from %d to %d", rev, fw.sh.etcd().Rev())
	}
	return ""
}

func FuzzEtcdctlFlags(f *testing.F) { fuzzVerbs(f, "etcdctl", etcdctlVerbs()) }
func FuzzKubectlFlags(f *testing.F) { fuzzVerbs(f, "kubectl", kubectlVerbs()) }
func FuzzSimFlags(f *testing.F)     { fuzzVerbs(f, "sim", simVerbLines()) }
