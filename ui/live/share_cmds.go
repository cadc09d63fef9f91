package live

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"watchscope/engine"
)

// A share link carries the sandbox's command log in its cmds= parameter.
// The log is what makes a moment reproducible: the seed plus the commands
// with the virtual time each ran at determine everything (engine.Restore).
//
// Text form, one command a line, each time relative to the one before
// (the first to the world's start), in seconds as FormatShareTime writes
// them:
//
//	2.5 etcdctl put /a 1
//	0 etcdctl put /b 2          (same instant as the one before)
//	10.0166 sim compact 3
//	1 etcdctl txn <<EOF         (a command's input: lines after a tab)
//		mod("/a") > "0"
//		...
//		EOF
//
// then raw DEFLATE (commands repeat their words a lot), then base64url
// without padding, so the parameter needs no escaping in a URL.

// Bounds of a decoded command log: a link is a user's input, and a
// crafted one must not make the page inflate gigabytes or replay forever.
const (
	maxShareCommands = 20000
	maxShareText     = 1 << 20  // bytes of text form
	maxShareLine     = 64 << 10 // a command with its input (a manifest)
	// MaxShareTime bounds t= and the sum of the commands' times.
	MaxShareTime = 24 * time.Hour
)

var (
	errShareEncoding = errors.New("not base64url")
	errShareDeflate  = errors.New("not a command log (bad compression)")
	errShareTooLarge = errors.New("too large")
)

// EncodeCommands is the cmds= value of a command log ("" for none).
func EncodeCommands(log []engine.LoggedCommand) string {
	if len(log) == 0 {
		return ""
	}
	var text strings.Builder
	prev := time.Duration(0)
	for _, c := range log {
		text.WriteString(FormatShareTime(c.At - prev))
		text.WriteByte(' ')
		// A command with its input (a here-document, a txn's lines) goes
		// on over lines that start with a tab.
		text.WriteString(strings.ReplaceAll(c.Text, "\n", "\n\t"))
		text.WriteByte('\n')
		prev = c.At
	}
	var buf bytes.Buffer
	pool := &bestDeflaters
	if text.Len() > bestUpTo {
		pool = &fastDeflaters
	}
	zw := pool.Get().(*flate.Writer)
	zw.Reset(&buf)
	zw.Write([]byte(text.String()))
	zw.Close()
	pool.Put(zw)
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// The stage encodes its log again after every command. A log short
// enough for a QR code is squeezed hard (about a millisecond); a longer
// one is compressed fast, so that a long session's commands do not each
// cost a frame. Compressors are reused: each holds a megabyte of tables.
const bestUpTo = 16 << 10

var (
	bestDeflaters = sync.Pool{New: func() any { return newDeflater(flate.BestCompression) }}
	fastDeflaters = sync.Pool{New: func() any { return newDeflater(flate.BestSpeed) }}
)

func newDeflater(level int) *flate.Writer {
	zw, _ := flate.NewWriter(nil, level) // the levels used are valid: no error
	return zw
}

// DecodeCommands reads a cmds= value back into a command log, checking
// every line: times in order and in range, one printable command each.
func DecodeCommands(s string) ([]engine.LoggedCommand, error) {
	if len(s) > maxShareText {
		return nil, errShareTooLarge
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, errShareEncoding
	}
	text, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxShareText+1))
	if err != nil {
		return nil, errShareDeflate
	}
	if len(text) > maxShareText {
		return nil, errShareTooLarge
	}
	lines := joinContinued(strings.Split(strings.TrimSuffix(string(text), "\n"), "\n"))
	if len(lines) > maxShareCommands {
		return nil, fmt.Errorf("more than %d commands", maxShareCommands)
	}
	var log []engine.LoggedCommand
	at := time.Duration(0)
	for i, line := range lines {
		c, err := commandLine(line, at)
		if err != nil {
			return nil, fmt.Errorf("command %d: %w", i+1, err)
		}
		log, at = append(log, c), c.At
	}
	return log, nil
}

// joinContinued joins the lines that start with a tab to the command
// before them (a command's input), taking the tab off.
func joinContinued(lines []string) []string {
	out := lines[:0]
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, "\t"); ok && len(out) > 0 {
			out[len(out)-1] += "\n" + rest
			continue
		}
		out = append(out, l)
	}
	return out
}

// commandLine parses one "DELTA COMMAND" line of the text form.
func commandLine(line string, prev time.Duration) (engine.LoggedCommand, error) {
	if len(line) > maxShareLine {
		return engine.LoggedCommand{}, errShareTooLarge
	}
	delta, text, ok := strings.Cut(line, " ")
	first, _, _ := strings.Cut(text, "\n") // a command's input may end in blank lines
	if !ok || strings.TrimSpace(first) != first || first == "" {
		return engine.LoggedCommand{}, errors.New("want a time and a command")
	}
	d, err := ParseShareTime(delta)
	if err != nil {
		return engine.LoggedCommand{}, err
	}
	if prev+d > MaxShareTime {
		return engine.LoggedCommand{}, errors.New("later than " + MaxShareTime.String())
	}
	for _, r := range text {
		if r < ' ' && r != '\n' && r != '\t' || r == 0x7f || r == 0xfffd { // input lines, <<- tabs
			return engine.LoggedCommand{}, errors.New("a control character in the command")
		}
	}
	return engine.LoggedCommand{At: prev + d, Text: text}, nil
}

// FormatShareTime writes a virtual time as seconds with as many decimals
// as it needs, down to the nanosecond: exact, unlike a float, and short
// for the round times most commands run at ("2.5", "0", "10.016666667").
func FormatShareTime(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	sec, frac := int64(d/time.Second), int64(d%time.Second)
	s := strconv.FormatInt(sec, 10)
	if frac == 0 {
		return s
	}
	return s + "." + strings.TrimRight(fmt.Sprintf("%09d", frac), "0")
}

// ParseShareTime reads FormatShareTime's form (a trailing "s" allowed):
// digits, optionally a point and one to nine decimals; nothing else.
func ParseShareTime(s string) (time.Duration, error) {
	s = strings.TrimSuffix(s, "s")
	whole, frac, hasFrac := strings.Cut(s, ".")
	bad := errors.New("want seconds such as 12.5")
	if !digits(whole, 1, 6) || (hasFrac && !digits(frac, 1, 9)) {
		return 0, bad
	}
	sec, _ := strconv.ParseInt(whole, 10, 64) // six digits at most: no overflow
	ns := int64(0)
	if hasFrac {
		ns, _ = strconv.ParseInt(frac+strings.Repeat("0", 9-len(frac)), 10, 64)
	}
	d := time.Duration(sec)*time.Second + time.Duration(ns)
	if d > MaxShareTime {
		return 0, errors.New("later than " + MaxShareTime.String())
	}
	return d, nil
}

// digits reports whether s is min to max ASCII digits.
func digits(s string, min, max int) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
