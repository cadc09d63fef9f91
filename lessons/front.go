package lessons

import (
	"regexp"
	"strconv"
	"strings"
)

// headerFields are the keys a lesson header may have, in the order the
// authoring guide lists them.
var headerFields = []string{"id", "title", "minutes", "kubernetes", "etcd", "seed", "world", "flags", "metrics", "pace", "mastery"}

var (
	idRE      = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	versionRE = regexp.MustCompile(`^[0-9]+\.[0-9]+(\.[0-9]+)?$`)
)

// parseHeader reads the key: value lines between the two --- lines.
// lines are the header's lines, first is the line number of lines[0].
func parseHeader(l *Lesson, lines []string, first int, ps *problems) {
	seen := map[string]int{}
	for i, raw := range lines {
		n := first + i
		text := strings.TrimSpace(raw)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok {
			ps.add(n, "header line %q is not \"key: value\"", text)
			continue
		}
		if !contains(headerFields, key) {
			ps.add(n, "unknown header field %q%s", key, didYouMean(key, headerFields))
			continue
		}
		if prev, dup := seen[key]; dup {
			ps.add(n, "header field %q given twice (first on line %d)", key, prev)
			continue
		}
		seen[key] = n
		setHeaderField(l, key, value, n, ps)
	}
	for _, key := range []string{"id", "title", "minutes", "kubernetes", "etcd"} {
		if _, ok := seen[key]; !ok {
			ps.add(first-1, "header has no %q field", key)
		}
	}
}

func setHeaderField(l *Lesson, key, value string, n int, ps *problems) {
	switch key {
	case "id":
		if !idRE.MatchString(value) {
			ps.add(n, "id %q: use lower-case letters, digits and dashes, starting with a letter", value)
		}
		l.ID = value
	case "title":
		if value == "" {
			ps.add(n, "title is empty")
		}
		l.Title = value
	case "minutes":
		m, err := strconv.Atoi(value)
		if err != nil || m < 1 || m > 120 {
			ps.add(n, "minutes %q: want a whole number from 1 to 120", value)
		}
		l.Minutes = m
	case "kubernetes", "etcd":
		if !versionRE.MatchString(value) {
			ps.add(n, "%s version %q: want a version such as 1.36 or 3.6.14", key, value)
		}
		if key == "etcd" {
			l.Etcd = value
		} else {
			l.Kubernetes = value
		}
	case "seed":
		s, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			ps.add(n, "seed %q: want a non-negative whole number", value)
		}
		l.Seed = s
	case "world":
		l.World = parseWorld(value, n, ps)
	case "flags":
		l.Flags = parseFlags(value, n, ps)
	case "metrics":
		l.Metrics = parseMetricList(value, n, ps)
	case "pace":
		l.Pace = parsePace(value, n, ps)
	case "mastery":
		m, err := strconv.Atoi(strings.TrimSuffix(value, "%"))
		if err != nil || m < 0 || m > 100 {
			ps.add(n, "mastery %q: want the share of questions to get right, a whole number from 0 to 100", value)
		}
		l.Mastery, l.HasMastery = m, true
	}
}

// parseFlags reads "--a, --b=value" into Flags and checks each against
// the flags the world knows.
func parseFlags(value string, n int, ps *problems) []Flag {
	var flags []Flag
	for _, item := range splitList(value) {
		name, v, has := strings.Cut(item, "=")
		f := Flag{Line: n, Name: name, Value: v, HasValue: has}
		if err := checkFlag(f); err != nil {
			ps.add(n, "%v", err)
			continue
		}
		flags = append(flags, f)
	}
	return flags
}

func parseMetricList(value string, n int, ps *problems) []string {
	var names []string
	for _, m := range splitList(value) {
		if !metricNameRE.MatchString(m) {
			ps.add(n, "metric %q is not a Prometheus metric name (no labels here)", m)
			continue
		}
		names = append(names, m)
	}
	return names
}

// splitList splits a comma-separated header value, dropping empties.
func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}
