package console

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"watchscope/engine"
	"watchscope/mvcc"
)

// Shell interprets command lines against one simulated world. It speaks
// the tools SREs already use (etcdctl today; kubectl once the API server
// exists) plus simulator verbs that start with "sim". Lessons, the browser
// app and `go run . console` all drive the world through this one language.
//
// A command runs at the world's current virtual time. Afterwards the shell
// lets the world settle (see settle) and appends whatever open watches
// printed meanwhile, so a script reads like a terminal transcript.
type Shell struct {
	w          *engine.World
	etcdCfg    mvcc.Config
	watches    []backgroundWatch
	watchCount int // watches ever opened, to name them in the trace
	calls      int // requests kubectl sent, so a refused command is seen to send none

	stdinFor string   // a command line waiting for its standard input (etcdctl txn)
	stdinBuf []string // the input lines so far
	stdin    string   // while a command runs: the input given with it

	prompting    bool // the txn collecting its input is -i: its prompts show as it goes
	promptsShown bool // while that txn runs: its prompts were shown already

	doc     *hereDocPending   // a command collecting its here-document
	lines   int               // input lines given to Exec one at a time, to name a line
	files   map[string]string // files written with cat > FILE (kubectl apply -f FILE)
	outFile string            // while a command runs: its > FILE
}

// settleMax bounds how much virtual time one command may take to settle.
const settleMax = time.Second

// NewWorld builds a world whose commands are applied by a new Shell, and
// returns both. The world records every command in its log, so it can be
// rebuilt exactly from the seed and the log (see Restore and ForkAt).
func NewWorld(cfg engine.Config) (*engine.World, *Shell, error) {
	sh := newShell(&cfg)
	w, err := engine.NewWorld(cfg)
	if err != nil {
		return nil, nil, err
	}
	sh.w = w
	sh.boot()
	return w, sh, nil
}

// bootTimeout bounds how long a new world may take to bring its API
// servers up.
const bootTimeout = 30 * time.Second

// boot runs a new world until its API servers accept connections (each
// takes a couple of simulated seconds to start), so a console or lesson
// begins on a running cluster. A world without API servers does not move.
// Replay needs no special case: the first logged command comes after the
// boot, so Restore runs the clock through it.
func (sh *Shell) boot() { sh.waitServing() }

// waitServing runs the world until every API server serves (a start or a
// restart takes a few simulated seconds), for at most bootTimeout.
func (sh *Shell) waitServing() {
	until := sh.w.Now() + bootTimeout
	for _, s := range sh.w.APIServers {
		for !s.Serving() && sh.w.Now() < until {
			if !sh.w.Step() {
				sh.w.RunFor(100 * time.Millisecond)
			}
		}
	}
}

// Restore rebuilds a world from its seed and command log as it was at
// virtual time at, with a fresh Shell of its own (open watches included,
// since the commands that opened them are replayed).
func Restore(cfg engine.Config, log []engine.LoggedCommand, at time.Duration) (*engine.World, *Shell, error) {
	sh := newShell(&cfg)
	w, err := engine.Restore(cfg, log, at)
	if err != nil {
		return nil, nil, err
	}
	sh.w = w
	sh.drainWatches() // what they printed during replay was seen the first time
	return w, sh, nil
}

// ForkAt rewinds: a new world and shell as this one was at time at, after
// every command logged at or before at. The original is untouched;
// commands on the fork write a new future.
func (sh *Shell) ForkAt(at time.Duration) (*engine.World, *Shell, error) {
	return Restore(sh.w.Config(), sh.w.Log(), at)
}

// Fork rewinds to exactly the moment of a checkpoint (several commands can
// share one instant; the checkpoint counts them) and verifies the replay
// reproduced the checkpoint's trace hash.
func (sh *Shell) Fork(cp engine.Checkpoint) (*engine.World, *Shell, error) {
	cfg := sh.w.Config()
	fork := newShell(&cfg)
	w, err := engine.RestoreCheckpoint(cfg, sh.w.Log(), cp)
	if err != nil {
		return nil, nil, err
	}
	fork.w = w
	fork.drainWatches()
	return w, fork, nil
}

