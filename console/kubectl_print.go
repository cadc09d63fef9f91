package console

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	am "watchscope/apimachinery"
)

// printObjects renders objects in kubectl's output formats: the default
// table, wide, json, yaml and name. The simulation does not model pod
// status, so the table shows the columns it can fill truthfully (NAME,
// AGE, and NODE in wide output for pods) rather than invented ones.
func printObjects(format string, objs []*am.Object, allNS, header bool, now time.Duration, listRV string) string {
	switch format {
	case "json":
		return mustJSONIndent(listJSON(objs, listRV, len(objs) == 1 && !header))
	case "yaml":
		return toYAML(listJSON(objs, listRV, len(objs) == 1 && !header))
	case "name":
		var b strings.Builder
		for _, o := range objs {
			fmt.Fprintf(&b, "%s/%s\n", strings.ToLower(o.Kind), o.Name)
		}
		return b.String()
	}
	return printTable(objs, allNS, header, format == "wide", false, now)
}

// printTable is kubectl's table; labels adds --show-labels' LABELS column.
func printTable(objs []*am.Object, allNS, header, wide, labels bool, now time.Duration) string {
	var b strings.Builder
	// kubectl's printers.GetNewTabWriter: min width 6, tab width 4,
	// padding 3. Each watch event is flushed on its own, so its row is
	// aligned with itself only, as on a real terminal.
	tw := tabwriter.NewWriter(&b, 6, 4, 3, ' ', 0)
	kind := ""
	if len(objs) > 0 {
		kind = objs[0].Kind
	}
	if header {
		cols := append([]string{"NAME"}, tableColumns(kind, wide, labels)...)
		if allNS {
			cols = append([]string{"NAMESPACE"}, cols...)
		}
		fmt.Fprintln(tw, strings.Join(cols, "\t"))
	}
	for _, o := range objs {
		cols := append([]string{o.Name}, tableCells(o, wide, labels, now)...)
		if allNS {
			cols = append([]string{o.Namespace}, cols...)
		}
		fmt.Fprintln(tw, strings.Join(cols, "\t"))
	}
	tw.Flush()
	return b.String()
}

// tablePrinter prints table rows as kubectl's watch does: one printer for
// the whole watch whose column widths only grow (a cell is as wide as its
// text plus 3, at least 6, as tabwriter pads), the last column unpadded.
type tablePrinter struct {
	kind               string
	all, event, labels bool
	widths             []int
}

// eventColumnWidth fits the longest event type kubectl prints (MODIFIED,
// BOOKMARK) with its padding: kubectl 1.36 printed "ADDED      a".
const eventColumnWidth = 11

// newTablePrinter starts the widths from the rows already shown and the
// header when it is shown: with --no-headers a column is as wide as its
// cells alone (kubectl 1.36 printed "a     0     AGE" under
// `get cm -w --no-headers`, "a      0      AGE" under the header).
func newTablePrinter(kind string, objs []*am.Object, all, event, wide, labels, header bool) *tablePrinter {
	tp := &tablePrinter{kind: kind, all: all, event: event, labels: labels}
	tp.rows(objs, "ADDED", header, wide, 0)
	return tp
}

func (tp *tablePrinter) header(wide bool) []string {
	cols := append([]string{"NAME"}, tableColumns(tp.kind, wide, tp.labels)...)
	if tp.all {
		cols = append([]string{"NAMESPACE"}, cols...)
	}
	if tp.event {
		cols = append([]string{"EVENT"}, cols...)
	}
	return cols
}

// rows prints objs (with the header first when asked), each row prefixed
// with event when the printer shows events.
func (tp *tablePrinter) rows(objs []*am.Object, event string, withHeader, wide bool, now time.Duration) string {
	if tp.kind == "" && len(objs) > 0 {
		tp.kind = objs[0].Kind
	}
	var lines [][]string
	if withHeader {
		lines = append(lines, tp.header(wide))
	}
	if tp.widths == nil {
		tp.widths = make([]int, len(tp.header(wide)))
		for i, h := range tp.header(wide) {
			tp.widths[i] = 6 // tabwriter's minimum width
			if withHeader {
				tp.widths[i] = max(len(h)+3, 6)
			}
		}
		if tp.event {
			tp.widths[0] = eventColumnWidth
		}
	}
	for _, o := range objs {
		cells := append([]string{o.Name}, tableCells(o, wide, tp.labels, now)...)
		if tp.all {
			cells = append([]string{o.Namespace}, cells...)
		}
		if tp.event {
			cells = append([]string{event}, cells...)
		}
		lines = append(lines, cells)
	}
	for _, l := range lines { // a flushed block is aligned as a whole
		for i, c := range l[:len(l)-1] {
			tp.widths[i] = max(tp.widths[i], len(c)+3)
		}
	}
	var b strings.Builder
	for _, l := range lines {
		for i, c := range l[:len(l)-1] {
			b.WriteString(c + strings.Repeat(" ", tp.widths[i]-len(c)))
		}
		b.WriteString(l[len(l)-1] + "\n")
	}
	return b.String()
}

