package apimachinery

import (
	"encoding/json"
	"testing"
)

func TestStatusJSON(t *testing.T) {
	podsR, _ := LookupResource("pods")
	tests := []struct {
		name string
		err  *StatusError
		want string
	}{
		{"410 watch cache", NewTooOldResourceVersion(5, 10),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: 5 (10)","reason":"Expired","code":410}`},
		{"410 list", NewListTooOld(),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"The resourceVersion for the provided list is too old.","reason":"Expired","code":410}`},
		{"504 too large", NewTooLargeResourceVersion(999999, 7, 1),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: Too large resource version: 999999, current: 7","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504}`},
		{"429 initializing", NewStorageInitializing(6),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"storage is (re)initializing","reason":"TooManyRequests","details":{"retryAfterSeconds":6},"code":429}`},
		{"429 APF", NewAPFRejected(1),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Too many requests, please try again later.","reason":"TooManyRequests","details":{"retryAfterSeconds":1},"code":429}`},
		{"404", NewNotFound(podsR, "nginx"),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"nginx\" not found","reason":"NotFound","details":{"name":"nginx","kind":"pods"},"code":404}`},
		{"400", NewBadRequest("bad"),
			`{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"bad","reason":"BadRequest","code":400}`},
		{"410 continue", NewContinueTooOld("tok"),
			`{"kind":"Status","apiVersion":"v1","metadata":{"continue":"tok"},"status":"Failure","message":"` + MsgInconsistentContinue + `","reason":"Expired","code":410}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.err.ErrStatus)
		if err != nil || string(b) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, b, tt.want)
		}
	}
	if !IsTooLargeResourceVersion(NewTooLargeResourceVersion(2, 1, 1)) || IsTooLargeResourceVersion(NewTimeoutError("x", 1)) {
		t.Error("IsTooLargeResourceVersion")
	}
	if !IsResourceExpired(NewWatchTooOld()) || NewWatchTooOld().Error() != "The resourceVersion for the provided watch is too old." {
		t.Error("watch too old")
	}
}
