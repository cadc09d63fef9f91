package console

import "testing"

// TestKubectlReadyz: /readyz as kubectl prints it: "ok" quietly, every
// check with ?verbose, a refused connection while the process starts, and
// while the caches list, the 500 as kubectl words an unstructured error.
func TestKubectlReadyz(t *testing.T) {
	sh := kubeShell(t)
	run(t, sh, "sim advance 3s")
	for _, tc := range []struct{ line, want string }{
		{"kubectl get --raw /readyz", "ok\n"},
		{"kubectl get --raw '/readyz?verbose'", "[+]ping ok\n[+]log ok\n[+]etcd ok\n[+]poststarthook/storage-readiness ok\n[+]shutdown ok\nreadyz check passed\n"},
		{"sim restart apiserver-0", "apiserver-0 restarted\n"},
		{"kubectl get --raw /readyz", "The connection to the server was refused - did you specify the right host or port?\n"},
	} {
		if got := run(t, sh, tc.line); got != tc.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tc.line, got, tc.want)
		}
	}
	run(t, sh, "sim advance 2s")
	// The caches of an empty cluster list in no time: the hook has finished
	// at the first step the process serves.
	if got := run(t, sh, "kubectl get --raw /readyz"); got != "ok\n" {
		t.Errorf("after the restart: %q", got)
	}
}
