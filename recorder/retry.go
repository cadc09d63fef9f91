//go:build !js

package recorder

import (
	"context"
	"errors"
	"time"

	utilnet "k8s.io/apimachinery/pkg/util/net"
)

// maxRetries is how many times client-go's REST client sends a request
// again (rest.Request's default) before its caller sees the error.
const maxRetries = 10

// restRetry is client-go's withRetry.IsNextRetry for the recorder's GETs:
// an answer of 429 or 5xx that carries Retry-After is sent again after
// that many seconds (kube-apiserver sets it from a Status's
// retryAfterSeconds: 1 for a ResourceVersionTooLarge 504, APF's 429s);
// a connection that broke is sent again after 1 s -- for a WATCH a
// probable EOF or a timeout, for a LIST a reset, a probable EOF or a lost
// HTTP/2 connection. Anything else (a refused connection, a 410, a 500
// without Retry-After) goes to the Reflector at once.
func restRetry(verb string, err error) (time.Duration, bool) {
	var ae *apiError
	if errors.As(err, &ae) {
		if ae.retryAfter < 0 || ae.Code != 429 && ae.Code < 500 {
			return 0, false
		}
		return time.Duration(ae.retryAfter) * time.Second, true
	}
	broken := utilnet.IsProbableEOF(err) || utilnet.IsTimeout(err)
	if verb != "WATCH" {
		broken = utilnet.IsConnectionReset(err) || utilnet.IsProbableEOF(err) || utilnet.IsHTTP2ConnectionLost(err)
	}
	return time.Second, broken
}

// sleep waits d; false when the recording ends first.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