// tableColumns are kindColumns and, for --show-labels, LABELS last.
func tableColumns(kind string, wide, labels bool) []string {
	if labels {
		return append(kindColumns(kind, wide), "LABELS")
	}
	return kindColumns(kind, wide)
}

// tableCells are a row's cells after NAME, as tableColumns names them.
func tableCells(o *am.Object, wide, labels bool, now time.Duration) []string {
	if labels {
		return append(kindCells(o, wide, now), labelsCell(o.Labels))
	}
	return kindCells(o, wide, now)
}

// kindColumns are the columns kubectl's table for a kind shows after
// NAME. A pod's status is not simulated: every pod reads as a real one
// does while no kubelet has reported on it (0/1, Pending, 0 restarts, no IP).
func kindColumns(kind string, wide bool) []string {
	switch kind {
	case "ConfigMap":
		return []string{"DATA", "AGE"}
	case "Secret":
		return []string{"TYPE", "DATA", "AGE"}
	case "Namespace":
		return []string{"STATUS", "AGE"}
	case "Pod":
		if wide {
			return []string{"READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"}
		}
		return []string{"READY", "STATUS", "RESTARTS", "AGE"}
	}
	return []string{"AGE"}
}

func kindCells(o *am.Object, wide bool, now time.Duration) []string {
	age := humanDuration(now - o.CreationTimestamp)
	switch o.Kind {
	case "ConfigMap":
		return []string{fmt.Sprint(len(o.Data)), age}
	case "Secret":
		return []string{"Opaque", fmt.Sprint(len(o.Data)), age}
	case "Namespace":
		return []string{"Active", age}
	case "Pod":
		if wide {
			return []string{"0/1", "Pending", "0", age, "<none>", orNone(o.Spec.NodeName), "<none>", "<none>"}
		}
		return []string{"0/1", "Pending", "0", age}
	}
	return []string{age}
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

// listJSON is what kubectl -o json prints: a single object as itself, or
// several wrapped in a v1 List.
func listJSON(objs []*am.Object, listRV string, single bool) any {
	if single {
		return objs[0]
	}
	items := make([]*am.Object, len(objs))
	copy(items, objs)
	return struct {
		APIVersion string       `json:"apiVersion"`
		Items      []*am.Object `json:"items"`
		Kind       string       `json:"kind"`
		Metadata   struct {
			ResourceVersion string `json:"resourceVersion"`
		} `json:"metadata"`
	}{APIVersion: "v1", Items: items, Kind: "List"}
}

// mustJSONIndent is kubectl's JSON printer: the object goes through an
// unstructured map, so every level's keys come out sorted, indented by four.
func mustJSONIndent(v any) string {
	generic, err := unstructured(v)
	if err != nil {
		return err.Error() + "\n"
	}
	b, err := json.MarshalIndent(generic, "", "    ")
	if err != nil {
		return err.Error() + "\n"
	}
	return string(b) + "\n"
}

// unstructured is v as kubectl's printers see it: JSON decoded into maps
// and slices.
func unstructured(v any) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var generic any
	err = json.Unmarshal(raw, &generic)
	return generic, err
}

// toYAML renders a JSON-able value as kubectl's YAML: keys sorted (it goes
// through a map, as sigs.k8s.io/yaml does), two-space indentation, block
// sequences indented under their key.
func toYAML(v any) string {
	generic, err := unstructured(v)
	if err != nil {
		return err.Error() + "\n"
	}
	var b strings.Builder
	writeYAML(&b, generic, 0, false)
	return b.String()
}

func writeYAML(b *strings.Builder, v any, indent int, inList bool) {
	pad := strings.Repeat("  ", indent)
	switch t := v.(type) {
	case map[string]any:
		for i, k := range slices.Sorted(maps.Keys(t)) {
			p := pad
			if inList && i == 0 {
				p = ""
			}
			writeYAMLEntry(b, p, k, t[k], indent)
		}
		if len(t) == 0 {
			b.WriteString("{}\n")
		}
	default:
		b.WriteString(yamlScalar(v) + "\n")
	}
}

