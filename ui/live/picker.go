package live

// The lesson picker in words, for the page's accessibility layer
// (web/a11y.js): while the picker is open, state() lists its rows, and
// the layer shows them as buttons that send "pickLesson N", the same
// command a click on the stage's row sends.
//
//	"picker": {"at": 0, "rows": [{"id": "revisions", "title": "..."}, ...]}

// PickerJSON is the open picker: its rows in order and the row the
// keyboard's arrows are on.
type PickerJSON struct {
	At   int         `json:"at"`
	Rows []PickerRow `json:"rows"`
}

// PickerRow is one lesson of the picker (or the page's free play).
type PickerRow struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Progress string `json:"progress,omitempty"` // progress.go: "not started", "step 3 of 6", "finished · 1 of 2 right"
}

// pickerWords is the picker's part of State, a feature beside the
// session (features.go).
type pickerWords struct{ s *Session }

func (pw pickerWords) fillState(st *State) {
	if p := pw.json(); p != nil {
		st.Picker = p
	}
}

// json is the picker's rows, or nil when it is closed.
func (pw pickerWords) json() *PickerJSON {
	s := pw.s
	if !s.chrome.Picker || len(s.picker) == 0 {
		return nil
	}
	return &PickerJSON{At: s.chrome.PickerAt, Rows: s.picker}
}
