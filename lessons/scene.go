package lessons

import (
	"fmt"
	"strings"
)

// SceneDirective is one line of a step's `scene` block: the stage shows
// or hides actors from this step on. An actor a later step shows first
// stays hidden until that step, so the stage builds up as the narration
// introduces its cast:
//
//	```scene
//	show poller
//	hide kubelets, cache:leases
//	```
type SceneDirective struct {
	Line int
	Show bool
	Name string // an actor kind ("poller"), or kind:name ("cache:secrets", "client:kubectl")
}

// SceneKinds are the kinds of actor the stage draws, the vocabulary of
// `scene` blocks (and of state().scene.actors[].kind). The stage's scene
// model (ui/scene) checks it has exactly these.
var SceneKinds = []string{"etcd", "etcd-watch", "apiserver", "cache", "cache-watcher", "client",
	"informer", "kubelets", "poller", "page", "snapshot", "apf", "memory", "chart"}

func (p *parser) sceneDirectives(b *block) {
	eachLine(b, func(n int, text string) {
		verb, rest, _ := strings.Cut(text, " ")
		if verb != "show" && verb != "hide" {
			p.ps.add(n, "scene: a line starts with show or hide, not %q (show poller, hide cache:leases)", verb)
			return
		}
		for _, item := range splitList(rest) {
			if err := checkSceneName(item); err != nil {
				p.ps.add(n, "scene: %v", err)
				continue
			}
			p.step.Scene = append(p.step.Scene, SceneDirective{Line: n, Show: verb == "show", Name: item})
		}
	})
}

// checkSceneName accepts KIND or KIND:NAME with KIND one of SceneKinds.
func checkSceneName(s string) error {
	kind, name, hasName := strings.Cut(s, ":")
	if !contains(SceneKinds, kind) {
		return fmt.Errorf("unknown actor kind %q%s", kind, didYouMean(kind, SceneKinds))
	}
	if hasName && strings.TrimSpace(name) == "" {
		return fmt.Errorf("%q: a name after the colon, or none (%s)", s, kind)
	}
	return nil
}
