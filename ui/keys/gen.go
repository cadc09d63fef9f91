package keys

import (
	"encoding/json"
	"strings"
)

// jsBinding is a Binding as web/keys.js carries it.
type jsBinding struct {
	Code   string   `json:"code"`
	Char   string   `json:"char,omitempty"`
	Label  string   `json:"label,omitempty"`
	Cmd    string   `json:"cmd,omitempty"`
	Scopes []string `json:"scopes"`
	By     string   `json:"by"`
}

func (s Scope) names() []string {
	var out []string
	if s&Stage != 0 {
		out = append(out, "stage")
	}
	if s&Notes != 0 {
		out = append(out, "notes")
	}
	return out
}

func (b By) String() string {
	return [...]string{Go: "go", JS: "js", Browser: "browser"}[b]
}

// Script is web/keys.js: the table for the page's JavaScript and the notes
// window, which load it before their own scripts.
func Script() []byte {
	var table, hints strings.Builder
	table.WriteString("[\n")
	for _, b := range Table {
		line, _ := json.Marshal(jsBinding{b.Code, b.Char, b.Label, b.Cmd, b.Scope.names(), b.By.String()})
		table.WriteString("    " + string(line) + ",\n")
	}
	table.WriteString("  ]")
	hints.WriteString("{\n")
	for _, sc := range []Scope{Stage, Notes} {
		hints.WriteString("    " + sc.names()[0] + ": [\n")
		for _, h := range Hints(sc) {
			line, _ := json.Marshal(h)
			hints.WriteString("      " + string(line) + ",\n")
		}
		hints.WriteString("    ],\n")
	}
	hints.WriteString("  }")
	var w strings.Builder
	w.WriteString(`// WatchScope's key bindings, generated from the table in ui/keys/keys.go
// by "go test ./ui/keys -update": edit the table there, not this file.
//
//   watchscopeKeys.command(e, scope)  the command a keydown is bound to in
//                                     scope ("stage": the page, "notes": the
//                                     speaker notes window), or ""
//   watchscopeKeys.binding(e, scope)  the whole binding, or null
//   watchscopeKeys.hints[scope]       [{keys, cmd, help}], as the help lists them
"use strict";

window.watchscopeKeys = (() => {
  const table = `)
	w.WriteString(table.String())
	w.WriteString(`;
  const hints = `)
	w.WriteString(hints.String())
	w.WriteString(`;
  // A binding with a char matches the typed character ("?" on any
  // layout); the others match the key's code.
  function binding(e, scope) {
    const here = table.filter((b) => b.scopes.includes(scope));
    return here.find((b) => b.char && b.char === e.key) || here.find((b) => !b.char && b.code === e.code) || null;
  }
  function command(e, scope) {
    const b = binding(e, scope);
    return b && b.cmd ? b.cmd : "";
  }
  return { table, hints, binding, command };
})();
`)
	return []byte(w.String())
}

// README markers around the generated key table.
const (
	ReadmeBegin = "<!-- keys: generated from ui/keys/keys.go by go test ./ui/keys -update -->"
	ReadmeEnd   = "<!-- /keys -->"
)

// ReadmeTable is the README's key table: the stage's hints, then the
// notes window's own.
func ReadmeTable() string {
	var w strings.Builder
	w.WriteString("| key | on the stage |\n|---|---|\n")
	for _, h := range Hints(Stage) {
		w.WriteString("| " + mdKeys(h.Keys) + " | " + h.Help + " |\n")
	}
	w.WriteString("\n| key | in the speaker notes window |\n|---|---|\n")
	for _, h := range Hints(Notes) {
		w.WriteString("| " + mdKeys(h.Keys) + " | " + h.Help + " |\n")
	}
	return w.String()
}

// mdKeys writes → and PageDown as "`→` `PageDown`" (the backquote key in
// double backquotes, as Markdown needs).
func mdKeys(labels []string) string {
	var out []string
	for _, l := range labels {
		if l == "`" {
			out = append(out, "`` ` ``")
			continue
		}
		out = append(out, "`"+l+"`")
	}
	return strings.Join(out, " ")
}
