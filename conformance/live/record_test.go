package live

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"watchscope/recorder"
	"watchscope/recording"
)

// TestRecordAgainstRealAPIServer runs `watchscope record --resources
// pods,configmaps --for 2m` against a real etcd and kube-apiserver while
// a script writes, waits a minute for bookmarks, kills and restarts the
// API server and compacts etcd, writes again; then checks the recording
// against etcd's own account of the same keys (an etcdctl watch from the
// start) and against the server's /metrics. WS_RECORD_FIXTURE=FILE keeps
// the recording there (the committed fixture is made that way).
func TestRecordAgainstRealAPIServer(t *testing.T) {
	bin := binDir(t, "all")
	ws := buildWatchscope(t)
	k := startKube(t, bin)
	etcdLog := k.etcdWatch(t, "/registry/")
	k.kubectl("create serviceaccount default") // no controller-manager makes it; a pod needs it

	out := filepath.Join(k.dir, "x.wsrec")
	rec := exec.Command(ws, "record", "--kubeconfig", filepath.Join(k.dir, "cp", "kubeconfig"),
		"--resources", "pods,configmaps", "--for", "2m", "-o", out)
	var stderr bytes.Buffer
	rec.Stderr = &stderr
	if err := rec.Start(); err != nil {
		t.Fatal(err)
	}
	defer rec.Process.Kill()
	started := time.Now()
	waitRecorded(t, out, 20*time.Second, "both first lists", func(r *recording.Recording) bool {
		return countKind(r, recording.KindList, "") >= 2
	})

	k.script(t, `create configmap cm-1 --from-literal=a=1
create configmap cm-2
label cm cm-1 x=y
run p1 --image=nginx
delete cm cm-2
annotate pod p1 note=one`)

	// A bookmark comes about a minute after each watch starts.
	time.Sleep(time.Until(started.Add(68 * time.Second)))
	// A write elsewhere moves etcd past the recorder's last RV, so the
	// restarted watch cache starts after it: the old RV is too old.
	k.kubectl("create secret generic s1")
	before := k.etcdRevision(t)
	k.restartAPIServer(t)
	if got, err := exec.Command(filepath.Join(bin, "etcdctl"), "compact", strconv.FormatInt(k.etcdRevision(t), 10)).CombinedOutput(); err != nil {
		t.Fatalf("etcdctl compact: %v\n%s", err, got)
	}
	relisted := waitRecorded(t, out, 40*time.Second, "a 410 and a re-LIST for both", func(r *recording.Recording) bool {
		return len(relistRVs(r)) == 2
	})
	k.script(t, `create configmap cm-3
label cm cm-1 x=z --overwrite
delete pod p1 --grace-period=0 --force
delete cm cm-1`)

	if err := rec.Wait(); err != nil {
		t.Fatalf("watchscope record: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r, err := recording.Parse(out, data)
	if err != nil {
		t.Fatal(err)
	}
	if r.Header.Server != "v1.36.5" || r.Truncated || !r.Header.ReadOnly {
		t.Errorf("header %+v, truncated %v", r.Header, r.Truncated)
	}
	etcd := parseEtcdWatch(t, etcdLog.take())
	for _, res := range []string{"configmaps", "pods"} {
		checkEvents(t, r, res, etcd["/registry/"+res+"/"], before, relistRVs(relisted)[res])
		checkGone(t, r, res)
		checkBookmark(t, r, res)
	}
	checkMetrics(t, r, k.metrics(t), etcd, before)
	if !strings.Contains(stderr.String(), "read-only") {
		t.Errorf("the recorder did not say it is read-only:\n%s", stderr.String())
	}
	if keep := os.Getenv("WS_RECORD_FIXTURE"); keep != "" {
		if err := os.WriteFile(keep, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// buildWatchscope builds the native watchscope command of the root module.
func buildWatchscope(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "watchscope")
	cmd := exec.Command("go", "build", "-o", exe, ".")
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build watchscope: %v\n%s", err, out)
	}
	return exe
}

// script runs kubectl lines, failing on the first that fails.
func (k *realKube) script(t *testing.T, lines string) {
	t.Helper()
	for _, l := range strings.Split(lines, "\n") {
		if out, err := k.kubectl(l); err != nil {
			t.Fatalf("kubectl %s: %v\n%s", l, err, out)
		}
	}
}

// etcdWatch leaves `etcdctl watch --prefix P -w json` running: etcd's own
// account of every revision under P.
func (k *realKube) etcdWatch(t *testing.T, prefix string) *background {
	b := &background{}
	b.cmd = exec.Command(filepath.Join(k.bin, "etcdctl"), "watch", "--prefix", prefix, "-w", "json")
	b.cmd.Stdout, b.cmd.Stderr = b, b
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	k.bg = append(k.bg, b)
	time.Sleep(300 * time.Millisecond) // watching before the first write
	return b
}

func (k *realKube) etcdRevision(t *testing.T) int64 {
	t.Helper()
	out, err := exec.Command(filepath.Join(k.bin, "etcdctl"), "get", "/", "--prefix", "--count-only", "-w", "fields").CombinedOutput()
	if err != nil {
		t.Fatalf("etcdctl get: %v\n%s", err, out)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, `"Revision" : `); ok {
			rev, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err == nil {
				return rev
			}
		}
	}
	t.Fatalf("etcdctl get: no revision in\n%s", out)
	return 0
}

func (k *realKube) metrics(t *testing.T) string {
	t.Helper()
	out, err := k.kubectl("get --raw /metrics")
	if err != nil {
		t.Fatalf("GET /metrics: %v", err)
	}
	return out
}

// parseEtcdWatch returns the revisions etcdctl's watch printed, by key
// prefix ("/registry/configmaps/"), in the order etcd sent them.
func parseEtcdWatch(t *testing.T, out string) map[string][]int64 {
	t.Helper()
	got := map[string][]int64{}
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var resp struct {
			Events []struct {
				Kv struct {
					Key         []byte
					ModRevision int64 `json:"mod_revision"`
				}
			}
		}
		if err := dec.Decode(&resp); err != nil {
			t.Fatalf("etcdctl watch output: %v\n%s", err, out)
		}
		for _, e := range resp.Events {
			parts := strings.SplitN(string(e.Kv.Key), "/", 4) // "", registry, res, rest
			if len(parts) == 4 {
				p := "/registry/" + parts[2] + "/"
				got[p] = append(got[p], e.Kv.ModRevision)
			}
		}
	}
	return got
}

// waitRecorded polls the growing recording until ok holds.
func waitRecorded(t *testing.T, path string, within time.Duration, what string, ok func(*recording.Recording) bool) *recording.Recording {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		if data, err := os.ReadFile(path); err == nil {
			if r, err := recording.Parse(path, data); err == nil && ok(r) {
				return r
			}
		}
		if time.Now().After(deadline) {
			data, _ := os.ReadFile(path)
			t.Fatalf("the recording shows no %s after %s:\n%s", what, within, data)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func countKind(r *recording.Recording, kind, res string) int {
	n := 0
	for _, x := range r.Records {
		if x.Kind == kind && (res == "" || x.Res == res) {
			n++
		}
	}
	return n
}

// relistRVs is each resource's RV of the first LIST answered after a 410.
func relistRVs(r *recording.Recording) map[string]int64 {
	gone := map[string]bool{}
	out := map[string]int64{}
	for _, x := range r.Records {
		switch {
		case x.Code == 410:
			gone[x.Res] = true
		case x.Kind == recording.KindList && gone[x.Res] && out[x.Res] == 0:
			out[x.Res], _ = strconv.ParseInt(x.RV, 10, 64)
		}
	}
	return out
}

// checkEvents: the recorded events of res carry etcd's revisions of its
// keys, each once and in order, and none is missed while watching (up to
// the restart, and from the re-LIST on).
func checkEvents(t *testing.T, r *recording.Recording, res string, etcd []int64, killedAfter, relistRV int64) {
	t.Helper()
	var got []int64
	var firstList int64
	for _, x := range r.Records {
		if x.Res != res {
			continue
		}
		if x.Kind == recording.KindList && firstList == 0 {
			firstList, _ = strconv.ParseInt(x.RV, 10, 64)
		}
		if x.Kind == recording.KindEvent {
			rv, err := strconv.ParseInt(x.RV, 10, 64)
			if err != nil {
				t.Fatalf("%s: event with RV %q", res, x.RV)
			}
			got = append(got, rv)
		}
	}
	if len(got) == 0 {
		t.Fatalf("%s: no events recorded", res)
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Errorf("%s: event RVs not strictly increasing: %v", res, got)
			break
		}
	}
	var want []int64
	for _, rv := range etcd {
		if (rv > firstList && rv <= killedAfter) || rv > relistRV {
			want = append(want, rv)
		}
	}
	for _, rv := range got {
		if !slices.Contains(etcd, rv) {
			t.Errorf("%s: recorded RV %d is not one of etcd's revisions of its keys %v", res, rv, etcd)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: recorded event RVs %v, etcd's while watching %v (first list %d, restart after %d, re-list %d)",
			res, got, want, firstList, killedAfter, relistRV)
	}
	t.Logf("%s: %d events, RVs %v agree with etcd", res, len(got), got)
}

var tooOld = regexp.MustCompile(`^too old resource version: (\d+) \((\d+)\)$`)

// checkGone: after the restart the watch got the real ERROR 410 for the
// last RV the recorder had, then re-LISTed.
func checkGone(t *testing.T, r *recording.Recording, res string) {
	t.Helper()
	var last string
	for _, x := range r.Records {
		if x.Res != res {
			continue
		}
		if x.Code == 410 {
			m := tooOld.FindStringSubmatch(x.Message)
			if x.Kind != recording.KindError || x.Reason != "Expired" || m == nil || m[1] != last {
				t.Errorf("%s: 410 %+v, want an ERROR event Expired \"too old resource version: %s (N)\"", res, x, last)
			}
			t.Logf("%s: %s", res, x.Message)
			return
		}
		if x.RV != "" {
			last = x.RV
		}
	}
	t.Errorf("%s: no 410 recorded after the restart", res)
}

// checkBookmark: a BOOKMARK arrived about a minute into the first watch.
func checkBookmark(t *testing.T, r *recording.Recording, res string) {
	t.Helper()
	for _, x := range r.Records {
		if x.Res == res && x.Kind == recording.KindBookmark {
			if x.T < 55_000 || x.T > 70_000 {
				t.Errorf("%s: first bookmark at %d ms, want about a minute in", res, x.T)
			}
			t.Logf("%s: first bookmark at %d ms, RV %s", res, x.T, x.RV)
			return
		}
	}
	t.Errorf("%s: no bookmark recorded", res)
}

// checkMetrics: a sample about every 10 s, each with the series /metrics has for
// both resources; the last one as /metrics has them now: the capacity
// the same, one watch more (the recorder's), the cache's events received
// exactly etcd's writes since the restart, other counters not above.
func checkMetrics(t *testing.T, r *recording.Recording, now string, etcd map[string][]int64, restart int64) {
	t.Helper()
	nowS := recorder.ParseMetrics(strings.NewReader(now), []string{"configmaps", "pods"})
	var samples [][]recording.Sample
	var times []int64
	for _, x := range r.Records {
		if x.Kind == recording.KindMetrics {
			samples, times = append(samples, x.Samples), append(times, x.T)
		}
	}
	// One every 10 s, but a busy machine delays some, and the one due
	// while the API server restarts is skipped: no gap over 25 s, and
	// samples on to the end.
	for i := 1; i < len(times); i++ {
		if times[i]-times[i-1] > 25_000 {
			t.Errorf("metrics samples at %v ms: a gap over 25 s", times)
		}
	}
	if len(times) == 0 || times[0] > 5_000 || times[len(times)-1] < 100_000 {
		t.Fatalf("metrics samples at %v ms, want one every 10 s from the start to the end", times)
	}
	key := func(s recording.Sample) string { return s.Name + "{" + s.Group + "," + s.Resource + "}" }
	var want []string
	for _, s := range nowS {
		want = append(want, key(s))
	}
	slices.Sort(want)
	if len(want) < 8 {
		t.Errorf("/metrics has only %v of the sampled series", want)
	}
	last := samples[len(samples)-1]
	var got []string
	for _, s := range last {
		got = append(got, key(s))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("last sample's series %v, /metrics has %v", got, want)
	}
	for _, s := range last {
		for _, n := range nowS {
			if key(n) != key(s) {
				continue
			}
			want, ok := n.Value, s.Value == n.Value
			switch s.Name {
			case recording.MetricWatchers: // the recorder's own watch has ended since
				want = n.Value + 1
				ok = s.Value == want
			case recording.MetricReceived: // the writes since the restart
				want = float64(countAfter(etcd["/registry/"+s.Resource+"/"], restart))
				ok = s.Value == want && n.Value == want
			case recording.MetricSent, recording.MetricTerminated, recording.MetricObjects:
				ok = s.Value <= n.Value
			}
			if !ok {
				t.Errorf("%s: recorded %g, /metrics now %g, want %g", key(s), s.Value, n.Value, want)
			}
		}
	}
	t.Logf("%d metrics samples; last: %s", len(samples), fmt.Sprint(last))
}

func countAfter(revs []int64, after int64) int {
	n := 0
	for _, r := range revs {
		if r > after {
			n++
		}
	}
	return n
}

// TestRecordBadInput: what a real server refuses is one line naming the
// problem and the next step, and no file is left behind.
func TestRecordBadInput(t *testing.T) {
	bin := binDir(t, "all")
	ws := buildWatchscope(t)
	k := startKube(t, bin)
	good, err := os.ReadFile(filepath.Join(k.dir, "cp", "kubeconfig"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, from, to string) string {
		p := filepath.Join(k.dir, name)
		if err := os.WriteFile(p, []byte(strings.Replace(string(good), from, to, 1)), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	out := filepath.Join(k.dir, "x.wsrec")
	for _, c := range []struct{ kubeconfig, resources, want string }{
		{write("token", "admin-token", "wrong-token"), "pods", "watchscope: the API server at https://127.0.0.1:6443 refused the credential (401 Unauthorized): refresh it"},
		{write("port", "6443", "1"), "pods", "watchscope: cannot reach the API server at https://127.0.0.1:1: "},
		{write("same", "", ""), "pods,nosuch", `watchscope: the server has no resource "nosuch" that can be listed and watched (kubectl api-resources --verbs=list,watch lists them; fix --resources)`},
		{filepath.Join(k.dir, "none"), "pods", "watchscope: no cluster to record: "},
	} {
		got, err := exec.Command(ws, "record", "--kubeconfig", c.kubeconfig, "--resources", c.resources, "--for", "5s", "-o", out).CombinedOutput()
		if err == nil || !strings.HasPrefix(string(got), c.want) || strings.Count(string(got), "\n") != 1 {
			t.Errorf("%s %s: %v\n%s\nwant one line starting %q", filepath.Base(c.kubeconfig), c.resources, err, got, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a file was left behind", filepath.Base(c.kubeconfig))
		}
	}
}
