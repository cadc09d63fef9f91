// Package order sorts slices of structs through the one instance of the
// standard library's sort that every []int shares.
//
// slices.SortFunc is generic: the compiler stamps out its pattern-defeating
// quicksort (pdqsort, partition, insertion sort, heap sort, ...) once per
// element shape, and a struct's shape is its own. In the page's
// WebAssembly each stamp is about 26 KB of code, and the simulation sorted
// a dozen kinds of structs by value. Here the sort runs on the elements'
// indices and the slice is permuted after: one stamp for all of them.
//
// The result is the very order slices.SortFunc makes: pdqsort looks at
// the elements only through cmp, so sorting the indices with the same
// answers moves them exactly as it would have moved the values, equal
// elements included (it is not stable, and the same tie order comes out).
// A stable sort's result is unique, so SortStableFunc's is slices' too.
package order

import (
	"iter"
	"slices"
)

// SortFunc sorts s in place by cmp, as slices.SortFunc(s, cmp) does.
func SortFunc[E any](s []E, cmp func(a, b E) int) {
	permute(s, sortIndices(len(s), func(i, j int) int { return cmp(s[i], s[j]) }))
}

// SortStableFunc sorts s in place by cmp, equal elements kept in their
// order, as slices.SortStableFunc(s, cmp) does.
func SortStableFunc[E any](s []E, cmp func(a, b E) int) {
	permute(s, sortIndices(len(s), func(i, j int) int {
		if c := cmp(s[i], s[j]); c != 0 {
			return c
		}
		return i - j // the earlier first: a total order, so no ties remain
	}))
}

// SortedFunc collects seq's values into a new slice sorted by cmp, as
// slices.SortedFunc(seq, cmp) does.
func SortedFunc[E any](seq iter.Seq[E], cmp func(a, b E) int) []E {
	s := slices.Collect(seq)
	SortFunc(s, cmp)
	return s
}

// sortIndices returns 0..n-1 sorted by cmp, which compares the elements
// at two indices.
func sortIndices(n int, cmp func(i, j int) int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, cmp)
	return idx
}

// permute puts s[idx[k]] at k for every k.
func permute[E any](s []E, idx []int) {
	sorted := make([]E, len(s))
	for k, i := range idx {
		sorted[k] = s[i]
	}
	copy(s, sorted)
}
