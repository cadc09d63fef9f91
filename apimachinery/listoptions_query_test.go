package apimachinery

import (
	"math/rand/v2"
	"net/url"
	"strconv"
	"testing"
)

// TestQueryMatchesURLValues: Query writes its parameters by hand; for
// random options it must equal what url.Values.Encode (sorted keys,
// QueryEscape) gives for the same parameters.
func TestQueryMatchesURLValues(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	texts := []string{"", "a=b", "spec.nodeName=node-7", "app in (web, db)", "x!=y,z", "tier&=?#/ %", "17", "Exact", "ey J2Ijoi+/=="}
	pick := func() string { return texts[r.IntN(len(texts))] }
	for range 2000 {
		o := ListOptions{LabelSelector: pick(), FieldSelector: pick(), Watch: r.IntN(2) == 0,
			AllowWatchBookmarks: r.IntN(2) == 0, ResourceVersion: pick(), ResourceVersionMatch: pick(),
			Limit: int64(r.IntN(3) * 250), Continue: pick()}
		if r.IntN(2) == 0 {
			ts := int64(r.IntN(600))
			o.TimeoutSeconds = &ts
		}
		if r.IntN(3) > 0 {
			b := r.IntN(2) == 0
			o.SendInitialEvents = &b
		}
		if got, want := o.Query(), encodeWithValues(o); got != want {
			t.Fatalf("%+v:\n got %s\nwant %s", o, got, want)
		}
	}
}

func encodeWithValues(o ListOptions) string {
	v := url.Values{}
	set := func(k, val string, on bool) {
		if on {
			v.Set(k, val)
		}
	}
	set("labelSelector", o.LabelSelector, o.LabelSelector != "")
	set("fieldSelector", o.FieldSelector, o.FieldSelector != "")
	set("watch", "true", o.Watch)
	set("allowWatchBookmarks", "true", o.AllowWatchBookmarks)
	set("resourceVersion", o.ResourceVersion, o.ResourceVersion != "")
	set("resourceVersionMatch", o.ResourceVersionMatch, o.ResourceVersionMatch != "")
	if o.TimeoutSeconds != nil {
		v.Set("timeoutSeconds", strconv.FormatInt(*o.TimeoutSeconds, 10))
	}
	set("limit", strconv.FormatInt(o.Limit, 10), o.Limit > 0)
	set("continue", o.Continue, o.Continue != "")
	if o.SendInitialEvents != nil {
		v.Set("sendInitialEvents", strconv.FormatBool(*o.SendInitialEvents))
	}
	return v.Encode()
}
