package apiserver

import (
	"testing"

	am "watchscope/apimachinery"
)

// TestEmptySelectorsParseToNil pins what parse relies on when it skips
// the parsers for empty selectors.
func TestEmptySelectorsParseToNil(t *testing.T) {
	l, err := am.ParseLabelSelector("")
	f, err2 := am.ParseFieldSelector("")
	if l != nil || f != nil || err != nil || err2 != nil {
		t.Fatalf("empty selectors parse to %v, %v (%v, %v)", l, f, err, err2)
	}
}
