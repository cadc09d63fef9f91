package live

import (
	"watchscope/lessons"
	"watchscope/ui/view"
)

// firstLesson is where the start screen's big button leads.
const firstLesson = "revisions"

// showStart opens the start screen: what WatchScope is, a large button
// into the first lesson, the lessons as a path with their minutes, and
// the sandbox as the second choice. A deep link never shows it.
func (s *Session) showStart() {
	s.chrome.Start, s.chrome.Path = true, nil
	ls, err := lessons.All()
	if err != nil {
		return
	}
	for _, l := range ls {
		if l.ID == "sandbox" { // the sandbox is the second choice, not a stop
			continue
		}
		s.chrome.Path = append(s.chrome.Path, view.PathStop{ID: l.ID, Title: l.Title, Minutes: l.Minutes})
	}
	s.progress.startResume() // progress.go: a started lesson to go back to
}

// hideStart closes the start screen of chrome c: this file is the one
// writer of c.Start and c.Path (opening a lesson and close ask it).
func hideStart(c *view.Chrome) { c.Start = false }
