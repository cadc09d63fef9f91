//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestRunSimRejectsBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // the flag or value the one-line error must name
	}{
		{[]string{"--bogus"}, "-bogus"},
		{[]string{"--nodes", "x"}, "-nodes"},
		{[]string{"--nodes", "0"}, "nodes"},
		{[]string{"--nodes", "1000000"}, "nodes"},
		{[]string{"--duration", "-5s"}, "duration"},
		{[]string{"--duration", "100000h"}, "duration"},
		{[]string{"--scenario", "nope"}, "nope"},
		{[]string{"extra"}, "extra"},
	} {
		err := runSim(tc.args, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("runSim(%q) = %v, want a one-line error naming %q", tc.args, err, tc.want)
		}
	}
}

func TestRunSimJSON(t *testing.T) {
	var out bytes.Buffer
	if err := runSim([]string{"--scenario", "steady", "--nodes", "5", "--duration", "20s", "--seed", "3", "--json"}, &out); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if got["converged"] != true || got["scenario"] != "steady" {
		t.Fatalf("converged=%v scenario=%v", got["converged"], got["scenario"])
	}
	m, _ := got["metrics"].(map[string]any)
	if _, ok := m["apiserver_request_total"]; !ok {
		t.Fatalf("metrics lack apiserver_request_total: %v", m)
	}
}
