//go:build !js

package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"watchscope/lessons"
)

// make scorm's command: every lesson but free play, in catalogue order,
// and a clear line when the app was not built.
func TestSCORMCommand(t *testing.T) {
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<!DOCTYPE html>"), 0o644)
	dst := filepath.Join(t.TempDir(), "out", "watchscope-scorm12.zip")
	var out bytes.Buffer
	if err := runSCORM([]string{"-site", site, "-o", dst}, &out); err != nil {
		t.Fatal(err)
	}
	all, _ := lessons.All()
	zr, err := zip.OpenReader(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	f, err := zr.Open("imsmanifest.xml")
	if err != nil {
		t.Fatal(err)
	}
	manifest, _ := io.ReadAll(f)
	var ids []string
	for _, l := range all {
		if !l.FreePlay() {
			ids = append(ids, l.ID)
		}
	}
	last := -1
	for _, id := range ids {
		i := strings.Index(string(manifest), `identifier="item-`+id+`"`)
		if i < last {
			t.Errorf("%s is missing or out of catalogue order", id)
		}
		last = i
	}
	if strings.Contains(string(manifest), "item-sandbox") {
		t.Error("the free-play sandbox is a SCO")
	}
	if !strings.Contains(out.String(), "lessons") {
		t.Errorf("output %q", out.String())
	}
	err = runSCORM([]string{"-site", filepath.Join(site, "nope")}, &out)
	if err == nil || !strings.Contains(err.Error(), "make wasm builds it") || strings.Contains(err.Error(), "\n") {
		t.Errorf("missing site: %v", err)
	}
	if err := runSCORM([]string{"-site", site, "extra"}, &out); err == nil {
		t.Error("an extra argument was accepted")
	}
}
