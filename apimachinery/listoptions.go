package apimachinery

import (
	"fmt"
	"net/url"
	"strconv"
)

// ListOptions are the query parameters of a LIST or WATCH request, as
// metav1.ListOptions carries them on the wire. Selectors stay strings here;
// the API server parses and validates them (and answers 400 if they are
// malformed). Pointers mark parameters whose absence differs from their
// zero value, exactly as in metav1.
type ListOptions struct {
	LabelSelector        string
	FieldSelector        string
	Watch                bool
	AllowWatchBookmarks  bool
	ResourceVersion      string
	ResourceVersionMatch string // "", "NotOlderThan" or "Exact"
	TimeoutSeconds       *int64
	Limit                int64
	Continue             string
	SendInitialEvents    *bool
}

// Query encodes the options as the API server's URL query, in a fixed
// order so that the same options always print the same way.
func (o ListOptions) Query() string {
	// The parameters in byte order of their names, which is the order
	// url.Values.Encode sorts them into; values are escaped the same way.
	// Written out because every request's trace line prints it.
	var b []byte
	add := func(key, value string) {
		if len(b) > 0 {
			b = append(b, '&')
		}
		b = append(b, key...)
		b = append(b, '=')
		b = append(b, url.QueryEscape(value)...)
	}
	if o.AllowWatchBookmarks {
		add("allowWatchBookmarks", "true")
	}
	if o.Continue != "" {
		add("continue", o.Continue)
	}
	if o.FieldSelector != "" {
		add("fieldSelector", o.FieldSelector)
	}
	if o.LabelSelector != "" {
		add("labelSelector", o.LabelSelector)
	}
	if o.Limit > 0 {
		add("limit", strconv.FormatInt(o.Limit, 10))
	}
	if o.ResourceVersion != "" {
		add("resourceVersion", o.ResourceVersion)
	}
	if o.ResourceVersionMatch != "" {
		add("resourceVersionMatch", o.ResourceVersionMatch)
	}
	if o.SendInitialEvents != nil {
		add("sendInitialEvents", strconv.FormatBool(*o.SendInitialEvents))
	}
	if o.TimeoutSeconds != nil {
		add("timeoutSeconds", strconv.FormatInt(*o.TimeoutSeconds, 10))
	}
	if o.Watch {
		add("watch", "true")
	}
	return string(b)
}

// ParseListOptions decodes a URL query into ListOptions. Unknown
// parameters are ignored, as the API server ignores them; malformed values
// of known ones are a 400 Bad Request.
func ParseListOptions(query string) (ListOptions, error) {
	v, err := url.ParseQuery(query)
	if err != nil {
		return ListOptions{}, NewBadRequest(fmt.Sprintf("invalid query %q: %v", query, err))
	}
	o := ListOptions{
		LabelSelector:        v.Get("labelSelector"),
		FieldSelector:        v.Get("fieldSelector"),
		ResourceVersion:      v.Get("resourceVersion"),
		ResourceVersionMatch: v.Get("resourceVersionMatch"),
		Continue:             v.Get("continue"),
	}
	if o.Watch, err = queryBool(v, "watch"); err != nil {
		return o, err
	}
	if o.AllowWatchBookmarks, err = queryBool(v, "allowWatchBookmarks"); err != nil {
		return o, err
	}
	if s := v.Get("sendInitialEvents"); s != "" {
		b, err := queryBool(v, "sendInitialEvents")
		if err != nil {
			return o, err
		}
		o.SendInitialEvents = &b
	}
	if s := v.Get("timeoutSeconds"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return o, NewBadRequest(fmt.Sprintf("invalid value %q for timeoutSeconds: must be an integer", s))
		}
		o.TimeoutSeconds = &n
	}
	if s := v.Get("limit"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return o, NewBadRequest(fmt.Sprintf("invalid value %q for limit: must be an integer", s))
		}
		o.Limit = n
	}
	return o, nil
}

func queryBool(v url.Values, name string) (bool, error) {
	s := v.Get(name)
	if s == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, NewBadRequest(fmt.Sprintf("invalid value %q for %s: must be true or false", s, name))
	}
	return b, nil
}

// List is the body of a successful LIST: the items in key order and the
// list's metadata (its resourceVersion, and for a limited list the
// continue token and, without selectors, the remaining item count).
type List struct {
	Kind               string
	ResourceVersion    string
	Continue           string
	RemainingItemCount *int64
	Items              []*Object
}
