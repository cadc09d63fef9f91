//go:build !js

package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilnet "k8s.io/apimachinery/pkg/util/net"

	"watchscope/recording"
)

// informer lists and watches one resource as client-go 1.36's Reflector
// does with the WatchListClient gate off (FIDELITY E1; with it on, the
// default since 1.35, an informer streams its list with
// sendInitialEvents=true instead): LIST with resourceVersion "0" (from
// the watch cache), then WATCH from the list's RV with
// allowWatchBookmarks=true and a random timeoutSeconds in [300, 600). A
// normal close (EOF, or an unexpected EOF, which client-go's stream
// watcher also takes as the end) re-watches from the last RV at once. A
// failed watch re-LISTs at the last RV after the back-off (see watch for
// the few that watch again instead); a LIST whose RV is compacted (410)
// or not yet seen (504 ResourceVersionTooLarge) re-LISTs at once with
// resourceVersion "" (a consistent read from etcd), and a 410 Expired on
// a later page of a paged LIST asks once more for the whole list unpaged,
// as client-go's pager does. Failed requests back off 800 ms, doubling
// up to 30 s, each wait stretched by up to its own length at random
// (jitter 1.0).
type informer struct {
	r   *Recorder
	t   target
	rv  string // last RV synced: the list's, then each event's and bookmark's
	rnd *rand.Rand
	// paginated: the first list came in pages; otherwise a re-LIST at an
	// RV asks for everything at once (limit unset), as the Reflector does.
	paginated bool
	// backoff is the next wait's base; it goes back to backoffMin only
	// when backoffFrom is more than backoffReset ago (wait).
	backoff     time.Duration
	backoffFrom time.Time
}

const (
	listLimit  = 500
	backoffMin = 800 * time.Millisecond
	backoffMax = 30 * time.Second
	// backoffReset: client-go's defaultBackoffReset; the Reflector's
	// back-off (Backoff.DelayWithReset) starts over from 800 ms only when
	// this long has passed since it last did, never because a watch
	// ended well.
	backoffReset = 2 * time.Minute
)

func (in *informer) run(ctx context.Context) {
	listRV, needList := "0", true
	in.backoff, in.backoffFrom = backoffMin, time.Now()
	for ctx.Err() == nil {
		if needList {
			rv, err := in.list(ctx, listRV)
			switch {
			case rvUnavailable(err) && listRV != "":
				listRV = "" // the RV is gone or not yet seen: a consistent read from etcd, at once
				continue
			case err != nil:
				if !in.wait(ctx) {
					return
				}
				continue
			}
			in.rv, needList = rv, false
		}
		relist, err := in.watch(ctx)
		switch {
		case relist:
			listRV, needList = in.rv, true
			fallthrough
		case err != nil:
			if !in.wait(ctx) {
				return
			}
		}
	}
}

