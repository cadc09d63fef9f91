package live

// The message line: the one line at the top of the stage that names a
// bad deep-link parameter, a refused command, the end of a lesson, or
// the cue the presenter holds on. It has one owner, the session's
// messageLine, and every feature writes through its API, never through
// view.Chrome.Message (which the session fills from it for the view):
//
//	Say(text)      show text, replacing whatever was shown
//	Cue(text)      show text as the presenter's cue (a beat, not a
//	               warning: the view draws it in the calm accent)
//	Fail(err)      show err's one line
//	Clear()        empty the line (close, a successful move)
//	Withdraw(text) empty it only if it still shows text: a feature taking
//	               back its own words without erasing a newer message
//	Text()         what the line shows now ("" for nothing)
//	IsCue()        whether it shows a cue (the fact, not read from the text)
type messageLine struct {
	text string
	cue  bool
}

func (m *messageLine) Say(text string) { m.text, m.cue = text, false }
func (m *messageLine) Cue(text string) { m.text, m.cue = text, true }
func (m *messageLine) Fail(err error)  { m.Say(err.Error()) }
func (m *messageLine) Clear()          { m.Say("") }
func (m *messageLine) Text() string    { return m.text }
func (m *messageLine) IsCue() bool     { return m.cue && m.text != "" }
func (m *messageLine) Withdraw(t string) {
	if m.text == t {
		m.Clear()
	}
}
