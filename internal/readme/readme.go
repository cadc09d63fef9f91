// Package readme keeps the generated parts of a Markdown file (the
// README's key table, its lesson list) equal to what their source makes:
// each part sits between a begin and an end marker (HTML comments, so
// they do not show), a generator writes what belongs there, and a test
// compares the file with Section's answer and, with its -update flag,
// writes it.
package readme

import (
	"fmt"
	"os"
	"strings"
)

// Section is doc with body put between the markers begin and end (each
// on its own line), or false when doc lacks them.
func Section(doc, begin, end, body string) (string, bool) {
	i := strings.Index(doc, begin)
	j := strings.Index(doc, end)
	if i < 0 || j < i {
		return doc, false
	}
	return doc[:i] + begin + "\n" + body + end + doc[j+len(end):], true
}

// Check compares the section of the file at path with body: nil when
// they agree; with update it writes the file instead. The error names
// the file and the command (regen) that rewrites it.
func Check(path, begin, end, body string, update bool, regen string) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	want, ok := Section(string(doc), begin, end, body)
	switch {
	case !ok:
		return fmt.Errorf("%s has no %q ... %q markers", path, begin, end)
	case update:
		return os.WriteFile(path, []byte(want), 0o644)
	case want != string(doc):
		return fmt.Errorf("%s between %q and %q is not what its source makes: run %s", path, begin, end, regen)
	}
	return nil
}
