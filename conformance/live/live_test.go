package live

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"watchscope/console"
	"watchscope/engine"
)

// binDir builds (or finds) the real binaries.
func binDir(t *testing.T, only string) string {
	t.Helper()
	if os.Getenv("WS_LIVE") == "" {
		t.Skip("set WS_LIVE=1 (make conformance-live) to build and run the real etcd, etcdctl, kube-apiserver and kubectl")
	}
	cmd := exec.Command("sh", "build.sh", only)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("build.sh: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// realEtcd is one fresh real member.
type realEtcd struct {
	cmd  *exec.Cmd
	dir  string
	log  bytes.Buffer
	bin  string
	bg   []*background
	wait time.Duration // how long to wait for background output after a command
}

const clientURL, peerURL = "127.0.0.1:2379", "127.0.0.1:2380"

func startEtcd(t *testing.T, bin string) *realEtcd {
	t.Helper()
	for _, a := range []string{clientURL, peerURL} {
		l, err := net.Listen("tcp", a)
		if err != nil {
			t.Fatalf("%s is taken (another etcd?): %v", a, err)
		}
		l.Close()
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	e := &realEtcd{dir: dir, bin: bin, wait: 600 * time.Millisecond}
	e.cmd = exec.Command(filepath.Join(bin, "etcd"), "--data-dir", filepath.Join(dir, "data"),
		"--listen-client-urls", "http://"+clientURL, "--advertise-client-urls", "http://localhost:2379",
		"--listen-peer-urls", "http://"+peerURL, "--initial-advertise-peer-urls", "http://localhost:2380",
		"--initial-cluster", "default=http://localhost:2380")
	e.cmd.Stdout, e.cmd.Stderr = &e.log, &e.log
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.stop)
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if out, err := e.etcdctl("endpoint status", ""); err == nil && strings.Contains(out, "127.0.0.1:2379") {
			return e
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("etcd did not start:\n%s", e.log.String())
	return nil
}

func (e *realEtcd) stop() {
	for _, b := range e.bg {
		b.stop()
	}
	if e.cmd.Process != nil {
		e.cmd.Process.Kill()
		e.cmd.Wait()
	}
}

// etcdctl runs one etcdctl command line, split by bash as the console
// splits it, with stdin.
func (e *realEtcd) etcdctl(args, stdin string) (string, error) {
	cmd := exec.Command("bash", "-c", `exec "$ETCDCTL" `+args)
	cmd.Env = append(os.Environ(), "ETCDCTL="+filepath.Join(e.bin, "etcdctl"))
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// background is an etcdctl left running (watch, keep-alive).
type background struct {
	cmd *exec.Cmd
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *background) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *background) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.buf.String()
	b.buf.Reset()
	return s
}

func (b *background) stop() {
	if b.cmd.Process != nil {
		b.cmd.Process.Kill()
		b.cmd.Wait()
	}
}

func (e *realEtcd) startBackground(args string) error {
	b := &background{}
	b.cmd = exec.Command("bash", "-c", `exec "$ETCDCTL" `+args)
	b.cmd.Env = append(os.Environ(), "ETCDCTL="+filepath.Join(e.bin, "etcdctl"))
	b.cmd.Stdout, b.cmd.Stderr = b, b
	if err := b.cmd.Start(); err != nil {
		return err
	}
	e.bg = append(e.bg, b)
	return nil
}

func (e *realEtcd) drain() string {
	time.Sleep(e.wait)
	var s strings.Builder
	for _, b := range e.bg {
		s.WriteString(b.take())
	}
	return s.String()
}

// step is one command of a script with its standard input.
type step struct {
	line  string
	stdin []string
}

func parseScript(src string) []step {
	var steps []step
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		s := step{line: l}
		if end, ok := hereDocEnd(l); ok {
			// The command and its here-document are one bash script on
			// the real side and one pasted text in the console.
			for i++; i < len(lines); i++ {
				s.line += "\n" + lines[i]
				if end(lines[i]) {
					break
				}
			}
			steps = append(steps, s)
			continue
		}
		if isTxn(l) {
			blanks := 0
			for i++; i < len(lines) && blanks < 3; i++ {
				s.stdin = append(s.stdin, lines[i])
				if strings.TrimSpace(lines[i]) == "" {
					blanks++
				}
			}
			i--
		}
		steps = append(steps, s)
	}
	return steps
}

// hereDocEnd reports whether a script line opens a here-document
// (<<EOF, <<'EOF', <<-EOF) and returns the test for its delimiter line.
func hereDocEnd(l string) (func(string) bool, bool) {
	i := strings.Index(l, "<<")
	if i < 0 || strings.HasPrefix(l[i:], "<<<") {
		return nil, false
	}
	rest := strings.TrimLeft(l[i+2:], " ")
	tabs := strings.HasPrefix(rest, "-")
	word := strings.Fields(strings.TrimPrefix(rest, "-"))
	if len(word) == 0 {
		return nil, false
	}
	delim := strings.NewReplacer("'", "", `"`, "", `\`, "").Replace(word[0])
	return func(line string) bool {
		if tabs {
			line = strings.TrimLeft(line, "\t")
		}
		return line == delim
	}, true
}

func isTxn(l string) bool {
	f := strings.Fields(strings.TrimPrefix(l, "etcdctl "))
	return len(f) > 0 && f[0] == "txn" && !strings.Contains(l, "extra")
}

var (
	leaseGrant     = regexp.MustCompile(`lease ([0-9a-f]{16}) granted`)
	leaseGrantJSON = regexp.MustCompile(`"ID":(\d+),"TTL":\d+,"Error":""`)
)

// side runs a script on one implementation and returns each step's output.
type side struct {
	leases []string
	run    func(cmd string, stdin []string) string
}

func (s *side) exec(st step) string {
	line := st.line
	for i := len(s.leases); i > 0; i-- {
		line = strings.ReplaceAll(line, fmt.Sprintf("$LEASE%d", i), s.leases[i-1])
	}
	out := s.run(line, st.stdin)
	for _, m := range leaseGrant.FindAllStringSubmatch(out, -1) {
		s.leases = append(s.leases, m[1])
	}
	for _, m := range leaseGrantJSON.FindAllStringSubmatch(out, -1) {
		var id int64
		fmt.Sscan(m[1], &id)
		s.leases = append(s.leases, fmt.Sprintf("%016x", id))
	}
	return out
}

func simSide(t *testing.T) *side {
	cfg := engine.Config{Seed: 1}
	cfg.APIServers.Replicas = 0
	_, sh, err := console.NewWorld(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &side{run: func(line string, stdin []string) string {
		var b strings.Builder
		for _, l := range append([]string{line}, stdin...) {
			out, err := sh.Exec(l)
			b.WriteString(out)
			if err != nil {
				b.WriteString(console.ErrorLine(err) + "\n")
			}
		}
		return b.String()
	}}
}

func realSide(t *testing.T, e *realEtcd) *side {
	return &side{run: func(line string, stdin []string) string {
		if rest, ok := strings.CutPrefix(line, "sim advance "); ok {
			d, err := time.ParseDuration(rest)
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(d)
			return e.drain()
		}
		args := strings.TrimPrefix(line, "etcdctl ")
		f := strings.Fields(args)
		if len(f) > 0 && (f[0] == "watch" || (f[0] == "lease" && len(f) > 1 && f[1] == "keep-alive" && !strings.Contains(args, "--once"))) {
			if err := e.startBackground(args); err != nil {
				t.Fatal(err)
			}
			return e.drain()
		}
		in := ""
		if len(stdin) > 0 {
			in = strings.Join(stdin, "\n") + "\n"
		}
		out, _ := e.etcdctl(args, in)
		return out + e.drain()
	}}
}

var normalisers = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`"ts":"[^"]*"`), `"ts":"TS"`},
	{regexp.MustCompile(`etcd-endpoints://0x[0-9a-f]+/`), `etcd-endpoints://PTR/`},
	{regexp.MustCompile(`LocalAddr: '127\.0\.0\.1:\d+'`), `LocalAddr: 'PORT'`},
	// Wall time passes between the real commands (a process start, the
	// 600 ms wait for background output); the console's clock does not.
	{regexp.MustCompile(`remaining\(\d+s\)`), `remaining(Ns)`},
	{regexp.MustCompile(`"ttl":\d+,"granted-ttl"`), `"ttl":N,"granted-ttl"`},
	{regexp.MustCompile(`"TTL" : \d+\n"GrantedTTL"`), "\"TTL\" : N\n\"GrantedTTL\""},
}

// usageShortened: after a flag error etcdctl prints the command's whole
// usage text; the console prints its NAME and USAGE sections and leaves
// out the rest (DIVERGENCES.md), so the real text is cut after USAGE.
func usageShortened(real string) string {
	if !strings.HasPrefix(real, "Error: ") || !strings.Contains(real, "\nNAME:\n") {
		return real
	}
	i := strings.Index(real, "\nUSAGE:\n")
	if i < 0 {
		return real
	}
	if j := strings.Index(real[i+len("\nUSAGE:\n"):], "\n\n"); j >= 0 {
		return real[:i+len("\nUSAGE:\n")+j+1]
	}
	return real
}

var attachedKeys = regexp.MustCompile(`attached keys\(\[([^\]]*)\]\)`)

// normalise replaces what must differ; lease IDs become LEASE1, LEASE2, ...
// in the order of the side's grants (hex and decimal forms). The keys of a
// lease are sorted: etcd lists them in Go map order.
func normalise(out string, leases []string) string {
	for _, n := range normalisers {
		out = n.re.ReplaceAllString(out, n.with)
	}
	out = attachedKeys.ReplaceAllStringFunc(out, func(m string) string {
		keys := strings.Fields(attachedKeys.FindStringSubmatch(m)[1])
		sort.Strings(keys)
		return "attached keys([" + strings.Join(keys, " ") + "])"
	})
	for i, id := range leases {
		var dec int64
		fmt.Sscanf(id, "%x", &dec)
		out = strings.ReplaceAll(out, id, fmt.Sprintf("LEASE%d", i+1))
		out = strings.ReplaceAll(out, fmt.Sprint(dec), fmt.Sprintf("LEASE%d", i+1))
	}
	return out
}

// TestEtcdctlScripts runs every testdata/etcdctl script on a fresh real
// member and a fresh simulated one. A script listed in DIVERGENCES.md is
// expected to differ and must still differ (so the list stays true).
func TestEtcdctlScripts(t *testing.T) {
	bin := binDir(t, "etcd")
	files, _ := filepath.Glob("testdata/etcdctl/*.txt")
	if len(files) == 0 {
		t.Fatal("no scripts")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			e := startEtcd(t, bin)
			real, sim := realSide(t, e), simSide(t)
			for i, st := range parseScript(string(src)) {
				r, s := real.exec(st), sim.exec(st)
				r, s = usageShortened(normalise(r, real.leases)), normalise(s, sim.leases)
				if r != s {
					t.Errorf("step %d %q differs:\nreal:\n%s\nsim:\n%s", i+1, st.line, r, s)
				}
			}
			if late := e.drain(); late != "" {
				t.Errorf("the real side printed after the last step:\n%s", late)
			}
			e.stop()
		})
	}
}
