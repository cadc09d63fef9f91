package view

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fitting words into boxes: every text on the diagram is whole, says
// less, is shortened to a known short form, or is wrapped; it is never
// cut into a fragment and never ends in "…" (issue 26: a cut label reads
// as a fault from the back row).

// fitText shortens s until it is at most w wide at size. The label says
// less: it drops whole words from the end ("×6 watches of other caches"
// → "×6 watches"), with no ellipsis and no dangling word ("of", "the",
// a separator), and a count left alone says what it counts the short way
// ("×6 other caches" → "×6 more"); a hyphenated name may keep only its
// first part ("workload"). It never draws a word cut into a fragment
// ("config", "223" of a revision): when not even the first word fits,
// that word's known short form stands in for it ("configmaps" → "cm",
// shortForms), and failing that fitText returns "" and nothing is drawn.
// Only an opaque token (a continue token: a word of tokenRunes or more)
// is shortened, in its middle, where the eye expects an ellipsis
// ("continue eyJ2Ijo…S0y").
func (th Theme) fitText(f Font, size float64, s string, w float64) string {
	size = th.TextSize(size)
	if Measure(f, size, s) <= w {
		return s
	}
	if t := shortenToken(f, size, s, w); t != "" {
		return t
	}
	first, rest, _ := strings.Cut(s, " ")
	shortWhole := func() string { // a short form whole ("kcm") before one cut ("ctrl")
		for _, short := range shortForms[first] {
			if t := strings.TrimSpace(short + " " + rest); Measure(f, size, t) <= w {
				return t
			}
		}
		return ""
	}
	if strings.Contains(s, sep) && len(first) > 8 { // "who · what": a long who's short form before less of what
		if t := shortWhole(); t != "" {
			return t
		}
	}
	cut, kind := cutToFit(f, size, s, w)
	if kind == cutWords {
		return cut
	}
	if t := shortWhole(); t != "" {
		return t
	}
	for _, short := range shortForms[first] {
		if t := th.fitText(f, size, strings.TrimSpace(short+" "+rest), w); t != "" {
			return t
		}
	}
	if kind == cutHyphen {
		return cut
	}
	return ""
}

// sep parts a label's facts ("pods · page 6 · 500"); a label that says
// less drops whole facts from its end first ("pods · page 6").
const sep = " · "

// tokenRunes is how long a word must be to count as an opaque token
// (a continue token, a base64 blob) that fitText may shorten in its middle.
const tokenRunes = 24

// tokenTail is how many of a token's last runes a shortened token keeps
// ("eyJ2Ijo…S0y"), so that two tokens still differ where they end.
const tokenTail = 3

// shortenToken fits s by shortening its last word in the middle when that
// word is an opaque token, keeping the words before it ("continue
// eyJ2Ijo…S0y") and at least as many runes of its head as of its tail;
// "" when s ends in no token or even that does not fit.
func shortenToken(f Font, size float64, s string, w float64) string {
	i := strings.LastIndexByte(s, ' ') + 1
	r := []rune(s[i:])
	if len(r) < tokenRunes {
		return ""
	}
	tail := string(r[len(r)-tokenTail:])
	for n := len(r) - tokenTail - 1; n >= tokenTail; n-- {
		if t := s[:i] + string(r[:n]) + "…" + tail; Measure(f, size, t) <= w {
			return t
		}
	}
	return ""
}

// shortForms are the short names the stage may draw for a word that does
// not fit whole, longest first: kubectl's short names for the resources
// the lessons use, the controller manager's usual abbreviations, and
// client-go's DeltaFIFO as its counts name it.
var shortForms = map[string][]string{
	"configmaps": {"cm"}, "namespaces": {"ns"}, "endpoints": {"ep"}, "events": {"ev"},
	"nodes": {"no"}, "pods": {"po"}, "services": {"svc"}, "deployments": {"deploy"},
	"replicasets": {"rs"}, "serviceaccounts": {"sa"}, "persistentvolumeclaims": {"pvc"},
	"controller-manager": {"ctrl-mgr", "kcm"}, "DeltaFIFO": {"FIFO"},
}

// How cutToFit ended its prefix.
const (
	cutNone   = iota // no whole word fits
	cutWords         // after a whole word (a space or punctuation follows it)
	cutHyphen        // after a hyphen inside the first word
)

