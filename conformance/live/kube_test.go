package live

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"watchscope/console"
	"watchscope/engine"
)

// realKube is a fresh real etcd and kube-apiserver, and kubectl pointed at
// them (start-kube.sh).
type realKube struct {
	bin, dir string
	pids     []int
	bg       []*background // kubectl watches left running
}

func startKube(t *testing.T, bin string) *realKube {
	t.Helper()
	k := &realKube{bin: bin, dir: t.TempDir()}
	// A control plane stopped a moment ago may still hold its ports.
	for _, a := range []string{"127.0.0.1:6443", clientURL, peerURL} {
		free := false
		for range 40 {
			if l, err := net.Listen("tcp", a); err == nil {
				l.Close()
				free = true
				break
			}
			time.Sleep(250 * time.Millisecond)
		}
		if !free {
			t.Fatalf("%s is taken (another API server or etcd?)", a)
		}
	}
	k.pids = k.start(t)
	t.Cleanup(k.stop)
	k.waitReady(t)
	k.waitQuiet(t)
	return k
}

// start runs start-kube.sh (with "apiserver": only the API server again)
// and returns the PIDs it printed.
func (k *realKube) start(t *testing.T, only ...string) []int {
	t.Helper()
	out, err := exec.Command("sh", append([]string{"start-kube.sh", k.bin, filepath.Join(k.dir, "cp")}, only...)...).Output()
	if err != nil {
		t.Fatalf("start-kube.sh: %v", err)
	}
	var pids []int
	for _, f := range strings.Fields(string(out)) {
		var pid int
		fmt.Sscan(f, &pid)
		pids = append(pids, pid)
	}
	return pids
}

func (k *realKube) waitReady(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if out, err := k.kubectl("get --raw /readyz"); err == nil && strings.TrimSpace(out) == "ok" {
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
	log, _ := os.ReadFile(filepath.Join(k.dir, "cp", "apiserver.log"))
	t.Fatalf("kube-apiserver did not become ready:\n%s", log)
}

// waitQuiet waits until etcd's revision stops moving: after /readyz the
// API server's bootstrap still writes for a moment (priority levels, flow
// schemas' status), and a consistent read (a watch-list's end bookmark, a
// LIST's RV) taken then carries a revision no object of the script has.
func (k *realKube) waitQuiet(t *testing.T) {
	t.Helper()
	last, same := "", 0
	for range 60 {
		out, err := exec.Command(filepath.Join(k.bin, "etcdctl"), "get", "/", "--prefix", "--count-only", "-w", "fields").Output()
		if err != nil {
			t.Fatalf("etcdctl: %v", err)
		}
		rev := ""
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, `"Revision"`) {
				rev = l
			}
		}
		if rev == last {
			if same++; same == 3 {
				return
			}
		} else {
			last, same = rev, 0
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatalf("etcd's revision still moves after 30 s (%s)", last)
}

// restartAPIServer kills the API server at once (SIGKILL: no graceful
// shutdown, whose old process keeps serving its open watches for a while)
// and starts it again on the same etcd, as the simulation's
// "sim restart apiserver-0" does; it returns when /readyz answers ok.
func (k *realKube) restartAPIServer(t *testing.T) {
	t.Helper()
	kill(k.pids[len(k.pids)-1])
	k.pids = append(k.pids[:len(k.pids)-1], k.start(t, "apiserver")...)
	k.waitReady(t)
	k.waitQuiet(t)
}

func kill(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Signal(syscall.SIGKILL)
		p.Wait()
	}
}

func (k *realKube) stop() {
	for _, b := range k.bg {
		b.stop()
	}
	k.bg = nil
	for i := len(k.pids) - 1; i >= 0; i-- {
		kill(k.pids[i])
	}
	k.pids = nil
	time.Sleep(300 * time.Millisecond) // ports free again
}

// kubectlEnv is the environment a real kubectl runs in.
func (k *realKube) kubectlEnv() []string {
	return append(os.Environ(), "KUBECTL="+filepath.Join(k.bin, "kubectl"), "KUBECONFIG_FILE="+filepath.Join(k.dir, "cp", "kubeconfig"))
}

// startBackground leaves a kubectl watch running, as in another terminal.
func (k *realKube) startBackground(t *testing.T, args string) {
	b := &background{}
	b.cmd = exec.Command("bash", "-c", `exec "$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" `+args)
	b.cmd.Env = k.kubectlEnv()
	b.cmd.Stdout, b.cmd.Stderr = b, b
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	k.bg = append(k.bg, b)
}

