package console

import (
	"fmt"
	"net/url"
	"strings"
)

// kubectlReadyz is `kubectl get --raw '/readyz[?verbose]'`, asked of the
// replica kubectl's requests go to. A passing answer prints its body; a
// failing one (500) is what kubectl makes of an unstructured error body:
// the body, trimmed and quoted, inside "an error on the server (...) has
// prevented the request from succeeding".
func (sh *Shell) kubectlReadyz(query string) (string, error) {
	if len(sh.w.APIServers) == 0 {
		return "", errNoAPIServer
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return "", fmt.Errorf("invalid query %q: %v", query, err)
	}
	_, verbose := q["verbose"]
	srv := sh.w.APIServers[sh.w.ReplicaFor(kubectlNode)]
	body, code, ok := srv.Readyz(sh.w.Now(), verbose)
	switch {
	case !ok:
		return "", serverError("The connection to the server was refused - did you specify the right host or port?")
	case code != 200:
		return "", serverError(fmt.Sprintf("Error from server (InternalError): an error on the server (%q) has prevented the request from succeeding",
			strings.TrimSpace(body)))
	}
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	return body, nil
}
