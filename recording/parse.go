package recording

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Recording is a parsed .wsrec file.
type Recording struct {
	Header  Header
	Records []Record
	// Truncated: the file ended inside a line (the recorder was cut off
	// while writing); Records hold everything up to the last whole line.
	Truncated bool
	// Skipped counts records of kinds this version does not know.
	Skipped int
	// lines is how many lines have been read, the header's included: the
	// number More counts on from.
	lines int
}

// maxLine bounds one line (an object with --with-objects can be large,
// but not this large).
const maxLine = 64 << 20

// Parse reads a recording. name is the file's name, used in errors, which
// are one line each and say what to do next.
func Parse(name string, data []byte) (*Recording, error) {
	first, rest, found := bytes.Cut(data, []byte("\n"))
	h, err := parseHeader(name, first)
	if err != nil {
		return nil, err
	}
	rec := &Recording{Header: h, lines: 1}
	if !found {
		return rec, nil
	}
	if err := rec.More(name, rest); err != nil {
		return nil, err
	}
	return rec, nil
}

// More reads the lines that followed what the recording has read so far
// (a live recording grows line by line: serve --live streams it, and only
// the new lines are parsed each time). data must start at a line's start;
// an unfinished last line is left out (Truncated), as Parse does. Errors
// name the line counted from the file's start.
func (rec *Recording) More(name string, data []byte) error {
	if rec.Truncated {
		return fmt.Errorf("%s: more lines after a line cut off mid-write", name)
	}
	for len(data) > 0 {
		line, after, whole := bytes.Cut(data, []byte("\n"))
		data = after
		rec.lines++
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		r, err := parseRecord(line)
		if err != nil {
			if !whole {
				rec.Truncated = true // cut off mid-write: keep what came before
				return nil
			}
			return fmt.Errorf("%s: line %d: %v (not a WatchScope recording line; was the file edited?)", name, rec.lines, err)
		}
		if !knownKind(r.Kind) {
			rec.Skipped++
			continue
		}
		rec.Records = append(rec.Records, r)
	}
	return nil
}

func parseHeader(name string, line []byte) (Header, error) {
	var h Header
	if len(line) > maxLine || json.Unmarshal(line, &h) != nil || h.Format != Format {
		what := "empty"
		if len(bytes.TrimSpace(line)) > 0 {
			what = "not a WatchScope recording"
		}
		return h, fmt.Errorf("%s: %s: its first line is not a %q header; record one with: watchscope record -o FILE%s", name, what, Format, Ext)
	}
	if h.Version < 1 || h.Version > Version {
		return h, fmt.Errorf("%s: recording format version %d; this WatchScope reads version %d: open it with the WatchScope that recorded it", name, h.Version, Version)
	}
	return h, nil
}

func parseRecord(line []byte) (Record, error) {
	var r Record
	if len(line) > maxLine {
		return r, fmt.Errorf("line longer than %d bytes", maxLine)
	}
	d := json.NewDecoder(bytes.NewReader(line))
	if err := d.Decode(&r); err != nil {
		return r, cleanJSONError(err)
	}
	if d.More() {
		return r, fmt.Errorf("more than one JSON value on the line")
	}
	if r.Kind == "" {
		return r, fmt.Errorf("record without a kind")
	}
	if r.T < 0 {
		return r, fmt.Errorf("negative time %d", r.T)
	}
	return r, nil
}

func cleanJSONError(err error) error {
	return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "json: "))
}

func knownKind(k string) bool {
	switch k {
	case KindRequest, KindList, KindEvent, KindBookmark, KindError, KindClosed, KindMetrics, KindNote, KindEnd:
		return true
	}
	return false
}