// cutToFit is the longest prefix of s, ended at a word boundary and made
// to say less (sayLess), that fits in w, and how it ends.
func cutToFit(f Font, size float64, s string, w float64) (string, int) {
	r := []rune(s)
	for i := len(r) - 1; i > 0; i-- {
		if !boundary(r[i-1], r[i]) || parted(r[:i], r[i:]) {
			continue
		}
		t := sayLess(string(r[:i]))
		if t == "" || Measure(f, size, t) > w {
			continue
		}
		if r[i] != ' ' && !strings.ContainsRune(string(r[:i]), ' ') {
			return t, cutHyphen // inside the first word ("workload-low")
		}
		return t, cutWords
	}
	return "", cutNone
}

// parted: a cut between head and tail would part a name from its value
// ("rv" from "124", "page" from "6") or a count from what it counts ("4"
// from "resources").
func parted(head, tail []rune) bool {
	next := strings.TrimLeft(string(tail), " ")
	f := strings.Fields(string(head))
	if next == "" || len(f) == 0 {
		return false
	}
	c, _ := utf8.DecodeRuneInString(next)
	last := f[len(f)-1]
	return unicode.IsDigit(c) || isNumber(last) && unicode.IsLetter(c)
}

// isNumber: w is a number as the stage prints one ("2,000", "61").
func isNumber(w string) bool {
	return w != "" && strings.Trim(w, "0123456789,.") == ""
}

// breakAfter: a text may be cut after these without cutting a word.
func breakAfter(c rune) bool { return strings.ContainsRune(" ,/-·:(=&", c) }

// boundary: a text may be cut between a and b without cutting a word
// (nor a number: "20,000" is not cut after its comma).
func boundary(a, b rune) bool {
	if a == ',' && unicode.IsDigit(b) {
		return false
	}
	return b == ' ' || breakAfter(a)
}

// dangling are the words a shortened label does not end on: they promise
// a word that is no longer there ("watch of the", "×6 other").
var dangling = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "to": true, "and": true, "or": true,
	"in": true, "at": true, "on": true, "by": true, "for": true, "from": true, "with": true,
	"other": true, "another": true, "its": true, "is": true, "are": true, "was": true,
	"be": true, "being": true, "been": true, "than": true, "into": true, "per": true,
}

// sayLess ends a prefix cut at a word boundary where a shorter label
// would: no separator, open bracket or dangling word at its end, and a
// count left alone ("×6") said as "×6 more".
func sayLess(p string) string {
	for {
		p = strings.TrimRight(p, " ,/-·:;(=&<>")
		i := strings.LastIndexByte(p, ' ')
		if i < 0 || !dangling[strings.ToLower(p[i+1:])] {
			break
		}
		p = p[:i]
	}
	if strings.HasPrefix(p, "×") && !strings.Contains(p, " ") {
		p += " more"
	}
	return p
}

// firstLines is lines cut to at most n; when lines are left out, the last
// one kept ends where a shorter label would (sayLess): "LISTs configmaps
// on a" reads as a word gone, "LISTs configmaps" does not.
func firstLines(lines []string, n int) []string {
	if len(lines) <= n {
		return lines
	}
	lines = lines[:n]
	lines[n-1] = sayLess(lines[n-1])
	return lines
}

// fitAny is the first of candidates (longest first) that fits in w, or
// the last one made to fit (fitText): a narrow box says "601" rather
// than "oldest".
func (th Theme) fitAny(f Font, size, w float64, candidates ...string) string {
	for _, c := range candidates {
		if Measure(f, th.TextSize(size), c) <= w {
			return c
		}
	}
	return th.fitText(f, size, candidates[len(candidates)-1], w)
}

// wrapHard wraps text at spaces and breaks a word longer than the width
// (a continue token) wherever it must. cut[i] records that line i ends
// inside a word (the next line goes on with it, no space between): the
// break's fact, for a caller that joins lines up again.
func wrapHard(text string, f Font, size, width float64) (lines []string, cut []bool) {
	for _, line := range Wrap(text, f, size, width) {
		for Measure(f, size, line) > width {
			r := []rune(line)
			n := len(r) - 1
			for n > 1 && Measure(f, size, string(r[:n])) > width {
				n--
			}
			lines, cut, line = append(lines, string(r[:n])), append(cut, true), string(r[n:])
		}
		lines, cut = append(lines, line), append(cut, false)
	}
	return lines, cut
}

// text draws s cut to width w.
func (s *Scene) fit(x, y float64, str string, f Font, size float64, a Align, c colorRGBA, w float64) {
	s.label(x, y, s.Theme.fitText(f, size, str, w), f, size, a, c)
}
