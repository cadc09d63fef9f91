package live

import (
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
	out, err := exec.Command("sh", "start-kube.sh", bin, filepath.Join(k.dir, "cp")).Output()
	if err != nil {
		t.Fatalf("start-kube.sh: %v", err)
	}
	for _, f := range strings.Fields(string(out)) {
		var pid int
		fmt.Sscan(f, &pid)
		k.pids = append(k.pids, pid)
	}
	t.Cleanup(k.stop)
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if out, err := k.kubectl("get --raw /readyz"); err == nil && strings.TrimSpace(out) == "ok" {
			return k
		}
		time.Sleep(250 * time.Millisecond)
	}
	log, _ := os.ReadFile(filepath.Join(k.dir, "cp", "apiserver.log"))
	t.Fatalf("kube-apiserver did not become ready:\n%s", log)
	return nil
}

func (k *realKube) stop() {
	for i := len(k.pids) - 1; i >= 0; i-- {
		if p, err := os.FindProcess(k.pids[i]); err == nil {
			p.Signal(syscall.SIGKILL)
			p.Wait()
		}
	}
	k.pids = nil
	time.Sleep(300 * time.Millisecond) // ports free again
}

func (k *realKube) kubectl(args string) (string, error) {
	cmd := exec.Command("bash", "-c", `exec "$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" `+args)
	cmd.Env = append(os.Environ(), "KUBECTL="+filepath.Join(k.bin, "kubectl"), "KUBECONFIG_FILE="+filepath.Join(k.dir, "cp", "kubeconfig"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

var (
	uidRe   = regexp.MustCompile(`"uid": "[^"]*"|uid: [^\s]+|"uid":"[^"]*"`)
	tsRe    = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`)
	rvRe    = regexp.MustCompile(`("resourceVersion": ?"|resourceVersion: ")(\d+)"`)
	ageCell = regexp.MustCompile(`(?m)(\s)(\d+[smhd]|\d+m\d+s)( |$)`)
)

// normaliseKube replaces what must differ between the real and the
// simulated API server: uids, timestamps, ages, and resourceVersions
// (the real server writes objects of its own, so its numbers start
// elsewhere; each side's are numbered in order of first appearance).
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
	out = tsRe.ReplaceAllString(out, "TS")
	out = ageCell.ReplaceAllString(out, "${1}AGE${3}")
	seen := map[string]string{}
	return rvRe.ReplaceAllStringFunc(out, func(m string) string {
		sm := rvRe.FindStringSubmatch(m)
		if _, ok := seen[sm[2]]; !ok {
			seen[sm[2]] = fmt.Sprintf("RV%d", len(seen)+1)
		}
		return sm[1] + seen[sm[2]] + `"`
	})
}

// TestKubectlScripts runs every testdata/kubectl script through the real
// kubectl against a fresh real kube-apiserver (and etcd) and through the
// console's kubectl against a fresh simulated world. Lines starting with
// "real: " run on the real side only and are not compared (setup the
// simulation does not need, such as the service account a pod needs
// without a controller-manager).
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
			for i, line := range strings.Split(string(src), "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				if rest, ok := strings.CutPrefix(line, "real: "); ok {
					k.kubectl(strings.TrimPrefix(rest, "kubectl "))
					continue
				}
				r, _ := k.kubectl(strings.TrimPrefix(line, "kubectl "))
				s, err := sh.Exec(line)
				if err != nil {
					s += console.ErrorLine(err) + "\n"
				}
				if nr, ns := normaliseKube(r), normaliseKube(s); nr != ns {
					t.Errorf("line %d %q differs:\nreal:\n%s\nsim:\n%s", i+1, line, nr, ns)
				}
			}
			k.stop()
		})
	}
}
