package live

// presentState holds the session's state for presenter mode: speaker notes, cue points, the timer (see web/present.js).
type presentState struct{}
