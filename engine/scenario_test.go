package engine

import (
	"testing"
	"time"
)

func TestScenariosConverge(t *testing.T) {
	for _, name := range ScenarioNames {
		t.Run(name, func(t *testing.T) {
			res, _, err := RunScenario(Scenario{Name: name, Nodes: 30, Duration: 60 * time.Second, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			t.Log(res.String())
			if !res.Converged {
				t.Fatalf("%s did not converge: %v", name, res.Differences)
			}
		})
	}
}