func writeYAMLEntry(b *strings.Builder, pad, k string, v any, indent int) {
	k = yamlScalar(k) // a key is quoted as a value would be
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			fmt.Fprintf(b, "%s%s: {}\n", pad, k)
			return
		}
		fmt.Fprintf(b, "%s%s:\n", pad, k)
		writeYAML(b, t, indent+1, false)
	case []any:
		if len(t) == 0 {
			fmt.Fprintf(b, "%s%s: []\n", pad, k)
			return
		}
		fmt.Fprintf(b, "%s%s:\n", pad, k)
		for _, e := range t {
			fmt.Fprintf(b, "%s- ", strings.Repeat("  ", indent))
			writeYAML(b, e, indent+1, true)
		}
	case string:
		if block, ok := yamlLiteral(t, indent+1); ok {
			fmt.Fprintf(b, "%s%s: %s", pad, k, block)
			return
		}
		fmt.Fprintf(b, "%s%s: %s\n", pad, k, yamlScalar(v))
	default:
		fmt.Fprintf(b, "%s%s: %s\n", pad, k, yamlScalar(v))
	}
}

// yamlLiteral writes a string of several lines as go-yaml v2 (under
// sigs.k8s.io/yaml) does: a literal block, "|" when it ends with one line
// break, "|-" with none, "|+" with more, its lines indented one level.
// Strings a literal block cannot carry (blanks at a line's end or its
// start, tabs and other control characters) are left to yamlScalar.
func yamlLiteral(s string, indent int) (string, bool) {
	if !strings.Contains(s, "\n") || strings.HasPrefix(s, " ") || strings.HasPrefix(s, "\n") ||
		strings.Contains(s, " \n") || strings.HasSuffix(s, " ") {
		return "", false
	}
	for _, r := range s {
		if r < 0x20 && r != '\n' || r == 0x7f {
			return "", false
		}
	}
	chomp := ""
	switch {
	case !strings.HasSuffix(s, "\n"):
		chomp = "-"
	case strings.HasSuffix(s, "\n\n"):
		chomp = "+"
	}
	var b strings.Builder
	b.WriteString("|" + chomp + "\n")
	pad := strings.Repeat("  ", indent)
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if l != "" {
			b.WriteString(pad + l)
		}
		b.WriteString("\n")
	}
	return b.String(), true
}

// yamlScalar quotes strings that YAML would otherwise read as another
// type (numbers, booleans, empty, timestamps with colons), as kubectl does.
func yamlScalar(v any) string {
	switch t := v.(type) {
	case string:
		if t == "" || strings.ContainsAny(t, ":#{}[],&*!|>'\"%@`") || looksLikeNonString(t) {
			b, _ := json.Marshal(t)
			return string(b)
		}
		return t
	case nil:
		return "null"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// looksLikeNonString: a plain scalar YAML 1.1 reads as something else
// (resolvePlain), or one that cannot be plain (an indicator first, blanks
// around it).
func looksLikeNonString(s string) bool {
	if _, str := resolvePlain(s).(string); !str {
		return true
	}
	return s != strings.TrimSpace(s) || s == "-" || s == "?" || strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "? ")
}

// humanDuration is kubectl's age column (apimachinery duration.HumanDuration).
func humanDuration(d time.Duration) string {
	s := int64(d / time.Second)
	switch {
	case s < -1:
		return "<invalid>"
	case s < 0:
		return "0s"
	case s < 60*2:
		return fmt.Sprintf("%ds", s)
	}
	m := int64(d / time.Minute)
	switch {
	case m < 10:
		if sec := s % 60; sec != 0 {
			return fmt.Sprintf("%dm%ds", m, sec)
		}
		return fmt.Sprintf("%dm", m)
	case m < 60*3:
		return fmt.Sprintf("%dm", m)
	}
	h := int64(d / time.Hour)
	switch {
	case h < 8:
		if mm := m % 60; mm != 0 {
			return fmt.Sprintf("%dh%dm", h, mm)
		}
		return fmt.Sprintf("%dh", h)
	case h < 48:
		return fmt.Sprintf("%dh", h)
	case h < 24*8:
		if hh := h % 24; hh != 0 {
			return fmt.Sprintf("%dd%dh", h/24, hh)
		}
		return fmt.Sprintf("%dd", h/24)
	case h < 24*365*2:
		return fmt.Sprintf("%dd", h/24)
	}
	return fmt.Sprintf("%dy", h/24/365)
}
