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

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
