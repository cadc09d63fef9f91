package lessons

import (
	"errors"
	"strconv"
	"strings"
)

// token is one whitespace-separated word of a check line. A word may hold
// quoted parts (detail~"key=a b", metric x{verb="LIST"}); quoted is true
// when the whole word is one quoted string, and then text is unquoted.
type token struct {
	text   string
	quoted bool
}

var errUnclosedQuote = errors.New("unclosed quote")

// lexCheck splits a check line into tokens, honouring double quotes with
// Go escapes inside them.
func lexCheck(line string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(line) {
		if line[i] == ' ' || line[i] == '\t' {
			i++
			continue
		}
		start := i
		for i < len(line) && line[i] != ' ' && line[i] != '\t' {
			if line[i] == '"' {
				end, err := quotedEnd(line, i)
				if err != nil {
					return nil, err
				}
				i = end
				continue
			}
			i++
		}
		toks = append(toks, makeToken(line[start:i]))
	}
	return toks, nil
}

// quotedEnd returns the index just past the closing quote of the quoted
// string that starts at line[i].
func quotedEnd(line string, i int) (int, error) {
	for j := i + 1; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, errUnclosedQuote
}

func makeToken(word string) token {
	if len(word) >= 2 && word[0] == '"' {
		if end, err := quotedEnd(word, 0); err == nil && end == len(word) {
			if s, err := strconv.Unquote(word); err == nil {
				return token{text: s, quoted: true}
			}
		}
	}
	return token{text: word}
}

// unquoteValue turns the value part of a filter term into text.
func unquoteValue(v string) (string, error) {
	if strings.HasPrefix(v, `"`) {
		s, err := strconv.Unquote(v)
		if err != nil {
			return "", errors.New("bad quoted value " + v)
		}
		return s, nil
	}
	return v, nil
}

func itoa(n int) string { return strconv.Itoa(n) }
