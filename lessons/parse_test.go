package lessons

import (
	"errors"
	"strings"
	"testing"
)

// header is a valid header; tests append a body to it. Its lines are 1-9,
// so the body starts on line 10.
const header = `---
id: t
title: T
minutes: 3
kubernetes: 1.36
etcd: 3.6
metrics: etcd_debugging_mvcc_current_revision
flags: --max-txn-ops=64
---
`

// step is a valid one-step body (lines 10-20 after header).
const step = "## S\n" + // 10
	"Writes move the revision.\n" + // 11
	"```do\n" + // 12
	"put a 1\n" + // 13
	"```\n" + // 14
	"```check\n" + // 15
	"# one write\n" + // 16
	"metric etcd_debugging_mvcc_current_revision == 2\n" + // 17
	"let r = metric etcd_debugging_mvcc_current_revision\n" + // 18
	"```\n" // 19

func TestParseValid(t *testing.T) {
	l, err := Parse("t.md", []byte(header+step+`## Second
Reads see the past.
`+"```highlight\netcd.tape, etcd.key:/a\n```\n```ask\nWhich?\n- [ ] one\n- [x] two\nwhy: because\nreveal: r\n```\n```cue\npause here\n```\n```notes\nsay it slowly\n```\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l.ID != "t" || l.Minutes != 3 || len(l.Steps) != 2 || l.Seed != 1 {
		t.Fatalf("header: %+v", l)
	}
	s := l.Steps[0]
	if s.Title != "S" || s.Narration != "Writes move the revision." || len(s.Actions) != 1 || len(s.Checks) != 2 {
		t.Fatalf("step 0: %+v", s)
	}
	if s.Checks[0].Claim != "one write" || s.Checks[0].Line != 17 || s.Checks[1].Claim != "one write" {
		t.Fatalf("claims: %+v", s.Checks)
	}
	s = l.Steps[1]
	if len(s.Highlights) != 2 || s.Highlights[1].String() != "etcd.key:/a" || s.Cue != "pause here" || s.Notes != "say it slowly" {
		t.Fatalf("step 1: %+v", s)
	}
	if a := s.Ask; a == nil || a.Question != "Which?" || a.Right != 1 || a.Why != "because" || a.Reveal == nil {
		t.Fatalf("ask: %+v", s.Ask)
	}
	if cfg := l.WorldConfig(7); cfg.Seed != 7 || cfg.Etcd.MaxTxnOps != 64 {
		t.Fatalf("world config: %+v", cfg)
	}
}

// TestParseErrors has one case per kind of mistake: the file, and the
// exact "file:line: message" lines the parser must report.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"no header", "## S\n", []string{"x.md:1: a lesson starts with a header between two --- lines (id, title, minutes, kubernetes, etcd)"}},
		{"unclosed header", "---\nid: t\n", []string{"x.md:1: the header's closing --- line is missing"}},
		{"unknown header field", strings.Replace(header, "minutes: 3", "minuets: 3", 1) + step,
			[]string{`x.md:4: unknown header field "minuets" (did you mean "minutes"?)`, `x.md:1: header has no "minutes" field`}},
		{"header not key value", strings.Replace(header, "etcd: 3.6", "etcd: 3.6\njust words", 1) + step,
			[]string{`x.md:7: header line "just words" is not "key: value"`}},
		{"duplicate header", strings.Replace(header, "etcd: 3.6", "etcd: 3.6\netcd: 3.5", 1) + step,
			[]string{`x.md:7: header field "etcd" given twice (first on line 6)`}},
		{"bad id", strings.Replace(header, "id: t", "id: Bad_ID", 1) + step,
			[]string{`x.md:2: id "Bad_ID": use lower-case letters, digits and dashes, starting with a letter`}},
		{"bad minutes", strings.Replace(header, "minutes: 3", "minutes: three", 1) + step,
			[]string{`x.md:4: minutes "three": want a whole number from 1 to 120`}},
		{"bad version", strings.Replace(header, "kubernetes: 1.36", "kubernetes: latest", 1) + step,
			[]string{`x.md:5: kubernetes version "latest": want a version such as 1.36 or 3.6.14`}},
		{"unknown flag", strings.Replace(header, "--max-txn-ops=64", "--max-txn-op=64", 1) + step,
			[]string{`x.md:8: unknown flag "--max-txn-op" (did you mean "--max-txn-ops"?)`}},
		{"bad flag value", strings.Replace(header, "--max-txn-ops=64", "--max-txn-ops=many", 1) + step,
			[]string{`x.md:8: flag --max-txn-ops=many: want a positive whole number`}},
		{"flag only mentioned", strings.Replace(header, "--max-txn-ops=64", "--min-request-timeout=30m", 1) + step,
			[]string{`x.md:8: flag --min-request-timeout can only be mentioned (no =value) until the layer that reads it exists`}},
		{"bad metric name", strings.Replace(header, "metrics: etcd_debugging_mvcc_current_revision", "metrics: etcd_debugging_mvcc_current_revision, x{a=\"b\"}", 1) + step,
			[]string{`x.md:7: metric "x{a=\"b\"}" is not a Prometheus metric name (no labels here)`}},
		{"no steps", header + "Just an intro.\n", []string{"x.md:1: a lesson needs at least one step (a ## heading)"}},
		{"unknown block", header + strings.Replace(step, "```check", "```chek", 1),
			[]string{`x.md:15: unknown block "chek" (did you mean "check"?)`, `x.md:10: step "S" acts on the world but has no check block: prove what the narration says`}},
		{"unnamed block", header + step + "```\nx\n```\n", []string{"x.md:20: a block needs a kind after ```: one of highlight, do, check, ask, notes, cue, scene, motion"}},
		{"unknown figure", header + step + "```highlight\nfigure:rv-axes\n```\n",
			[]string{`x.md:21: unknown figure "rv-axes" (did you mean "rv-axis"?): one of rv-axis, pages, pipeline, fan-out, file, time`}},
		{"two figures", header + step + "```highlight\nfigure:pages, figure:time\n```\n",
			[]string{`x.md:21: highlight figure:time: this step already points at figure:pages (one figure a step)`}},
		{"unclosed block", header + step + "```notes\nforever\n", []string{`x.md:20: block "notes" is never closed (a line with only ` + "```" + ` ends it)`}},
		{"block before step", header + "```do\nput a 1\n```\n" + step, []string{`x.md:10: block "do" before the first step: start a step with ## first`}},
		{"duplicate block", header + step + "```do\nput b 1\n```\n", []string{`x.md:20: second "do" block in this step (first on line 12): merge them`}},
		{"h1 mismatch", header + "# Other\n" + step, []string{`x.md:10: # is only for the lesson title ("T"); start steps with ##`}},
		{"h3", header + step + "### deep\n", []string{"x.md:20: only ## headings are allowed (they start steps); write plain text instead"}},
		{"empty step title", header + "##\ntext\n", []string{"x.md:10: a step heading needs a title: ## What happens", "x.md:1: a lesson needs at least one step (a ## heading)"}},
		{"no narration", header + strings.Replace(step, "Writes move the revision.\n", "", 1), []string{`x.md:10: step "S" has no narration`}},
		{"long narration", header + strings.Replace(step, "Writes move the revision.", strings.Repeat("word ", 130), 1),
			[]string{`x.md:10: step "S": narration is 649 characters; keep it under 600 (move detail to notes)`}},
		{"unknown command", header + strings.Replace(step, "put a 1", "etcdclt put a 1", 1), []string{`x.md:13: unknown console command "etcdclt" (did you mean "etcdctl"?)`}},
		{"unknown highlight", header + step + "```highlight\netcd.tap\n```\n", []string{`x.md:21: unknown highlight "etcd.tap" (did you mean "etcd.tape"?)`}},
		{"highlight needs param", header + step + "```highlight\netcd.key\n```\n", []string{`x.md:21: highlight "etcd.key" needs a key: etcd.key:<key>`}},
		{"highlight takes no param", header + step + "```highlight\netcd.tape:3\n```\n", []string{`x.md:21: highlight "etcd.tape" takes no parameter`}},
		{"cue lines", header + step + "```cue\na\nb\n```\n", []string{"x.md:20: a cue block holds exactly one line: the cue's label"}},
		{"ask no right", header + step + "```ask\nQ?\n- [ ] a\n- [ ] b\nwhy: w\n```\n", []string{"x.md:20: mark the right choice with - [x]"}},
		{"ask two right", header + step + "```ask\nQ?\n- [x] a\n- [x] b\nwhy: w\n```\n", []string{"x.md:23: a question has one right choice; the first is on line 22"}},
		{"ask one choice", header + step + "```ask\nQ?\n- [x] a\nwhy: w\n```\n", []string{"x.md:20: a question needs at least two choices"}},
		{"ask no why", header + step + "```ask\nQ?\n- [x] a\n- [ ] b\n```\n", []string{"x.md:20: a question needs why: (the explanation shown with the answer)"}},
		{"ask no question", header + step + "```ask\n- [x] a\n- [ ] b\nwhy: w\n```\n", []string{"x.md:20: a question block starts with the question"}},
		{"ask bad choice", header + step + "```ask\nQ?\n- [x] a\n- b\nwhy: w\n```\n", []string{`x.md:23: a choice is written "- [ ] text" or, for the right one, "- [x] text"`, "x.md:20: a question needs at least two choices"}},
		{"ask stray line", header + step + "```ask\nQ?\n- [x] a\n- [ ] b\nreveal: 1\nstray\nwhy: w\n```\n", []string{`x.md:25: unexpected line in a question after its choices: "stray" (want why: or reveal:)`}},
		{"ask bad reveal", header + step + "```ask\nQ?\n- [x] a\n- [ ] b\nwhy: w\nreveal: 1 2\n```\n", []string{`x.md:25: reveal: unexpected "2" after a complete value`}},
		{"placeholder unknown", header + step + "## T\nn\n```do\nget a --rev {rr}\n```\n```check\noutput contains \"a\"\n```\n",
			[]string{`x.md:23: {rr}: no earlier step captures "rr" (let rr = ... in a check block) (did you mean "r"?)`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(tc.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("want a *ParseError, got %v", err)
			}
			got := strings.Split(pe.Error(), "\n")
			if strings.Join(got, "\n") != strings.Join(sortedWant(tc.want), "\n") {
				t.Fatalf("got:\n%s\nwant:\n%s", pe.Error(), strings.Join(sortedWant(tc.want), "\n"))
			}
		})
	}
}

// sortedWant orders expected problems by line, as the parser reports them.
func sortedWant(want []string) []string {
	ps := make([]Problem, len(want))
	for i, w := range want {
		var p Problem
		rest := strings.TrimPrefix(w, "x.md:")
		n := 0
		for rest[0] >= '0' && rest[0] <= '9' {
			n = n*10 + int(rest[0]-'0')
			rest = rest[1:]
		}
		p.File, p.Line, p.Msg = "x.md", n, strings.TrimPrefix(rest, ": ")
		ps[i] = p
	}
	sortProblems(ps)
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}
