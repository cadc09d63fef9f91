package console

import (
	"fmt"
	"strconv"
	"time"

	"watchscope/informer"
)

// simSetClients changes how every client-go reflector in the world
// behaves (no restart: each reflector's next watch or retry uses it):
//
//	sim set client-bookmarks false     plain watches without allowWatchBookmarks
//	sim set client-backoff 100ms       a naive client: a fixed 100ms retry, no growth, no jitter
//	sim set client-backoff default     client-go's 800ms doubling to 30s, jitter 1.0
func (sh *Shell) simSetClients(knob, value string) (string, error) {
	switch knob {
	case "client-bookmarks":
		on, err := strconv.ParseBool(value)
		if err != nil {
			return "", fmt.Errorf("sim set %s: %q is not true or false", knob, value)
		}
		n := sh.w.SetClientBookmarks(on)
		return fmt.Sprintf("client-go reflectors ask for bookmarks: %t (%d running, and every later one)\n", on, n), nil
	case "client-backoff":
		b, what, err := parseClientBackoff(value)
		if err != nil {
			return "", err
		}
		n := sh.w.SetClientBackoff(b)
		return fmt.Sprintf("client-go reflectors back off %s (%d running, and every later one)\n", what, n), nil
	}
	return "", fmt.Errorf("unknown knob %q (client knobs: client-bookmarks, client-backoff)", knob)
}

// The fixed retry delays the client-backoff knob accepts.
const minFixedBackoff, maxFixedBackoff = 10 * time.Millisecond, 5 * time.Minute

// parseClientBackoff reads "default" or a fixed retry delay.
func parseClientBackoff(v string) (*informer.Backoff, string, error) {
	if v == "default" {
		return nil, "800ms doubling to 30s with jitter (client-go's default)", nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < minFixedBackoff || d > maxFixedBackoff {
		return nil, "", fmt.Errorf("sim set client-backoff: %q: want default or a fixed delay from %s to %s", v, minFixedBackoff, maxFixedBackoff)
	}
	b := informer.FixedBackoff(d)
	return &b, "a fixed " + d.String() + ", no growth, no jitter", nil
}