// bgWait is how long the real side waits for the watches' output after a
// command (a watch event reaches kubectl within a few milliseconds here).
const bgWait = 800 * time.Millisecond

// drain returns what the background watches printed since the last call,
// after waiting for it, in the order they were started (as the console
// prints them).
func (k *realKube) drain() string {
	if len(k.bg) == 0 {
		return ""
	}
	time.Sleep(bgWait)
	var s strings.Builder
	for _, b := range k.bg {
		s.WriteString(b.take())
	}
	return s.String()
}

func (k *realKube) kubectl(args string) (string, error) {
	cmd := exec.Command("bash", "-c", `exec "$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" `+args)
	cmd.Env = k.kubectlEnv()
	cmd.Dir = k.dir // files the script wrote with cat
	out, err := cmd.CombinedOutput()
	return string(out), err
}

var (
	uidRe    = regexp.MustCompile(`"uid": "[^"]*"|uid: [^\s]+|"uid":"[^"]*"`)
	tsRe     = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`)
	rvRe     = regexp.MustCompile(`@RV(\d+)|("resourceVersion": ?"|resourceVersion: ")(\d+)"`)
	tooOldRe = regexp.MustCompile(`too old resource version: (\d+) \((\d+)\)`)
	ageCell  = regexp.MustCompile(`(?m)(\s)(\d+[smhd]|\d+m\d+s)( |$)`)
	tokenRe  = regexp.MustCompile(`"continue": ?"([A-Za-z0-9_-]+)"`)
	// managedFields: the real server's field manager records them on every
	// write; the simulation has none (DIVERGENCES.md). kubectl's own
	// printers hide them; a raw body carries them.
	managedFieldsRe = regexp.MustCompile(`,"managedFields":\[[^\]]*\]`)
)

// normaliseKube replaces what must differ between the real and the
// simulated API server: uids, timestamps, ages, and resourceVersions
// (the real server writes objects of its own at startup, so its numbers
// start elsewhere; each output's are numbered in order of first
// appearance, so their order and equality are compared, not their
// values). managedFields are removed. The numbers in a 410's "too old resource version: N (M)" and
// in a continue token count as resourceVersions; a token is decoded
// (its key is compared as it is).
func normaliseKube(out string) string {
	out = uidRe.ReplaceAllStringFunc(out, func(m string) string {
		switch {
		case strings.HasPrefix(m, `"uid": `):
			return `"uid": "UID"`
		case strings.HasPrefix(m, `"uid":`):
			return `"uid":"UID"`
		}
		return "uid: UID"
	})
	out = managedFieldsRe.ReplaceAllString(out, "")
	out = tsRe.ReplaceAllString(out, "TS")
	out = ageCell.ReplaceAllString(out, "${1}AGE${3}")
	out = tooOldRe.ReplaceAllString(out, "too old resource version: @RV$1 (@RV$2)")
	out = tokenRe.ReplaceAllStringFunc(out, func(m string) string {
		tok := tokenRe.FindStringSubmatch(m)[1]
		b, err := base64.RawURLEncoding.DecodeString(tok)
		var c struct {
			V     string `json:"v"`
			RV    int64  `json:"rv"`
			Start string `json:"start"`
		}
		if err != nil || json.Unmarshal(b, &c) != nil {
			return m
		}
		return fmt.Sprintf(`"continue":"v=%s rv=@RV%d start=%q"`, c.V, c.RV, c.Start)
	})
	seen := map[string]string{}
	label := func(rv string) string {
		if _, ok := seen[rv]; !ok {
			seen[rv] = fmt.Sprintf("RV%d", len(seen)+1)
		}
		return seen[rv]
	}
	return rvRe.ReplaceAllStringFunc(out, func(m string) string {
		sm := rvRe.FindStringSubmatch(m)
		if sm[1] != "" {
			return label(sm[1])
		}
		return sm[2] + label(sm[3]) + `"`
	})
}

var (
	firstRV   = regexp.MustCompile(`"resourceVersion": ?"(\d+)"`)
	lastToken = regexp.MustCompile(`"continue": ?"([A-Za-z0-9_-]+)"`)
)

// kubeVars is what a script may refer to on each side: $RV, the first
// resourceVersion of the last output that printed one (a list's own, an
// object's), and $CONTINUE, the last continue token (they differ between
// the sides, so the script cannot spell them).
type kubeVars struct{ rv, token string }

