package live

// shareState holds the session's state for share links that reproduce a moment exactly.
type shareState struct{}
