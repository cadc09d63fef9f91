package live

import (
	"fmt"
	"testing"
)

// TestFeatureVerbsAreUnique: no feature claims a verb the core or
// another feature runs (featureList.verbs would keep the first and drop the other
// silently), and every feature's verb reaches the dispatcher.
func TestFeatureVerbsAreUnique(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(sim, Options{})
	owner := map[string]int{}
	for i, f := range s.features {
		v, ok := f.(verbAdder)
		if !ok {
			continue
		}
		for verb := range v.verbs() {
			if _, core := stageVerbs[verb]; core {
				t.Errorf("feature %d (%T) claims the core's verb %q", i, f, verb)
			}
			if j, ok := owner[verb]; ok {
				t.Errorf("features %d and %d (%T) both claim %q", j, i, f, verb)
			}
			owner[verb] = i
			if !s.Knows(verb) {
				t.Errorf("%q (%T) does not reach the dispatcher", verb, f)
			}
		}
	}
	if len(owner) == 0 {
		t.Fatal("no feature adds a verb: presenter mode's present and cue are gone")
	}
}

// TestFeaturesAreDistinctTypes: featureOf finds a feature by its type,
// so two features of one type would hide the second.
func TestFeaturesAreDistinctTypes(t *testing.T) {
	sim, err := NewWorld(1)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range New(sim, Options{}).features {
		name := fmt.Sprintf("%T", f)
		if seen[name] {
			t.Errorf("two features of type %s", name)
		}
		seen[name] = true
	}
}
