//go:build !js

package main

import (
	"bytes"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite README transcripts from the program's real output")

// transcriptBlock matches a README code block that is the recorded output
// of a console script: <!-- transcript: FILE --> followed by a fenced block.
var transcriptBlock = regexp.MustCompile("(?s)<!-- transcript: ([^ ]+) -->\n```text\n(.*?)```\n")

// TestReadmeTranscript replays every console script the README quotes and
// requires the README to show exactly what the program prints. A README
// claim is a promise; this keeps it. Run with -update to refresh.
func TestReadmeTranscript(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := transcriptBlock.FindAllSubmatchIndex(readme, -1)
	if len(blocks) == 0 {
		t.Fatal("README.md has no <!-- transcript: FILE --> block")
	}
	var out bytes.Buffer
	last := 0
	for _, m := range blocks {
		file := string(readme[m[2]:m[3]])
		got := consoleOutput(t, file)
		out.Write(readme[last:m[4]])
		out.WriteString(got)
		last = m[5]
		if want := string(readme[m[4]:m[5]]); want != got && !*update {
			t.Errorf("README transcript of %s differs from the program's output.\n--- README\n%s--- program\n%s(run go test . -run TestReadmeTranscript -update)", file, want, got)
		}
	}
	out.Write(readme[last:])
	if *update {
		if err := os.WriteFile("README.md", out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func consoleOutput(t *testing.T, file string) string {
	t.Helper()
	script, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := runConsole(nil, strings.NewReader(string(script)), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// A mistyped line gets a one-line error and the shell goes on.
func TestConsoleGoesOnAfterError(t *testing.T) {
	var out bytes.Buffer
	err := runConsole(nil, strings.NewReader("pt a 1\nput a 1\nget a\n"), &out)
	if err != nil {
		t.Fatal(err)
	}
	want := "$ pt a 1\nError: unknown command \"pt\" (did you mean \"put\"? try \"help\")\n$ put a 1\nOK\n$ get a\na\n1\n"
	if out.String() != want {
		t.Fatalf("got %q\nwant %q", out.String(), want)
	}
}
