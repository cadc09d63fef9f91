package keys

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The command registry: every verb the stage runs (the first word of a
// command sent by a key, a button, the page's send() or the console line)
// and who runs it. A command goes down four tables in turn, and the first
// that takes it runs it:
//
//	OwnerGame     ui/game.go's gameVerbs: the window and the keyboard (theme, console)
//	OwnerPage     ui/page's verbs: the browser's panels (share, open, export)
//	OwnerStage    ui/live/commands.go's stageVerbs: the clock, the overlays, why?
//	OwnerFeature  a feature's verbs() beside the session (ui/live/features.go)
//	OwnerOverlay  an overlay's verb, which toggles it (the stage runs it)
//
// An overlay's line is its line in ui/view's Overlays, which package keys
// cannot import: Registry adds them, given view.OverlayVerbs(), as the
// tests do (ui/keys_test.go, ui/live/features_test.go).
//
// A verb two tables run is a collision unless it is registered with both
// owners: then the first may pass it on ("close" closes the console in
// the game, a panel in the page, the overlays on the stage). The tests
// beside each table (ui/keys_test.go for the game's and the page's,
// ui/live/features_test.go for the stage's and the features') compare the
// table with this registry, so a verb added to a table without a line
// here, or a second owner nobody declared, fails.
//
// Toolbar is web/a11y.js's toolbar, generated from here (go test
// ./ui/keys -update) like web/keys.js is from Table.

// Owner is a table that runs commands; a Verb's Owners is a set of them.
type Owner uint8

// The owners, in the order a command is offered to them.
const (
	OwnerGame Owner = 1 << iota
	OwnerPage
	OwnerStage
	OwnerFeature
	OwnerOverlay
)

// Verb is one verb of the registry.
type Verb struct {
	Name   string
	Owners Owner
	Where  string // the file that runs it (a feature's, for OwnerFeature)
}

// Verbs is the registry, by owner and then by name.
var Verbs = []Verb{
	{"theme", OwnerGame, "ui/game.go"},
	{"fullscreen", OwnerGame, "ui/game.go"},
	{"console", OwnerGame, "ui/game.go"},
	{"digit", OwnerGame, "ui/game.go"},
	{"close", OwnerGame | OwnerPage | OwnerStage, "ui/game.go, ui/page/panel.go, ui/live/commands.go"},

	{"export", OwnerPage, "ui/page/export.go"},
	{"open", OwnerPage, "ui/page/author.go"},
	{"share", OwnerPage, "ui/page/share.go"},

	{"blank", OwnerStage, "ui/live/commands.go"},
	{"faster", OwnerStage, "ui/live/commands.go"},
	{"motion", OwnerStage, "ui/live/commands.go"},
	{"pause", OwnerStage, "ui/live/commands.go"},
	{"play", OwnerStage, "ui/live/commands.go"},
	{"sandbox", OwnerStage, "ui/live/commands.go"},
	{"seek", OwnerStage, "ui/live/commands.go"},
	{"skip", OwnerStage, "ui/live/commands.go"},
	{"home", OwnerStage, "ui/live/commands.go"},
	{"slower", OwnerStage, "ui/live/commands.go"},
	{"space", OwnerStage, "ui/live/commands.go"},
	{"speed", OwnerStage, "ui/live/commands.go"},
	{"start", OwnerStage, "ui/live/commands.go"},
	{"tick", OwnerStage, "ui/live/commands.go"},
	{"toggle", OwnerStage, "ui/live/commands.go"},
	{"why", OwnerStage, "ui/live/commands.go"},
	{"whyrev", OwnerStage, "ui/live/commands.go"},

	{"back", OwnerFeature, "ui/live/lesson_runner.go"},
	{"goto", OwnerFeature, "ui/live/lesson_runner.go"},
	{"lesson", OwnerFeature, "ui/live/lesson_runner.go"},
	{"next", OwnerFeature, "ui/live/lesson_runner.go"},
	{"pick", OwnerFeature, "ui/live/lesson_runner.go"},
	{"cue", OwnerFeature, "ui/live/present.go"},
	{"present", OwnerFeature, "ui/live/present.go"},
	{"down", OwnerFeature, "ui/live/picker.go"},
	{"enter", OwnerFeature, "ui/live/picker.go"},
	{"pickLesson", OwnerFeature, "ui/live/picker.go"},
	{"picker", OwnerFeature, "ui/live/picker.go"},
	{"up", OwnerFeature, "ui/live/picker.go"},
	{"progress", OwnerFeature, "ui/live/progress.go"},
	{"resume", OwnerFeature, "ui/live/progress.go"},
	{"recording", OwnerFeature, "ui/live/cluster.go"},
	{"recordingAt", OwnerFeature, "ui/live/cluster.go"},
	{"recordingAway", OwnerFeature, "ui/live/cluster.go"},
	{"recordingReplay", OwnerFeature, "ui/live/cluster.go"},
}

// Registry is the whole registry: Verbs and a line for each overlay verb
// (view.OverlayVerbs()).
func Registry(overlays []string) []Verb {
	out := slices.Clip(Verbs)
	for _, o := range overlays {
		out = append(out, Verb{o, OwnerOverlay, "ui/view/overlay.go"})
	}
	return out
}

// VerbsOf is the registry's verbs owner runs, by name (overlays:
// view.OverlayVerbs(), see Registry).
func VerbsOf(owner Owner, overlays []string) map[string]bool {
	out := map[string]bool{}
	for _, v := range Registry(overlays) {
		if v.Owners&owner != 0 {
			out[v.Name] = true
		}
	}
	return out
}

// CheckVerbs compares the verbs a table runs (got, named table in the
// messages: "the game's") with the registry's for owner: one line per
// verb the registry lacks or the table lacks. The tests beside each table
// call it, with view.OverlayVerbs().
func CheckVerbs(table string, got map[string]bool, owner Owner, overlays []string) []string {
	registry := VerbsOf(owner, overlays)
	var out []string
	for _, v := range slices.Sorted(maps.Keys(got)) {
		if !registry[v] {
			out = append(out, table+" verb "+strconv.Quote(v)+" is not in the registry for that owner (ui/keys/verbs.go): add it, or its owner if another table runs it too")
		}
	}
	for _, v := range slices.Sorted(maps.Keys(registry)) {
		if !got[v] {
			out = append(out, "the registry says "+table+" table runs "+strconv.Quote(v)+", and it does not")
		}
	}
	return out
}

// Button is one button of web/a11y.js's toolbar: the stage keys'
// commands for a screen reader or a pointer, in the order a lesson uses
// them. Each shows the first key bound to its command (web/keys.js).
type Button struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Name  string `json:"name"` // its accessible name
	Cmd   string `json:"cmd"`
}

