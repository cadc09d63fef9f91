//go:build !js

// Command watchscope is the command line of WatchScope, a teaching
// visualizer of how Kubernetes watches work. The browser app is the same
// program compiled to WebAssembly (main_js.go starts ui/page); this file is everything
// else: the console, the web server, the lesson player and checker, the
// scenario runner, the recorder of a real API server and the SCORM packager
// (usage lists them).
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"watchscope/console"
	"watchscope/engine"
	"watchscope/lessons"
	"watchscope/web"
)

const usage = `usage: watchscope <command> [flags]

commands:
  console [--seed N] [--apiservers N]
                              an interactive shell on a simulated cluster (etcdctl and
                              kubectl syntax, sim verbs); a script is just stdin:
                              watchscope console < demo.txt
  serve [-dir D] [-addr A]    serve a built web/ folder (default 127.0.0.1:8080)
        [--live] [--kubeconfig F] [--context C] [--resources R] [-n NS] [-o FILE]
                              ... and record a real API server while serving, streamed
                              to the page at /?live (read-only; see record --help)
  lessons                     list the lessons: id, title, minutes
  play ID|FILE [--seed N]     play a lesson headless: narration, trace, every check;
                              exit 1 if a check fails
  check                       play every lesson; ends with "N passed, N failed"
  lint FILE...                parse and validate lesson files; exit 1 if one is broken
  sim --scenario S [--nodes N] [--duration D] [--seed S] [--json]
                              run a scenario (steady, restart-storm, the-incident, chaos)
                              and print its metrics and whether every informer converged
  record [--kubeconfig F] [--context C] [--resources pods,configmaps] [--for 5m] [-o FILE]
                              record a real API server's lists, watches and watch-cache
                              metrics into a .wsrec file (read-only; see record --help)
  scorm [-site D] [-o FILE]   write the SCORM 1.2 package of a built app for a course
                              platform (make scorm): one SCO per lesson
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
	case "lessons":
		err = runLessons(os.Stdout)
	case "play":
		err = runPlay(os.Args[2:], os.Stdout)
	case "check":
		err = runCheck(os.Stdout)
	case "lint":
		err = runLint(os.Args[2:], os.Stdout)
	case "sim":
		err = runSim(os.Args[2:], os.Stdout)
	case "scorm":
		err = runSCORM(os.Args[2:], os.Stdout)
	case "record":
		err = runRecord(os.Args[2:])
	case "help", "-h", "--help":
		fmt.Print(usage)
		return
	default:
		err = fmt.Errorf("unknown command %q\n\n%s", os.Args[1], usage)
	}
	var failed errFailed
	switch {
	case errors.As(err, &failed):
		fmt.Fprintln(os.Stderr, failed)
		os.Exit(1)
	case err != nil:
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
	replicas := fs.Int("apiservers", 1, "API server replicas in front of etcd (0: etcd alone)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *replicas < 0 || *replicas > 16 {
		return fmt.Errorf("--apiservers %d: choose 0 to 16 replicas", *replicas)
	}
	cfg := engine.Config{Seed: *seed}
	cfg.APIServers.Replicas = *replicas
	_, sh, err := console.NewWorld(cfg)
	if err != nil {
		return err
	}
	interactive := isTerminal(in)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	show := func(text string, err error) {
		fmt.Fprint(out, text)
		if err != nil {
			fmt.Fprintln(out, console.ErrorLine(err))
		}
	}
	for prompt(out, interactive, sh); sc.Scan(); prompt(out, interactive, sh) {
		raw := sc.Text()
		line := strings.TrimSpace(raw)
		if sh.Pending() {
			// standard input of the command before (a here-document, etcdctl
			// txn): blank lines and indentation count
			line = raw
			if !interactive {
				fmt.Fprintln(out, line)
			}
		} else if line != "" && !interactive {
			fmt.Fprintf(out, "$ %s\n", line)
		}
		if err := loadDiskFile(sh, line); err != nil {
			show("", err)
			continue
		}
		show(sh.Exec(line)) // blank lines count: an error names its line
	}
	if err := sc.Err(); err != nil {
		return err
	}
	show(sh.EndInput())
	return nil
}

// loadDiskFile lets the native console's `sim replay FILE` read a file
// from the disk: the console's files live in its command log (so a rewind
// has them), so the file goes in as the page's dropped files do, a
// cat > FILE here-document, before the command runs.
func loadDiskFile(sh *console.Shell, line string) error {
	f := strings.Fields(line)
	if sh.Pending() || len(f) != 3 || f[0] != "sim" || f[1] != "replay" || sh.HasFile(f[2]) {
		return nil
	}
	data, err := os.ReadFile(f[2])
	if errors.Is(err, os.ErrNotExist) {
		return nil // the console's own error names it
	}
	if err != nil {
		return fmt.Errorf("sim replay: %v", err)
	}
	const end = "WSREC_EOF"
	text := strings.TrimSuffix(string(data), "\n")
	if strings.Contains("\n"+text+"\n", "\n"+end+"\n") {
		return fmt.Errorf("sim replay: %s: a line reads %s; is it a recording?", f[2], end)
	}
	_, err = sh.Exec("cat > " + f[2] + " <<'" + end + "'\n" + text + "\n" + end)
	return err
}

// prompt is the console's, or bash's "> " while a command reads its input.
func prompt(out io.Writer, interactive bool, sh *console.Shell) {
	switch {
	case interactive && sh.Pending():
		fmt.Fprint(out, "> ")
	case interactive:
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
	lf := liveFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !*lf.live && *lf.kubeconfig == "" && *lf.context == "" {
		return web.Serve(*addr, *dir)
	}
	return serveLive(*addr, *dir, lf)
}

// errFailed ends a command with exit status 1: the lesson (or file) was
// read and judged, and the verdict is "broken". Other errors exit 2.
type errFailed struct{ msg string }

func (e errFailed) Error() string { return e.msg }

func runLessons(out io.Writer) error {
	all, err := lessons.All()
	if err != nil {
		return err
	}
	for _, l := range all {
		fmt.Fprintf(out, "%-20s %-55s %2d min\n", l.ID, l.Title, l.Minutes)
	}
	return nil
}

// runPlay plays one lesson by id or file. A file that does not parse
// prints its problems and fails like a failed check.
func runPlay(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	seed := fs.Uint64("seed", 0, "seed of the world (default: the lesson's own)")
	target, rest := firstArg(args)
	if err := fs.Parse(rest); err != nil {
		return err
	}
	if target == "" && fs.NArg() == 1 {
		target = fs.Arg(0)
	} else if target == "" || fs.NArg() > 0 {
		return errors.New("usage: watchscope play ID|FILE [--seed N]")
	}
	l, err := lessons.Load(target)
	var perr *lessons.ParseError
	if errors.As(err, &perr) {
		return errFailed{perr.Error()}
	}
	if err != nil {
		return err
	}
	rep, err := lessons.Play(l, lessons.Options{Seed: *seed})
	if err != nil {
		return err
	}
	lessons.WriteTranscript(out, rep, lessons.TranscriptOptions{TraceLines: 12, Outputs: true})
	if _, failed := rep.Counts(); failed > 0 {
		return errFailed{fmt.Sprintf("%s: %d checks failed", l.ID, failed)}
	}
	return nil
}

// firstArg splits "ID --seed 3" and "--seed 3 ID" alike: the flag package
// stops at the first non-flag argument.
func firstArg(args []string) (string, []string) {
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		return args[0], args[1:]
	}
	return "", args
}

// runCheck plays every built-in lesson and counts checks.
func runCheck(out io.Writer) error {
	all, err := lessons.All()
	if err != nil {
		return err
	}
	passed, failed := 0, 0
	for _, l := range all {
		rep, err := lessons.Play(l, lessons.Options{})
		if err != nil {
			return err
		}
		p, f := rep.Counts()
		passed, failed = passed+p, failed+f
		fmt.Fprintf(out, "%-20s %3d passed, %d failed\n", l.ID, p, f)
		printFailures(out, rep)
	}
	fmt.Fprintf(out, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return errFailed{fmt.Sprintf("%d checks failed", failed)}
	}
	return nil
}

func printFailures(out io.Writer, rep *lessons.Report) {
	for _, s := range rep.Steps {
		for _, c := range append(append([]lessons.CheckResult{}, s.Checks...), derefReveal(s.Reveal)...) {
			if !c.Pass {
				fmt.Fprintf(out, "  FAIL %s:%d: %s\n       %s\n", rep.Lesson.File, c.Line, c.Text, c.Problem)
			}
		}
	}
}

func derefReveal(c *lessons.CheckResult) []lessons.CheckResult {
	if c == nil {
		return nil
	}
	return []lessons.CheckResult{*c}
}

// runLint parses and validates lesson files.
func runLint(files []string, out io.Writer) error {
	if len(files) == 0 {
		return errors.New("usage: watchscope lint FILE...")
	}
	broken := 0
	for _, f := range files {
		l, err := lessons.Load(f)
		if err != nil {
			fmt.Fprintln(out, err)
			broken++
			continue
		}
		fmt.Fprintf(out, "%s: ok (%s, %d steps, %d checks)\n", f, l.ID, len(l.Steps), l.CheckCount())
	}
	if broken > 0 {
		return errFailed{fmt.Sprintf("%d of %d files are broken", broken, len(files))}
	}
	return nil
}
