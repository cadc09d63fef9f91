//go:build !js

// Command watchscope is the command line of WatchScope, a teaching
// visualizer of how Kubernetes watches work. The browser app is the same
// program compiled to WebAssembly (main_js.go); this file is everything
// else: the console, the web server, and (as they land) the lesson player,
// the checker and the scenario runner.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"watchscope/console"
	"watchscope/engine"
	"watchscope/web"
)

const usage = `usage: watchscope <command> [flags]

commands:
  console [--seed N]          an interactive shell on a simulated cluster (etcdctl syntax);
                              a script is just stdin: watchscope console < demo.txt
  serve [-dir D] [-addr A]    serve a built web/ folder (default 127.0.0.1:8080)
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "console":
		err = runConsole(os.Args[2:], os.Stdin, os.Stdout)
	case "serve":
		err = runServe(os.Args[2:])
	case "help", "-h", "--help":
		fmt.Print(usage)
		return
	default:
		err = fmt.Errorf("unknown command %q\n\n%s", os.Args[1], usage)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "watchscope:", err)
		os.Exit(2)
	}
}

// runConsole reads command lines from in and prints what a terminal would
// show. When in is a script rather than a terminal, each command is echoed
// after a "$ " prompt so that the output reads as a transcript. A bad line
// prints a one-line error and the shell goes on.
func runConsole(args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "seed of the simulated world's random source")
	if err := fs.Parse(args); err != nil {
		return err
	}
	_, sh, err := console.NewWorld(engine.Config{Seed: *seed})
	if err != nil {
		return err
	}
	interactive := isTerminal(in)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for prompt(out, interactive); sc.Scan(); prompt(out, interactive) {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if !interactive {
			fmt.Fprintf(out, "$ %s\n", line)
		}
		text, err := sh.Exec(line)
		fmt.Fprint(out, text)
		if err != nil {
			fmt.Fprintf(out, "Error: %v\n", err)
		}
	}
	return sc.Err()
}

func prompt(out io.Writer, interactive bool) {
	if interactive {
		fmt.Fprint(out, "watchscope> ")
	}
}

func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func runServe(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	dir := fs.String("dir", "web/build", "folder with the built app (make wasm)")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return web.Serve(*addr, *dir)
}
