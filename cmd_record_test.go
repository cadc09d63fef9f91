//go:build !js

package main

import (
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
