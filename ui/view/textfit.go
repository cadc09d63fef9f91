package view

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fitting words into boxes: every text on the diagram is cut at a word,
// shortened to a known short form, or wrapped, never cut into a fragment.

// fitText shortens s until it is at most w wide at size. It drops whole
// words from the end and ends with an ellipsis ("6 watches of other…");
// a hyphenated name may lose its parts after a hyphen ("controller-…").
// It never draws a lone "…" nor a word cut into a fragment ("config…",
// "223…" of a revision): when not even the first word fits, that word's
// known short form stands in for it ("configmaps" → "cm", shortForms),
// and failing that fitText returns "" and nothing is drawn. Only an
// opaque token (a continue token: a word of tokenRunes or more) is cut
// wherever it fits.
func (th Theme) fitText(f Font, size float64, s string, w float64) string {
	size = th.TextSize(size)
	if Measure(f, size, s) <= w {
		return s
	}
	cut, kind := cutToFit(f, size, s, w)
	if kind == cutWords {
		return cut
	}
	first, rest, _ := strings.Cut(s, " ")
	for _, short := range shortForms[first] { // a short form whole ("kcm") before one cut ("ctrl-…")
		if t := strings.TrimSpace(short + " " + rest); Measure(f, size, t) <= w {
			return t
		}
	}
	for _, short := range shortForms[first] {
		if t := th.fitText(f, size, strings.TrimSpace(short+" "+rest), w); t != "" {
			return t
		}
	}
	if kind == cutHyphen || kind == cutInside && utf8.RuneCountInString(first) >= tokenRunes {
		return cut
	}
	return ""
}

// tokenRunes is how long a word must be to count as an opaque token
// (a continue token, a base64 blob) that fitText may cut anywhere.
const tokenRunes = 24

// shortForms are the short names the stage may draw for a word that does
// not fit whole, longest first: kubectl's short names for the resources
// the lessons use, and the controller manager's usual abbreviations.
var shortForms = map[string][]string{
	"configmaps": {"cm"}, "namespaces": {"ns"}, "endpoints": {"ep"}, "events": {"ev"},
	"nodes": {"no"}, "pods": {"po"}, "services": {"svc"}, "deployments": {"deploy"},
	"replicasets": {"rs"}, "serviceaccounts": {"sa"}, "persistentvolumeclaims": {"pvc"},
	"controller-manager": {"ctrl-mgr", "kcm"},
}

// How cutToFit ended its prefix.
const (
	cutNone   = iota // nothing but the ellipsis fits
	cutWords         // after a whole word (a space or punctuation follows it)
	cutHyphen        // after a hyphen inside the first word
	cutInside        // inside the first word
)

// cutToFit is the longest prefix of s that fits in w with an ellipsis,
// moved back to its last word boundary when it ends inside a word, and
// how it ends.
func cutToFit(f Font, size float64, s string, w float64) (string, int) {
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := strings.TrimRight(string(r), " ") + "…"; Measure(f, size, t) <= w {
			next, _ := utf8.DecodeRuneInString(s[len(string(r)):])
			return wordCut(r, !boundary(r[len(r)-1], next))
		}
	}
	return "", cutNone
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

// wordCut ends a prefix that fits with an ellipsis, at its last word
// boundary when the prefix ends inside a word ("6 watches of other…",
// not "…of other c…"), and says where it cut (cutToFit).
func wordCut(r []rune, midWord bool) (string, int) {
	end := len(r)
	if midWord {
		end = 0
		for i := len(r) - 1; i > 0; i-- {
			if boundary(r[i-1], r[i]) {
				end = i
				break
			}
		}
		if end == 0 {
			return strings.TrimRight(string(r), " ,·:(") + "…", cutInside
		}
	}
	kind := cutWords
	if r[end-1] == '-' && !strings.ContainsFunc(string(r[:end-1]), func(c rune) bool { return c != '-' && breakAfter(c) }) {
		kind = cutHyphen
	}
	return strings.TrimRight(string(r[:end]), " ,·:(") + "…", kind
}

// fitAny is the first of candidates (longest first) that fits in w, or
// the last one cut with an ellipsis: a narrow box says "601" rather than
// "oldest 6…".
func (th Theme) fitAny(f Font, size, w float64, candidates ...string) string {
	for _, c := range candidates {
		if Measure(f, th.TextSize(size), c) <= w {
			return c
		}
	}
	return th.fitText(f, size, candidates[len(candidates)-1], w)
}

// wrapHard wraps text at spaces and breaks a word longer than the width
// (a continue token) wherever it must.
func wrapHard(text string, f Font, size, width float64) []string {
	var out []string
	for _, line := range Wrap(text, f, size, width) {
		for Measure(f, size, line) > width {
			r := []rune(line)
			n := len(r) - 1
			for n > 1 && Measure(f, size, string(r[:n])) > width {
				n--
			}
			out, line = append(out, string(r[:n])), string(r[n:])
		}
		out = append(out, line)
	}
	return out
}

// text draws s cut to width w.
func (s *Scene) fit(x, y float64, str string, f Font, size float64, a Align, c colorRGBA, w float64) {
	s.label(x, y, s.Theme.fitText(f, size, str, w), f, size, a, c)
}
