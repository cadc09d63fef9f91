package apimachinery

import "fmt"

// token is a lexical token of the label selector grammar, as the real
// pkg/labels Lexer produces them.
type token int

const (
	tokError token = iota
	tokEnd
	tokClosedPar
	tokComma
	tokDoesNotExist
	tokDoubleEquals
	tokEquals
	tokGreaterThan
	tokIdentifier
	tokIn
	tokLessThan
	tokNotEquals
	tokNotIn
	tokOpenPar
)

// literalTokens maps literal text to tokens; anything else that is not a
// special symbol is an identifier.
var literalTokens = map[string]token{
	")": tokClosedPar, ",": tokComma, "!": tokDoesNotExist, "==": tokDoubleEquals,
	"=": tokEquals, ">": tokGreaterThan, "in": tokIn, "<": tokLessThan,
	"!=": tokNotEquals, "notin": tokNotIn, "(": tokOpenPar,
}

type scannedItem struct {
	tok     token
	literal string
}

func isWhitespace(ch byte) bool { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' }

func isSpecialSymbol(ch byte) bool {
	switch ch {
	case '=', '!', '(', ')', ',', '>', '<':
		return true
	}
	return false
}

// lexer tokenizes a label selector exactly like the real Lexer: read
// returns 0 at the end of input and also for a NUL byte, which therefore
// ends an identifier (and, between tokens, the whole input).
type lexer struct {
	s   string
	pos int
}

func (l *lexer) read() byte {
	if l.pos < len(l.s) {
		l.pos++
		return l.s[l.pos-1]
	}
	return 0
}

func (l *lexer) unread() { l.pos-- }

// lexLabelSelector splits s into tokens, ending with tokEnd.
func lexLabelSelector(s string) []scannedItem {
	l := &lexer{s: s}
	var items []scannedItem
	for {
		it := l.lex()
		items = append(items, it)
		if it.tok == tokEnd {
			return items
		}
	}
}

func (l *lexer) lex() scannedItem {
	ch := l.read()
	for isWhitespace(ch) {
		ch = l.read()
	}
	switch {
	case ch == 0:
		return scannedItem{tokEnd, ""}
	case isSpecialSymbol(ch):
		l.unread()
		return l.scanSpecialSymbol()
	default:
		l.unread()
		return l.scanIDOrKeyword()
	}
}

func (l *lexer) scanIDOrKeyword() scannedItem {
	var buf []byte
	for {
		ch := l.read()
		if ch == 0 {
			break
		}
		if isSpecialSymbol(ch) || isWhitespace(ch) {
			l.unread()
			break
		}
		buf = append(buf, ch)
	}
	lit := string(buf)
	if tok, ok := literalTokens[lit]; ok {
		return scannedItem{tok, lit}
	}
	return scannedItem{tokIdentifier, lit}
}

// scanSpecialSymbol takes the longest run of special symbols that is a
// known operator ("!=" rather than "!").
func (l *lexer) scanSpecialSymbol() scannedItem {
	var last scannedItem
	var buf []byte
	for {
		ch := l.read()
		if ch == 0 {
			break
		}
		if !isSpecialSymbol(ch) {
			l.unread()
			break
		}
		buf = append(buf, ch)
		if tok, ok := literalTokens[string(buf)]; ok {
			last = scannedItem{tok, string(buf)}
		} else if last.tok != tokError {
			l.unread()
			break
		}
	}
	if last.tok == tokError {
		return scannedItem{tokError, fmt.Sprintf("error expected: keyword found '%s'", buf)}
	}
	return last
}
