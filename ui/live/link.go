package live

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"watchscope/engine"
	"watchscope/lessons"
)

// Link is what a deep link asks for:
//
//	?lesson=ID&step=N&seed=S&speed=X&theme=projector&motion=reduced&nodes=N
//
// Garbage never stops the stage: a bad parameter is dropped and named in
// Problems, which the page shows as one line.
type Link struct {
	Lesson   string
	Step     int
	Seed     uint64
	Speed    float64
	Theme    string // "", "projector", "dark"
	Reduced  bool
	Nodes    int // sandbox cluster size
	Demo     bool
	Problems []string
}

// MaxNodes bounds the sandbox's cluster from a link.
const MaxNodes = 5000

// ParseLink reads a deep link's query parameters.
func ParseLink(q url.Values) Link {
	l := Link{Demo: q.Get("demo") != "off", Nodes: 20}
	bad := func(name, v, want string) {
		l.Problems = append(l.Problems, fmt.Sprintf("%s=%q ignored: %s", name, clip(v, 24), want))
	}
	if v := q.Get("lesson"); v != "" {
		if _, err := lessons.ByID(v); err != nil {
			bad("lesson", v, "no such lesson")
		} else {
			l.Lesson = v
		}
	}
	if v := q.Get("step"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1000 {
			bad("step", v, "want a step number")
		} else {
			l.Step = n
		}
	}
	if v := q.Get("seed"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			bad("seed", v, "want a positive integer")
		} else {
			l.Seed = n
		}
	}
	if v := q.Get("speed"); v != "" {
		f, err := strconv.ParseFloat(strings.TrimSuffix(v, "x"), 64)
		if err != nil || !(f >= 0.1 && f <= 100) {
			bad("speed", v, "want 0.1 to 100")
		} else {
			l.Speed = f
		}
	}
	switch v := q.Get("theme"); v {
	case "", "dark":
	case "projector", "light":
		l.Theme = "projector"
	default:
		bad("theme", v, "want projector or dark")
	}
	switch v := q.Get("motion"); v {
	case "":
	case "reduced":
		l.Reduced = true
	default:
		bad("motion", v, "want reduced")
	}
	if v := q.Get("nodes"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > MaxNodes {
			bad("nodes", v, fmt.Sprintf("want 0 to %d", MaxNodes))
		} else {
			l.Nodes = n
		}
	}
	return l
}

// Message is the one line the page shows for the link's problems.
func (l Link) Message() string { return strings.Join(l.Problems, "; ") }

// SandboxConfig is the sandbox world a link asks for: one API server and a
// generated cluster of l.Nodes nodes (none: an etcd-only world).
func (l Link) SandboxConfig() engine.Config {
	seed := l.Seed
	if seed == 0 {
		seed = 1
	}
	cfg := engine.Config{Seed: seed}
	if l.Nodes > 0 {
		cfg.APIServers.Replicas = 1
		cfg.Cluster.Nodes = l.Nodes
		cfg.Cluster.KubectlWatchers = 1
		if l.Nodes > 500 {
			cfg.TraceWindow = 4000
		}
	}
	return cfg
}

// Open builds the session a link asks for. A lesson that fails to open
// falls back to the sandbox with the reason as the message.
func Open(l Link) (*Session, error) {
	cfg := l.SandboxConfig()
	sim, err := NewWorldConfig(cfg)
	if err != nil {
		return nil, err
	}
	s := New(sim, Options{Demo: l.Demo && l.Nodes == 0, Speed: l.Speed, Sandbox: cfg})
	s.chrome.Reduced = l.Reduced
	if l.Lesson != "" {
		if err := s.OpenLesson(l.Lesson, l.Seed, l.Step); err != nil {
			l.Problems = append(l.Problems, err.Error())
		}
	} else if l.Step > 0 {
		l.Problems = append(l.Problems, "step= needs lesson=")
	}
	s.chrome.Message = l.Message()
	s.Tick(0)
	return s, nil
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