// newShell makes a shell and installs it as cfg's Applier. The shell
// adopts the first world that applies a command through it (during
// Restore that happens before the world is returned).
func newShell(cfg *engine.Config) *Shell {
	sh := &Shell{etcdCfg: cfg.Etcd}
	cfg.Apply = func(w *engine.World, line string) (string, error) {
		if sh.w == nil {
			sh.w = w
		}
		if w != sh.w {
			return "", errors.New("console: command applied to a world this shell does not own")
		}
		return sh.apply(line)
	}
	return sh
}

// World returns the world this shell drives.
func (sh *Shell) World() *engine.World { return sh.w }

// Exec runs one command line through the world's command log and returns
// what a terminal would show: the command's output followed by anything
// open watches printed while the world settled. Blank lines and lines
// starting with # are ignored. A mistyped command returns an error naming
// the problem; the world is unchanged and the shell goes on.
//
// A command's standard input follows it: a here-document (heredoc.go), the
// lines up to its delimiter; or, for `etcdctl txn` without one, the lines
// up to and including the third blank line. Pending reports whether input
// is being collected. The command line and its input then run, and are
// logged, as one command.
//
// Text of several lines (a paste, a lesson's action) runs line by line as
// a script: the errors of lines before the last print within the output,
// and a here-document the text leaves open is an error naming the line of
// the text it began on.
func (sh *Shell) Exec(text string) (string, error) {
	if !strings.Contains(text, "\n") {
		sh.lines++
		return sh.execLine(text, sh.lines)
	}
	var out strings.Builder
	var last error
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if last != nil {
			out.WriteString(ErrorLine(last) + "\n")
		}
		o, err := sh.execLine(line, i+1)
		out.WriteString(o)
		last = err
	}
	if sh.doc != nil {
		if last != nil {
			out.WriteString(ErrorLine(last) + "\n")
		}
		last = sh.doc.unterminated()
		sh.doc = nil
	}
	return out.String(), last
}

// execLine is Exec for one input line, the n-th.
func (sh *Shell) execLine(line string, n int) (string, error) {
	if d := sh.doc; d != nil {
		if !d.doc.ends(line) {
			d.body = append(d.body, line)
			return "", nil
		}
		sh.doc = nil
		return sh.w.Exec(d.command())
	}
	if sh.stdinFor != "" {
		sh.stdinBuf = append(sh.stdinBuf, line)
		n := blankLines(sh.stdinBuf)
		if n < txnBlocks {
			if sh.prompting && strings.TrimSpace(line) == "" {
				return txnPrompts[n] + "\n", nil // txn -i asks for the next section
			}
			return "", nil
		}
		return sh.runStdin("\n")
	}
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return "", nil
	}
	if _, doc, _, err := splitCommand(line); err == nil && doc != nil {
		sh.doc = &hereDocPending{doc: doc, head: line, line: n}
		return "", nil
	}
	if reads, prompts := readsStdin(line); reads {
		sh.stdinFor, sh.prompting = line, prompts
		if prompts {
			return txnPrompts[0] + "\n", nil
		}
		return "", nil
	}
	return sh.w.Exec(line)
}

// EndInput is the end of the console's input (a script's last line): a
// here-document still open is an error naming the line it began on, and
// an etcdctl txn still reading runs on what it got, as etcdctl does at
// the end of its standard input.
func (sh *Shell) EndInput() (string, error) {
	if sh.doc != nil {
		err := sh.doc.unterminated()
		sh.doc = nil
		return "", err
	}
	if sh.stdinFor != "" {
		return sh.runStdin("")
	}
	return "", nil
}

// runStdin runs the txn whose input was collected line by line (end: what
// ends the input). The prompts of txn -i were shown as it went.
func (sh *Shell) runStdin(end string) (string, error) {
	full := sh.stdinFor + "\n" + strings.Join(sh.stdinBuf, "\n") + end
	sh.stdinFor, sh.stdinBuf = "", nil
	sh.promptsShown, sh.prompting = sh.prompting, false
	defer func() { sh.promptsShown = false }()
	return sh.w.Exec(full)
}

// Pending reports whether the shell is collecting a command's standard
// input: blank lines matter then.
func (sh *Shell) Pending() bool { return sh.stdinFor != "" || sh.doc != nil }

