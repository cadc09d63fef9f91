package console

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// flagSpec describes the flags one command accepts. Bool flags take no
// value (or "=true"/"=false"); value flags take the next word or "=value".
// Short maps a one-letter alias (e.g. "w") to its long name.
type flagSpec struct {
	Bools  []string
	Values []string
	Short  map[string]string
	Plain  bool // errors exactly as pflag words them, with no suggestion (etcdctl)
}

// parsedFlags is the result of parsing a command's words against its spec:
// positional arguments in order, and flag values by long name.
type parsedFlags struct {
	Args   []string
	values map[string]string
	all    map[string][]string // every value of a flag given more than once, in order
}

// parseFlags accepts flags anywhere among the positional words, as cobra
// (which etcdctl and kubectl use) does. "--" ends flag parsing.
func parseFlags(words []string, spec flagSpec) (parsedFlags, error) {
	p := parsedFlags{values: map[string]string{}, all: map[string][]string{}}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			p.Args = append(p.Args, words[i+1:]...)
			break
		}
		if len(w) < 2 || w[0] != '-' {
			p.Args = append(p.Args, w)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(w, "-"), "=")
		needs := "--" + name // how pflag names a flag missing its value
		if !strings.HasPrefix(w, "--") {
			needs = fmt.Sprintf("'%s' in %s", name, w)
			long, ok := spec.Short[name]
			if !ok {
				return p, flagError(fmt.Sprintf("unknown shorthand flag: '%s' in %s", name, w))
			}
			name = long
		}
		switch {
		case contains(spec.Bools, name):
			if !hasVal {
				val = "true"
			}
			if _, err := strconv.ParseBool(val); err != nil {
				return p, flagError(fmt.Sprintf("invalid argument %q for %q flag: %v", val, spec.flagName(name), err))
			}
		case contains(spec.Values, name):
			if !hasVal {
				if i+1 >= len(words) {
					return p, flagError("flag needs an argument: " + needs)
				}
				i++
				val = words[i]
			}
		default:
			return p, unknownFlag(name, spec)
		}
		p.values[name] = val
		p.all[name] = append(p.all[name], val)
	}
	return p, nil
}

// Strings returns every value a repeatable flag was given, in order.
func (p parsedFlags) Strings(name string) []string { return p.all[name] }

// flagError is a word the flag parser (pflag, under cobra) refused, in
// pflag's words. The command prints it with its usage as the real tool
// does (etcdctlUsage, kubectlUsage).
type flagError string

func (e flagError) Error() string { return string(e) }

func unknownFlag(name string, spec flagSpec) error {
	if spec.Plain {
		return flagError("unknown flag: --" + name)
	}
	all := append(append([]string{}, spec.Bools...), spec.Values...)
	if s := suggest(name, all); s != "" {
		return flagError(fmt.Sprintf("unknown flag: --%s (did you mean --%s?)", name, s))
	}
	return flagError("unknown flag: --" + name)
}

// flagName is how pflag names a flag in its errors: "-w, --watch" when it
// has a one-letter alias, else "--prefix".
func (spec flagSpec) flagName(name string) string {
	var shorts []string
	for short, long := range spec.Short {
		if long == name {
			shorts = append(shorts, short)
		}
	}
	if len(shorts) == 0 {
		return "--" + name
	}
	sort.Strings(shorts)
	return "-" + shorts[0] + ", --" + name
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Bool reports a bool flag's value (false when absent).
func (p parsedFlags) Bool(name string) bool {
	b, _ := strconv.ParseBool(p.values[name])
	return b
}

// String returns a value flag, or def when it was not given.
func (p parsedFlags) String(name, def string) string {
	if v, ok := p.values[name]; ok {
		return v
	}
	return def
}

// Has reports whether the flag was given at all.
func (p parsedFlags) Has(name string) bool {
	_, ok := p.values[name]
	return ok
}

// Int64 parses an integer flag with pflag's error text.
func (p parsedFlags) Int64(name string, def int64) (int64, error) {
	v, ok := p.values[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid argument %q for \"--%s\" flag: strconv.ParseInt: parsing %q: invalid syntax", v, name, v)
	}
	return n, nil
}

// parseDuration accepts Go durations ("1.5s", "2m", "300ms") and rejects
// negative or absurd values (more than a simulated week).
func parseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("invalid duration %q (use forms like 500ms, 5s, 2m)", s)
	}
	if d < 0 {
		return 0, fmt.Errorf("invalid duration %q: must not be negative", s)
	}
	if d > 7*24*time.Hour {
		return 0, fmt.Errorf("invalid duration %q: at most 168h of simulated time per command", s)
	}
	return d, nil
}

// suggest returns the candidate closest to s by edit distance, if it is
// close enough to be a plausible typo; "" otherwise.
func suggest(s string, candidates []string) string {
	sorted := append([]string{}, candidates...)
	sort.Strings(sorted)
	best, bestD := "", 3
	for _, c := range sorted {
		if d := editDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
