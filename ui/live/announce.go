package live

// feedState holds the session's state for the screen reader's live feed of notable events.
type feedState struct{}
