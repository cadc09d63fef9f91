//go:build !js

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// record's flags: --help is no error; a bad flag value is one line saying
// what to give, before anything connects.
func TestRecordFlags(t *testing.T) {
	if err := runRecord([]string{"--help"}); err != nil {
		t.Errorf("--help: %v", err)
	}
	for args, want := range map[string]string{
		"--for 0":        "record: --for 0s: give a positive duration such as 2m",
		"--resources ,":  "record: --resources is empty: name at least one, e.g. --resources pods",
		"--for 1m extra": `record: unexpected argument "extra" (flags only; see watchscope record --help)`,
		"--for 1m --x":   "flag provided but not defined: -x",
	} {
		err := runRecord(strings.Fields(args))
		if err == nil || err.Error() != want {
			t.Errorf("record %s: %v, want %q", args, err, want)
		}
	}
}

// A record that cannot start (here: nothing listens) fails before it
// makes its file, so an older recording of that name is left as it was.
func TestRecordFailingStartKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	kc := filepath.Join(dir, "kubeconfig")
	os.WriteFile(kc, []byte(`apiVersion: v1
kind: Config
clusters:
- name: c
  cluster: {server: "https://127.0.0.1:1"}
contexts:
- name: c
  context: {cluster: c}
current-context: c
`), 0o600)
	out := filepath.Join(dir, "old.wsrec")
	os.WriteFile(out, []byte("an older recording\n"), 0o600)
	if err := runRecord([]string{"--kubeconfig", kc, "--for", "1m", "-o", out}); err == nil {
		t.Fatal("record against a closed port: no error")
	}
	if b, err := os.ReadFile(out); err != nil || string(b) != "an older recording\n" {
		t.Errorf("after a failed start the file holds %q (%v), want the older recording", b, err)
	}
}
