package cacher

import (
	"encoding/base64"
	"fmt"
	"time"
)

// watchReq and listReq are one WATCH / LIST as both sides receive it.
type watchReq struct {
	NS                string
	RV                string
	SendInitialEvents *bool
	Bookmarks         bool
	Label             string
	// Timeout is the request's timeoutSeconds: the watch's deadline is
	// this far after it was opened (cacher time); 0 means none.
	Timeout time.Duration
}

type listReq struct {
	RV, Match string
	Limit     int64
	Continue  string
	Label     string
}

func boolp(b bool) *bool { return &b }

func statusText(code int32, reason, msg string) string {
	return fmt.Sprintf("%d %s: %s", code, reason, msg)
}

// decodeToken shows a continue token as its JSON, so a difference in the
// token's content is readable. The request's own token is not shown.
func decodeToken(_, token string) string {
	if token == "" {
		return ""
	}
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return "undecodable:" + token
	}
	return string(b)
}