// wait sleeps the back-off, stretched by up to its own length at random,
// and doubles it (up to backoffMax); more than backoffReset after its last
// start it starts over at backoffMin. false when the recording ends.
func (in *informer) wait(ctx context.Context) bool {
	if now := time.Now(); now.Sub(in.backoffFrom) > backoffReset {
		in.backoff, in.backoffFrom = backoffMin, now
	}
	t := time.NewTimer(in.backoff + time.Duration(in.rnd.Float64()*float64(in.backoff)))
	defer t.Stop()
	in.backoff = min(in.backoff*2, backoffMax)
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// send records a request and sends it; a refused or failed request is
// recorded as an error record. As client-go's REST client does under the
// Reflector, a request the server asks to retry (429 or 5xx with a
// Retry-After) or one whose connection broke is sent again after the wait,
// up to maxRetries times (restRetry), each try recorded; only then does
// the Reflector see the error.
func (in *informer) send(ctx context.Context, verb string, q url.Values) (*http.Response, error) {
	u := in.r.conn.url(in.t.path(in.r.cfg.Namespace), q)
	for try := 0; ; try++ {
		in.r.emit(recording.Record{Kind: recording.KindRequest, Res: in.t.Name, Verb: verb, URL: trimHost(u)})
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := in.r.conn.get(req)
		if err == nil || ctx.Err() != nil {
			return resp, err
		}
		in.r.failed(in.t.Name, verb, err)
		after, again := restRetry(verb, err)
		if !again || try == maxRetries || !sleep(ctx, after) {
			return resp, err
		}
	}
}

// list pages through a LIST at rv and returns the list's RV.
func (in *informer) list(ctx context.Context, rv string) (string, error) {
	q := url.Values{"limit": {strconv.Itoa(listLimit)}, "resourceVersion": {rv}}
	if rv != "" && rv != "0" && !in.paginated {
		q.Del("limit")
	}
	items, size := 0, int64(0)
	for {
		resp, err := in.send(ctx, "LIST", q)
		if apierrors.IsResourceExpired(err) && q.Get("continue") != "" {
			// The token's revision was compacted mid-list: client-go's
			// pager (FullListIfExpired) asks for the whole list at rv.
			items, size = 0, 0
			q = url.Values{"resourceVersion": {rv}}
			continue
		}
		if err != nil {
			return "", err
		}
		var l struct {
			Metadata struct{ ResourceVersion, Continue string }
			Items    []json.RawMessage
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil {
			err = json.Unmarshal(body, &l)
		}
		if err != nil {
			in.r.failed(in.t.Name, "LIST", err)
			return "", err
		}
		items, size = items+len(l.Items), size+int64(len(body))
		if l.Metadata.Continue == "" {
			in.r.emit(recording.Record{Kind: recording.KindList, Res: in.t.Name, Code: 200, RV: l.Metadata.ResourceVersion, Items: items, Size: size})
			return l.Metadata.ResourceVersion, nil
		}
		in.paginated = true
		q = url.Values{"limit": {strconv.Itoa(listLimit)}, "continue": {l.Metadata.Continue}}
	}
}

// watchEvent is one line of a watch stream.
type watchEvent struct {
	Type   string
	Object json.RawMessage
}

type objectMeta struct {
	Metadata struct {
		Name, Namespace, ResourceVersion string
		Annotations                      map[string]string
	}
	// A Status, in an ERROR event.
	Kind, Reason, Message string
	Code                  int
}

// watch runs one WATCH until it ends, and says what comes next as
// client-go's Reflector.watch decides it. relist: the Reflector returns
// and its ListAndWatch runs again after the back-off, re-LISTing at the
// last RV -- a refused WATCH request other than connection refused or
// 429, an ERROR event other than 429 (a 410, or a 500: informers retry
// internal errors for no time at all), a stream that could not be decoded
// (client-go makes it a 500 ERROR event), or a "very short watch" (closed
// within a second with no event). Otherwise a non-nil err backs off and
// watches again; nil (a normal close) watches again at once.
func (in *informer) watch(ctx context.Context) (relist bool, err error) {
	q := url.Values{"watch": {"true"}, "allowWatchBookmarks": {"true"}, "resourceVersion": {in.rv},
		"timeoutSeconds": {strconv.Itoa(300 + in.rnd.IntN(300))}}
	start := time.Now()
	resp, err := in.send(ctx, "WATCH", q)
	if err != nil {
		return !watchRetriable(err), err
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	for events := 0; ; events++ {
		var ev watchEvent
		if err := dec.Decode(&ev); err != nil {
			if ctx.Err() != nil {
				return false, nil
			}
			why := "eof"
			if !errors.Is(err, io.EOF) {
				why = oneLine(err)
			}
			in.r.emit(recording.Record{Kind: recording.KindClosed, Res: in.t.Name, Text: why})
			switch {
			case why != "eof" && !errors.Is(err, io.ErrUnexpectedEOF) && !utilnet.IsProbableEOF(err) && !utilnet.IsTimeout(err):
				return true, err // client-go: "unable to decode an event from the watch stream", a 500
			case events == 0 && time.Since(start) < time.Second:
				return true, errors.New("very short watch: unexpected watch close - watch lasted less than a second and no items received")
			}
			return false, nil
		}
		if err := in.event(ev); err != nil {
			return !apierrors.IsTooManyRequests(err), err
		}
	}
}

// watchRetriable is client-go's isWatchErrorRetriable: a WATCH request
// refused with 429, or a connection refused (the API server is most likely
// restarting), is sent again after the back-off rather than re-LISTing.
func watchRetriable(err error) bool {
	return utilnet.IsConnectionRefused(err) || apierrors.IsTooManyRequests(err)
}

// rvUnavailable is client-go's isExpiredError or
// isTooLargeResourceVersionError: the RV a LIST asked for is compacted
// (410 Expired or Gone) or newer than the server has seen (504 with the
// cause ResourceVersionTooLarge; before 1.18.6 only its message said so).
// The Reflector then LISTs again at once with resourceVersion "".
func rvUnavailable(err error) bool {
	if apierrors.IsResourceExpired(err) || apierrors.IsGone(err) ||
		apierrors.HasStatusCause(err, metav1.CauseTypeResourceVersionTooLarge) {
		return true
	}
	var st apierrors.APIStatus
	if !apierrors.IsTimeout(err) || !errors.As(err, &st) {
		return false
	}
	if d := st.Status().Details; d != nil && slices.ContainsFunc(d.Causes, func(c metav1.StatusCause) bool { return c.Message == "Too large resource version" }) {
		return true
	}
	return strings.Contains(st.Status().Message, "Too large resource version")
}

// event records one watch event; an ERROR event ends the watch with its
// Status as the error (client-go's handleWatch: apierrors.FromObject).
func (in *informer) event(ev watchEvent) error {
	var m objectMeta
	_ = json.Unmarshal(ev.Object, &m)
	rec := recording.Record{Kind: recording.KindEvent, Res: in.t.Name, Type: ev.Type, RV: m.Metadata.ResourceVersion}
	switch ev.Type {
	case "BOOKMARK":
		rec.Kind, rec.Type = recording.KindBookmark, ""
		rec.InitialEventsEnd = m.Metadata.Annotations["k8s.io/initial-events-end"] == "true"
	case "ERROR":
		rec = recording.Record{Kind: recording.KindError, Res: in.t.Name, Code: m.Code, Reason: m.Reason, Message: m.Message}
		in.r.emit(rec)
		e := &apiError{Code: m.Code, Reason: m.Reason, Message: m.Message}
		_ = json.Unmarshal(ev.Object, &e.status)
		return e
	default:
		rec.Key, rec.Size = m.Metadata.Name, int64(len(ev.Object))
		if m.Metadata.Namespace != "" {
			rec.Key = m.Metadata.Namespace + "/" + m.Metadata.Name
		}
		if in.r.cfg.WithObjects {
			rec.Object = ev.Object
		}
	}
	if rec.RV != "" {
		in.rv = rec.RV
	}
	in.r.emit(rec)
	return nil
}
