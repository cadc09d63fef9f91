package live

// Feature parts. The stage's extra features (presenter mode, sharing,
// the screen-reader feed, export) each live in their own file and hook
// into the session here instead of growing Session's core methods:
//
//	extraCommands  stage verbs a feature adds ("cue", "share", ...)
//	execHooks      run after every console command, with its result
//	tickHooks      run at the end of every Tick, after the refresh
//	stateParts     fill a feature's part of State (window.watchscope.state())
//
// Each feature registers from its file's init(); the order of
// registration never matters because no two features share a field.
var (
	extraCommands = map[string]func(s *Session, arg string){}
	execHooks     []func(s *Session, cmd string, err error)
	tickHooks     []func(s *Session)
	stateParts    []func(s *Session, st *State)
)

// runExtraCommand runs a feature's stage verb; false when none has it.
func (s *Session) runExtraCommand(verb, arg string) bool {
	f, ok := extraCommands[verb]
	if ok {
		f(s, arg)
	}
	return ok
}
