package lessons

import (
	"strconv"
	"strings"
	"testing"

	"watchscope/engine"
)

// checkTraceFacts holds every event of a played lesson to one promise of
// engine.TraceEvent: the typed facts a program reads (code, reason,
// request, client, RV, list kind) say what the text says. The stage, the
// announcer, "why?" and the checks read only the facts; this is the one
// place that reads the text, to prove the two agree on real runs.
func checkTraceFacts(t *testing.T, lesson string, rep *Report) {
	t.Helper()
	bad := 0
	for _, st := range rep.Steps {
		for _, e := range st.Events {
			if why := factsDisagree(e); why != "" {
				if bad++; bad <= 5 {
					t.Errorf("%s: %s\n  %s\n  facts %#v", lesson, why, e, e)
				}
			}
		}
	}
}

// factsDisagree names the first fact of e its text contradicts.
func factsDisagree(e engine.TraceEvent) string {
	d := e.Detail
	req := "#" + strconv.FormatUint(e.Req, 10) + " "
	switch e.Kind {
	case engine.KindReq:
		if !strings.HasPrefix(d, req+e.Client+" "+string(e.Verb)+" ") || e.Resource == "" {
			return "REQ text is not #Req Client Verb, or no resource"
		}
		if (e.Continue != "") != strings.Contains(d, "continue=") {
			return "a LIST's continue token"
		}
		if q := queryParam(d, "resourceVersion"); q != e.AskedRV {
			return "a request's resourceVersion parameter"
		}
		if q := queryParam(d, "sendInitialEvents"); (q == "true") != e.SendInitialEvents {
			return "a request's sendInitialEvents parameter"
		}
		if q := queryParam(d, "limit"); q != strconv.FormatInt(e.Limit, 10) && (q != "" || e.Limit != 0) {
			return "a LIST's limit parameter"
		}
	case engine.KindResp:
		if e.Client == "" || e.Resource == "" {
			return "RESP without client or resource"
		}
		if e.Code == 0 { // no answer: the client's connection error
			if msg := strings.TrimPrefix(strings.TrimPrefix(d, req), "error: "); msg != e.Reason || e.Route != "" {
				return "a connection error's text"
			}
			break
		}
		if !strings.HasPrefix(d, req+strconv.Itoa(int(e.Code))+" ") {
			return "RESP text is not #Req Code"
		}
		if e.Reason != "" && !strings.HasPrefix(d, req+strconv.Itoa(int(e.Code))+" "+e.Reason+": "+e.Message) {
			return "an error answer's reason and message"
		}
		if e.Route != "" && !strings.HasSuffix(d, " ("+e.Route+")") {
			return "an answer's route"
		}
		if i := strings.Index(d, " items rv="); i >= 0 {
			rv, _, _ := strings.Cut(d[i+len(" items rv="):], " ")
			if rv != strconv.FormatUint(e.RV, 10) || !strings.HasSuffix(d[:i], " "+strconv.Itoa(int(e.Items))) {
				return "a list answer's RV or items"
			}
		} else if i := strings.LastIndex(d, "@"); i >= 0 && e.Code < 300 {
			if rv, _, _ := strings.Cut(d[i+1:], " "); rv != strconv.FormatUint(e.RV, 10) {
				return "an object answer's RV"
			}
		}
	case engine.KindWatchError:
		if !strings.HasPrefix(d, req+"ERROR "+strconv.Itoa(int(e.Code))+" "+e.Reason+": "+e.Message) {
			return "WATCH_ERROR text is not #Req ERROR Code Reason"
		}
	case engine.KindWatchEnd:
		if !strings.HasPrefix(d, req) || e.Client == "" {
			return "WATCH_END text is not #Req"
		}
	case engine.KindBookmark:
		if !strings.HasPrefix(d, req+"BOOKMARK rv="+strconv.FormatUint(e.RV, 10)) || e.Client == "" || e.Resource == "" {
			return "BOOKMARK text is not #Req BOOKMARK rv=RV, or no client or resource"
		}
	case engine.KindReflector:
		if why := reflectorFactsDisagree(e); why != "" {
			return why
		}
	case engine.KindPut, engine.KindDelete:
		if !strings.HasSuffix(d, " rev="+strconv.FormatUint(e.RV, 10)) {
			return "etcd write's revision"
		}
	case engine.KindKilled:
		if e.Reason == "" || e.Message == "" && d != e.Reason || e.Message != "" && d != e.Reason+": "+e.Message {
			return "KILLED text is not Reason[: Message]"
		}
	case engine.KindCacheReady:
		if !strings.HasSuffix(d, " at RV "+strconv.FormatUint(e.RV, 10)) || !strings.HasPrefix(d, e.Resource) {
			return "CACHE_READY's resource or RV"
		}
	}
	if rv, oldest, ok := tooOldText(d); ok && (e.Kind == engine.KindWatchError || e.Kind == engine.KindReflector) &&
		(rv != strconv.FormatUint(e.RV, 10) || oldest != strconv.FormatUint(e.OldestRV, 10)) {
		return "too old resource version: RV and oldest"
	}
	return ""
}

// reflectorFactsDisagree checks a reflector line: a call's list kind and
// reason, a status code the line reports.
func reflectorFactsDisagree(e engine.TraceEvent) string {
	d := e.Detail
	verb, _, _ := strings.Cut(d, " ")
	call := (verb == "LIST" || verb == "WATCH" || verb == "CANCEL") && !strings.HasPrefix(d, verb+" #")
	if call {
		reason := ""
		if i := strings.LastIndex(d, " ("); i >= 0 && strings.HasSuffix(d, ")") {
			reason = d[i+2 : len(d)-1]
		}
		if reason != e.Reason || (verb != "CANCEL" && e.Resource == "") {
			return "a call's reason or resource"
		}
		lists := verb == "LIST" || verb == "WATCH" && strings.Contains(d, "sendInitialEvents=true")
		want := engine.NotAList
		switch {
		case !lists || strings.HasPrefix(reason, "page "), reason == "full list after expired continue":
		case reason == "initial list" || reason == "watch-list":
			want = engine.FirstList
		default: // relist, relist after 410, RV unavailable, watch-list after 410
			want = engine.Relist
		}
		if e.List != want {
			return "a call's list kind"
		}
		return ""
	}
	if e.List != engine.NotAList {
		return "a line that is no call has a list kind"
	}
	says410 := strings.Contains(d, " 410 Expired: ") || strings.HasSuffix(d, "ListAndWatch (410)")
	if says410 != (e.Code == 410) {
		return "the line's 410"
	}
	return ""
}

// tooOldText reads the watch cache's "too old resource version: 911
// (1202)" out of a line.
func tooOldText(d string) (rv, oldest string, ok bool) {
	const msg = "too old resource version: "
	i := strings.Index(d, msg)
	if i < 0 {
		return "", "", false
	}
	f := strings.Fields(d[i+len(msg):])
	if len(f) < 2 || !strings.HasPrefix(f[1], "(") || !strings.HasSuffix(f[1], ")") {
		return "", "", false
	}
	return f[0], strings.Trim(f[1], "()"), true
}

// queryParam is the value of a parameter in a REQ line's URL query, ""
// when it is absent.
func queryParam(detail, name string) string {
	_, q, ok := strings.Cut(detail, "?")
	if !ok {
		return ""
	}
	for _, kv := range strings.Split(q, "&") {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}
