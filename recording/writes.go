package recording

// Write is one recorded write, as a replay sends it again: at T
// milliseconds since the recording started, Type (ADDED, MODIFIED,
// DELETED) to the object Key ("namespace/name", or "name" for a cluster
// object) of resource Res, Size bytes.
type Write struct {
	T         int64
	Res, Type string
	Key       string
	Size      int64
}

// Writes are the recording's watch events in recorded order: each is one
// write the server made, since the recorder LISTs before it watches (the
// list's items are the state before the recording, not events).
func (rec *Recording) Writes() []Write {
	var out []Write
	for _, x := range rec.Records {
		if x.Kind == KindEvent && x.Key != "" {
			out = append(out, Write{T: x.T, Res: x.Res, Type: x.Type, Key: x.Key, Size: x.Size})
		}
	}
	return out
}
