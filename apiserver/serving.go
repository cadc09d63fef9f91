package apiserver

// Serving reports whether the replica accepts connections: it is up and
// has finished starting (a process that was just started or restarted
// refuses connections for Memory.StartupDelay).
func (s *Server) Serving() bool { return s.up && s.now >= s.listenAt() }