// txnBlocks is how many blank-line-ended blocks etcdctl txn reads.
const txnBlocks = 3

func blankLines(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			n++
		}
	}
	return n
}

// readsStdin reports whether line is an etcdctl txn that will read its
// transaction from the lines that follow (one given arguments fails at
// once, as etcdctl does before reading), and whether it prompts (-i).
func readsStdin(line string) (reads, prompts bool) {
	words, err := splitArgs(line)
	if err != nil || len(words) == 0 {
		return false, false
	}
	if words[0] == "etcdctl" {
		words = words[1:]
	}
	cmd, rest := etcdctlSubcommand(words)
	if cmd != "txn" {
		return false, false
	}
	p, err := parseFlags(rest, txnSpec())
	return err == nil && len(p.Args) == 0, p.Bool("interactive")
}

// apply is the world's Applier: parse, dispatch, settle, drain watches.
func (sh *Shell) apply(line string) (string, error) {
	line, sh.stdin, _ = strings.Cut(line, "\n")
	defer func() { sh.stdin, sh.outFile = "", "" }()
	words, doc, outFile, err := splitCommand(line)
	if err != nil {
		return "", err
	}
	if len(words) == 0 {
		return "", nil
	}
	if doc != nil {
		if sh.stdin, err = doc.text(sh.stdin); err != nil {
			return "", err
		}
	}
	if sh.outFile = outFile; outFile != "" && words[0] != "cat" {
		return "", fmt.Errorf("> %s: only cat writes a file in the console (cat > FILE <<EOF)", outFile)
	}
	out, err := sh.dispatch(words)
	return out + sh.settle(), err
}

var topCommands = []string{"etcdctl", "kubectl", "sim", "cat", "help"}

func (sh *Shell) dispatch(words []string) (string, error) {
	switch words[0] {
	case "etcdctl":
		return sh.etcdctl(words[1:])
	case "sim":
		return sh.sim(words[1:])
	case "kubectl":
		return sh.kubectl(words[1:])
	case "cat":
		return sh.cat(words[1:])
	case "help":
		return helpText + "\nAll sim verbs (\"sim VERB\" with no arguments prints its usage):\n  " +
			strings.Join(simVerbNames(), ", ") + "\n", nil
	}
	if contains(etcdctlCommands, words[0]) {
		return sh.etcdctl(words)
	}
	all := append(append([]string{}, topCommands...), etcdctlCommands...)
	if s := suggest(words[0], all); s != "" {
		return "", fmt.Errorf("unknown command %q (did you mean %q? try \"help\")", words[0], s)
	}
	return "", fmt.Errorf("unknown command %q (try \"help\")", words[0])
}

// settle runs the world forward just far enough for etcd's background
// passes to deliver what a real cluster would deliver "at once": while
// some watcher is unsynced or a victim (waiting for the 100 ms sync pass
// or the 10 ms victim retry), advance to etcd's next wake-up, for at most
// settleMax of virtual time. Open watches are read as it goes, the way
// etcdctl reads its stream continuously, so a full stream never stalls
// the settling. A quiet world does not move at all. It returns what the
// watches printed.
func (sh *Shell) settle() string {
	var out strings.Builder
	deadline := sh.w.Now() + settleMax
	for {
		out.WriteString(sh.drainWatches())
		if sh.etcd().Metrics().SlowWatcherTotal == 0 {
			break
		}
		next, ok := sh.etcd().NextWake()
		if !ok || next > deadline || next <= sh.w.Now() {
			break
		}
		sh.w.RunUntil(next)
	}
	return out.String()
}

func (sh *Shell) etcd() *mvcc.Server { return sh.w.Etcd }

// record adds what etcd just did to the world's trace, on etcd's node and
// caused by whatever is running (the command, or a timer's event).
// rv is the revision the event names (0 for none).
func (sh *Shell) record(kind engine.Kind, detail string, rv int64) {
	sh.w.RecordEvent(engine.TraceEvent{Cause: sh.w.Cause(), Node: engine.EtcdNode, Kind: kind, Detail: detail, RV: uint64(rv)})
}

func (sh *Shell) quotaBytes() int64 {
	if sh.etcdCfg.QuotaBackendBytes > 0 {
		return sh.etcdCfg.QuotaBackendBytes
	}
	return 2 << 30
}

