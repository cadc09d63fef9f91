package lessons

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"watchscope/internal/readme"
)

var update = flag.Bool("update", false, "rewrite the README's lesson list from the catalogue")

// README markers around the generated lesson list.
const (
	readmeBegin = "<!-- lessons: generated from the catalogue (lessons/content, catalogOrder) by go test ./lessons -run TestReadmeLessons -update -->"
	readmeEnd   = "<!-- /lessons -->"
)

// TestReadmeLessons: the README's lesson count and list are the
// catalogue's (go test ./lessons -run TestReadmeLessons -update rewrites
// them), the way ui/keys keeps the key table.
func TestReadmeLessons(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if err := readme.Check("../README.md", readmeBegin, readmeEnd, readmeLessons(all), *update,
		"go test ./lessons -run TestReadmeLessons -update"); err != nil {
		t.Error(err)
	}
}

// readmeLessons is the README's lesson paragraph's first sentence and
// the path as a table: number, title, id, minutes.
func readmeLessons(all []*Lesson) string {
	var b strings.Builder
	guided, free := 0, 0
	for _, l := range all {
		if l.FreePlay() {
			free++
		} else {
			guided++
		}
	}
	count := capitalized(numberWords(guided)) + " guided lessons"
	if free > 0 {
		count += " and a sandbox for free play"
	}
	fmt.Fprintf(&b, "%s, in this order on the path (`?lesson=ID` opens one, `go run . play ID` plays it in a terminal):\n\n", count)
	b.WriteString("| # | lesson | id | minutes |\n|---|---|---|---|\n")
	for i, l := range all {
		minutes := fmt.Sprint(l.Minutes)
		if l.FreePlay() {
			minutes = "-"
		}
		fmt.Fprintf(&b, "| %d | %s | `%s` | %s |\n", i+1, l.Title, l.ID, minutes)
	}
	return b.String()
}

// numberWords spells 0 to 99 in English words ("twenty-six").
func numberWords(n int) string {
	ones := strings.Fields("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
	tens := strings.Fields("_ _ twenty thirty forty fifty sixty seventy eighty ninety")
	switch {
	case n < 20:
		return ones[n]
	case n%10 == 0:
		return tens[n/10]
	}
	return tens[n/10] + "-" + ones[n%10]
}

func capitalized(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func TestNumberWords(t *testing.T) {
	for n, want := range map[int]string{0: "zero", 7: "seven", 19: "nineteen", 20: "twenty", 26: "twenty-six", 99: "ninety-nine"} {
		if got := numberWords(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}