func (v *kubeVars) expand(line string) string {
	return strings.NewReplacer("$RV", v.rv, "$CONTINUE", v.token).Replace(line)
}

func (v *kubeVars) read(out string) {
	if m := firstRV.FindStringSubmatch(out); m != nil {
		v.rv = m[1]
	}
	if m := lastToken.FindAllStringSubmatch(out, -1); m != nil {
		v.token = m[len(m)-1][1]
	}
}

// isKubeWatch reports whether a kubectl line keeps running: get -w (and
// its long forms) or a raw watch.
func isKubeWatch(line string) bool {
	for _, f := range strings.Fields(line) {
		switch {
		case f == "-w", f == "--watch", f == "--watch-only", strings.HasPrefix(f, "--watch="):
			return true
		}
	}
	return strings.Contains(line, "--raw") && (strings.Contains(line, "watch=1") || strings.Contains(line, "watch=true"))
}

// realKubeStep runs one script line on the real side: kubectl (a watch
// in the background), "sim advance D" (sleep D), "sim restart
// apiserver-0" (kill and start the API server). What the background
// watches printed meanwhile is part of the output.
func (k *realKube) step(t *testing.T, line string) string {
	switch {
	case strings.HasPrefix(line, "sim advance "):
		d, err := time.ParseDuration(strings.TrimPrefix(line, "sim advance "))
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(d)
		return k.drain()
	case line == "sim restart apiserver-0":
		k.restartAPIServer(t)
		return k.drain()
	case strings.HasPrefix(line, "cat "):
		// a file for kubectl apply -f, or printed: bash in the same folder
		cmd := exec.Command("bash", "-c", line)
		cmd.Dir = k.dir
		out, _ := cmd.CombinedOutput()
		return string(out) + k.drain()
	case isKubeWatch(line):
		k.startBackground(t, strings.TrimPrefix(line, "kubectl "))
		return k.drain()
	}
	out, _ := k.kubectl(strings.TrimPrefix(line, "kubectl "))
	return out + k.drain()
}

// TestKubectlScripts runs every testdata/kubectl script through the real
// kubectl against a fresh real kube-apiserver (and etcd) and through the
// console's kubectl against a fresh simulated world. Lines starting with
// "real: " run on the real side only and are not compared (setup the
// simulation does not need, such as the service account a pod needs
// without a controller-manager); lines starting with "sim: " run on the
// console only (the same state reached with a console-only command, such
// as kubectl run --node for a real run --overrides). "sim advance D" sleeps D on the real
// side; the output of "sim restart apiserver-0" is not compared (the
// console says it restarted; the real side prints nothing), what is
// printed after it is.
func TestKubectlScripts(t *testing.T) {
	bin := binDir(t, "all")
	files, _ := filepath.Glob("testdata/kubectl/*.txt")
	if len(files) == 0 {
		t.Fatal("no scripts")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			k := startKube(t, bin)
			cfg := engine.Config{Seed: 1}
			cfg.APIServers.Replicas = 1
			_, sh, err := console.NewWorld(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var rv, sv kubeVars
			lines := strings.Split(string(src), "\n")
			for i := 0; i < len(lines); i++ {
				line := strings.TrimSpace(lines[i])
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				at := i
				if end, ok := hereDocEnd(line); ok {
					// one command with its here-document: one bash script
					// on the real side, one pasted text in the console
					for i++; i < len(lines); i++ {
						line += "\n" + lines[i]
						if end(lines[i]) {
							break
						}
					}
				}
				if rest, ok := strings.CutPrefix(line, "real: "); ok {
					k.kubectl(strings.TrimPrefix(rest, "kubectl "))
					continue
				}
				if rest, ok := strings.CutPrefix(line, "sim: "); ok {
					if _, err := sh.Exec(rest); err != nil {
						t.Fatalf("line %d %q: %v", i+1, line, err)
					}
					continue
				}
				r := k.step(t, rv.expand(line))
				s, err := sh.Exec(sv.expand(line))
				if err != nil {
					s += console.ErrorLine(err) + "\n"
				}
				rv.read(r)
				sv.read(s)
				if line == "sim restart apiserver-0" {
					continue
				}
				if nr, ns := normaliseKube(r), normaliseKube(s); nr != ns {
					t.Errorf("line %d %q differs:\nreal:\n%s\nsim:\n%s", at+1, line, nr, ns)
				}
			}
			if late := k.drain(); late != "" {
				t.Errorf("the real side printed after the last step:\n%s", late)
			}
			k.stop()
		})
	}
}
