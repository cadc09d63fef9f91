package console

import (
	"errors"
	"fmt"
	"strings"
	"time"

	am "watchscope/apimachinery"
	"watchscope/apiserver"
)

// kubectlNode is the client node kubectl's requests come from.
const kubectlNode = "kubectl"

// callTimeout bounds how long (in virtual time) a kubectl command waits
// for its answer. A LIST waiting for the cache to catch up is answered
// within 3 s (or 504); an APF queue gives up after 15 s.
const callTimeout = 2 * time.Minute

// kubectlSettle is the virtual time a kubectl command takes after its
// answer arrived, so watch events caused by a write reach open watches
// before the next command, as they would on a live terminal.
const kubectlSettle = 50 * time.Millisecond

var errNoAPIServer = errors.New("this world has no API server (start the console with --apiservers 1 or more)")

// call sends one request as kubectl and runs the world until the answer
// arrives: a command the real server would answer later (a LIST waiting
// for freshness, a request queued by Priority and Fairness) moves the
// virtual clock forward until it is answered.
func (sh *Shell) call(req apiserver.Request) (apiserver.Response, error) {
	return sh.callAs(kubectlNode, req)
}

// callAs is call from another client node (sim list --as).
func (sh *Shell) callAs(client string, req apiserver.Request) (apiserver.Response, error) {
	if len(sh.w.APIServers) == 0 {
		return apiserver.Response{}, errNoAPIServer
	}
	var got *apiserver.Response
	sh.calls++
	sh.w.Do(client, req, func(r apiserver.Response) { got = &r })
	deadline := sh.w.Now() + callTimeout
	for got == nil {
		next, ok := sh.w.NextAt()
		if !ok || next > deadline {
			return apiserver.Response{}, fmt.Errorf("no answer from the API server within %v of simulated time", callTimeout)
		}
		sh.w.Step()
	}
	if err := got.Err(); err != nil {
		return *got, kubectlError(err)
	}
	return *got, nil
}

// kubectlError renders an API error the way kubectl prints it:
// `Error from server (NotFound): pods "x" not found`. The shell adds
// "Error: " to other errors, so this returns a pre-rendered line.
func kubectlError(err error) error {
	var se *am.StatusError
	if errors.As(err, &se) {
		if d := se.ErrStatus.Details; se.ErrStatus.Reason == am.StatusReasonInvalid && d != nil && (d.Kind != "" || d.Name != "") {
			return serverError(invalidMessage(d))
		}
		if se.ErrStatus.Reason != "" {
			return serverError(fmt.Sprintf("Error from server (%s): %s", se.ErrStatus.Reason, se.ErrStatus.Message))
		}
		return serverError("Error from server: " + se.ErrStatus.Message)
	}
	if errors.Is(err, apiserver.ErrConnRefused) {
		return serverError("The connection to the server was refused - did you specify the right host or port?")
	}
	return serverError(fmt.Sprintf("Unable to connect to the server: %v", err))
}

// invalidMessage is how kubectl prints a 422 Invalid whose details name
// the object: from the details, not the message. One cause follows on the
// same line, several each on a line of their own under the first.
func invalidMessage(d *am.StatusDetails) string {
	s := fmt.Sprintf("The %s %q is invalid", d.Kind, d.Name)
	switch len(d.Causes) {
	case 0:
		return s
	case 1:
		return fmt.Sprintf("%s: %s: %s", s, d.Causes[0].Field, d.Causes[0].Message)
	}
	var b strings.Builder
	b.WriteString(s + ": ")
	for _, c := range d.Causes {
		fmt.Fprintf(&b, "\n* %s: %s", c.Field, c.Message)
	}
	return b.String()
}

// serverError is an error whose text is already the whole line kubectl
// prints, without the "Error: " prefix the shell adds to its own errors.
type serverError string

func (e serverError) Error() string { return string(e) }

// ErrorLine is how a terminal shows a command's error: kubectl's server
// errors as kubectl prints them, everything else after etcdctl's and
// cobra's "Error: ".
func ErrorLine(err error) string {
	var se serverError
	if errors.As(err, &se) {
		return err.Error()
	}
	return "Error: " + err.Error()
}
