package live

// exportState holds the session's state for PNG and GIF export of the stage.
type exportState struct{}
