package live

// The message line: the one line at the top of the stage that names a
// bad deep-link parameter, a refused command, the end of a lesson, or
// the cue the presenter holds on. It has one owner, the session's
// messageLine, and every feature writes through its API, never through
// view.Chrome.Message (which the session fills from it for the view):
//
//	Say(text)      show text, replacing whatever was shown
//	Fail(err)      show err's one line
//	Clear()        empty the line (close, a successful move)
//	Withdraw(text) empty it only if it still shows text: a feature taking
//	               back its own words without erasing a newer message
//	Text()         what the line shows now ("" for nothing)
type messageLine struct{ text string }

func (m *messageLine) Say(text string) { m.text = text }
func (m *messageLine) Fail(err error)  { m.text = err.Error() }
func (m *messageLine) Clear()          { m.text = "" }
func (m *messageLine) Text() string    { return m.text }
func (m *messageLine) Withdraw(t string) {
	if m.text == t {
		m.text = ""
	}
}