// Toolbar is a11y.js's toolbar.
var Toolbar = []Button{
	{"back", "Back", "Previous step", "back"},
	{"next", "Next", "Next step", "next"},
	{"play", "Pause", "Pause the clock", "toggle"},
	{"lessons", "Lessons", "Open the lesson picker", "picker"},
	{"why", "Why?", "Explain the newest marked event", "why"},
	{"legend-open", "Legend", "What each glyph, colour and marker means", "legend"},
	{"help", "Help", "Show the keys", "help"},
	{"theme", "Theme", "Switch the projector theme", "theme toggle"},
	{"motion", "Motion", "Toggle reduced motion", "motion"},
	{"console", "Console", "Open the stage console", "console"},
}

// Markers around the toolbar in web/a11y.js.
const (
	ToolbarBegin = "// toolbar: generated from ui/keys/verbs.go by go test ./ui/keys -update"
	ToolbarEnd   = "// toolbar: end"
)

// ToolbarScript is the JavaScript between the markers: the BUTTONS list.
func ToolbarScript() string {
	var w strings.Builder
	w.WriteString("  const BUTTONS = [\n")
	for _, b := range Toolbar {
		line, _ := json.Marshal(b)
		w.WriteString("    " + string(line) + ",\n")
	}
	w.WriteString("  ];\n  ")
	return w.String()
}
