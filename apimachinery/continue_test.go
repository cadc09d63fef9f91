package apimachinery

import (
	"encoding/base64"
	"errors"
	"testing"
)

func TestContinueRoundTrip(t *testing.T) {
	tok, err := EncodeContinue("/registry/pods/default/nginx\x00", "/registry/pods/", 42)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(tok)
	if string(raw) != `{"v":"meta.k8s.io/v1","rv":42,"start":"default/nginx\u0000"}` {
		t.Fatalf("json %s", raw)
	}
	key, rv, err := DecodeContinue(tok, "/registry/pods/")
	if err != nil || key != "/registry/pods/default/nginx\x00" || rv != 42 {
		t.Fatalf("got %q %d %v", key, rv, err)
	}
	if _, err := EncodeContinue("/other/x", "/registry/pods/", 1); err == nil {
		t.Fatal("prefix mismatch accepted")
	}
}

func TestDecodeContinueErrors(t *testing.T) {
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	tests := []struct {
		token string
		wis   error
		wmsg  string
	}{
		{"!!!", ErrGenericInvalidKey, "continue key is not valid: illegal base64 data at input byte 0"},
		{enc("nope"), ErrGenericInvalidKey, ""},
		{enc(`{"v":"x","rv":1,"start":"a"}`), ErrUnrecognizedEncodedVersion, "continue key is not valid: server does not recognize this encoded version x"},
		{enc(`{"v":"meta.k8s.io/v1","rv":0,"start":"a"}`), ErrInvalidStartRV, "continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)"},
		{enc(`{"v":"meta.k8s.io/v1","rv":1,"start":""}`), ErrEmptyStartKey, "continue key is not valid: encoded start key empty (version meta.k8s.io/v1)"},
		{enc(`{"v":"meta.k8s.io/v1","rv":1,"start":"../secrets/x"}`), ErrGenericInvalidKey, "continue key is not valid: ../secrets/x"},
	}
	for _, tt := range tests {
		_, _, err := DecodeContinue(tt.token, "/registry/pods/")
		if !errors.Is(err, tt.wis) || (tt.wmsg != "" && err.Error() != tt.wmsg) {
			t.Errorf("%q: got %v", tt.token, err)
		}
	}
	// rv -1 (the too-old 410's fresh token) is valid.
	tok, _ := EncodeContinue("/registry/pods/a\x00", "/registry/pods/", -1)
	if _, rv, err := DecodeContinue(tok, "/registry/pods/"); err != nil || rv != -1 {
		t.Fatalf("rv -1: %d %v", rv, err)
	}
}
