//go:build !js

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"watchscope/web"
)

// runSCORM writes the SCORM 1.2 package of a built site (make scorm): one
// SCO per lesson in catalogue order, the free-play sandbox left out (no
// script to finish).
func runSCORM(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("scorm", flag.ContinueOnError)
	site := fs.String("site", "web/build", "the built app (make wasm)")
	dst := fs.String("o", "dist/watchscope-scorm12.zip", "the package to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("scorm: unexpected argument %q", fs.Arg(0))
	}
	scos, err := web.LessonSCOs()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(*dst), 0o755); err != nil {
		return err
	}
	tmp := *dst + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = web.WriteSCORM12(f, *site, scos)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, *dst); err != nil {
		return err
	}
	st, _ := os.Stat(*dst)
	fmt.Fprintf(out, "scorm: %s: %d lessons, %d bytes\n", *dst, len(scos), st.Size())
	return nil
}
