package lessons

import "fmt"

// didYouMean is the tail of an "unknown X" message: ` (did you mean "check"?)`
// when one of the known words is close to the mistyped one, else "".
func didYouMean(word string, known []string) string {
	if s := suggest(word, known); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

// suggest returns the known word closest to word by edit distance, if it
// is close enough to be a likely typo (at most a third of its letters
// wrong, or one letter for short words), else "". Ties go to the earlier word, so the
// answer does not depend on anything but the list order.
func suggest(word string, known []string) string {
	best, bestDist := "", max(1, len(word)/3)+1
	for _, k := range known {
		if d := editDistance(word, k); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance between a and b
// (bytes): insertions, deletions, substitutions and swaps of two
// neighbours ("od" for "do") each cost one.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