const helpText = `WatchScope console: a simulated etcd 3.6 and kube-apiserver 1.36 you drive with
the tools you already use.

etcd (the word "etcdctl" may be left out):
  etcdctl put KEY VALUE [--prev-kv] [--lease ID] [--ignore-value]
  etcdctl get KEY [RANGE_END] [--prefix|--from-key] [--rev N] [--limit N] [--keys-only] [--count-only -w fields]
              [--sort-by KEY|CREATE|MODIFY|VERSION|VALUE] [--order ASCEND|DESCEND] [--print-value-only]
              [--min-mod-rev N] [--max-mod-rev N] [--min-create-rev N] [--max-create-rev N]
  etcdctl del KEY [RANGE_END] [--prefix|--from-key] [--prev-kv]
  etcdctl txn [-i]                  then compares, a blank line, success ops, a blank line, failure ops, a blank line
  etcdctl compaction REV            (alias: compact)
  etcdctl watch KEY [RANGE_END] [--prefix] [--rev N] [--prev-kv] [--progress-notify]
  etcdctl lease grant TTL | revoke ID | timetolive ID [--keys] | list | keep-alive ID [--once]
  etcdctl member list
  etcdctl endpoint status
  Every etcdctl command takes -w simple|json|fields (member list and endpoint status: table) and --hex.

Kubernetes:
  kubectl get RESOURCE [NAME] [-n NS|-A] [-l SEL] [--field-selector SEL] [-o wide|json|yaml|name]
              [--chunk-size N] [--resource-version RV] [-w|--watch-only] [--output-watch-events]
  kubectl get --raw '/api/v1/pods?watch=1&resourceVersion=N&allowWatchBookmarks=true'
  kubectl run NAME [--node NODE] [-l KEY=VALUE] [--size 10Ki] [-n NS]
  kubectl create namespace|configmap|secret generic NAME [--from-literal KEY=VALUE] [-l KEY=VALUE] [--size 10Ki] [-n NS]
  kubectl delete RESOURCE NAME [-n NS]
  kubectl label RESOURCE NAME KEY=VALUE... [KEY-] [--overwrite] [--resource-version RV] [-n NS]
  kubectl annotate RESOURCE NAME KEY=VALUE... [KEY-] [--overwrite] [--resource-version RV] [-n NS]
  kubectl patch RESOURCE NAME -p PATCH [--type strategic|merge|json] [--patch-file FILE] [--dry-run=server] [-n NS]
  kubectl apply -f FILE|- [--dry-run=server] [-n NS]   client-side apply (last-applied-configuration annotation)

Simulator (the most used verbs):
  sim advance DURATION              let simulated time pass (e.g. 500ms, 5s, 10m)
  sim time                          print the simulated time and revision
  sim informer NAME RESOURCE        start a client-go informer (see: sim informers, sim inspect)
  sim load RESOURCE RATE DURATION   write objects through the API server at a steady rate
  sim replay FILE.wsrec             send a real cluster's recorded writes (watchscope record) again
  sim restart apiserver-0           restart an API server (sim kill for an OOM-style death)
  sim disconnect NODE DURATION      cut a node off the network (sim partition, sim heal)
  sim set KNOB VALUE                change an API server flag (a restart, as in real life)
  sim cache pods                    the watch cache's window: capacity, oldest RV, cache RV
  sim dispatch pods                 its dispatcher: watchers, offers per event, blocked waits, budget
  sim apf [LEVEL]                   Priority and Fairness: each level's seats, queues, 429s
  sim list pods -A --as CLIENT      a LIST's size, route, priority level and seats (sim burst: many at once)

Watches stay open: what they print appears after the output of later commands.
Lines starting with # are comments. Words are quoted as in bash ('...', "...", \, $'...');
one command per line, without pipes, redirections or variables. A command's input may follow
it as a here-document, as in bash:
  etcdctl txn <<EOF                 the lines up to EOF are its input (<<'EOF': literal, <<-EOF: tabs stripped)
  cat > web.yaml <<'EOF'            keep a file (cat FILE prints it; kubectl apply -f web.yaml reads it)
`
