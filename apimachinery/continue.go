package apimachinery

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
)

// Continue-token errors with apiserver's exact text (pkg/storage/continue.go).
var (
	ErrInvalidStartRV             = errors.New("continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)")
	ErrEmptyStartKey              = errors.New("continue key is not valid: encoded start key empty (version meta.k8s.io/v1)")
	ErrGenericInvalidKey          = errors.New("continue key is not valid")
	ErrUnrecognizedEncodedVersion = errors.New("continue key is not valid: server does not recognize this encoded version")
)

// continueToken is the JSON inside a continue parameter:
//
//	{"v":"meta.k8s.io/v1","rv":42,"start":"default/nginx\u0000"}
//
// rv is the revision the first page was read at (-1: "continue at the
// latest revision", handed out with the too-old 410); start is the next
// key relative to the resource's key prefix. The parameter is the
// unpadded base64url of that JSON.
type continueToken struct {
	APIVersion      string `json:"v"`
	ResourceVersion int64  `json:"rv"`
	StartKey        string `json:"start"`
}

// EncodeContinue encodes a token that resumes at key (an absolute key
// under keyPrefix, usually lastKey+"\x00").
func EncodeContinue(key, keyPrefix string, rv int64) (string, error) {
	next, ok := strings.CutPrefix(key, keyPrefix)
	if !ok {
		return "", fmt.Errorf("unable to encode next field: the key and key prefix do not match")
	}
	out, err := json.Marshal(continueToken{APIVersion: "meta.k8s.io/v1", ResourceVersion: rv, StartKey: next})
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(out), nil
}

// DecodeContinue returns the absolute key to resume from and the token's
// revision, with the real validation: non-zero rv, non-empty start, and a
// start key that path.Clean leaves alone (no climbing out of keyPrefix).
func DecodeContinue(token, keyPrefix string) (fromKey string, rv int64, err error) {
	data, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return "", 0, fmt.Errorf("%w: %v", ErrGenericInvalidKey, err)
	}
	var c continueToken
	if err := json.Unmarshal(data, &c); err != nil {
		return "", 0, fmt.Errorf("%w: %v", ErrGenericInvalidKey, err)
	}
	if c.APIVersion != "meta.k8s.io/v1" {
		return "", 0, fmt.Errorf("%w %v", ErrUnrecognizedEncodedVersion, c.APIVersion)
	}
	if c.ResourceVersion == 0 {
		return "", 0, ErrInvalidStartRV
	}
	if c.StartKey == "" {
		return "", 0, ErrEmptyStartKey
	}
	key := c.StartKey
	if !strings.HasPrefix(key, "/") {
		key = "/" + key
	}
	if path.Clean(key) != key {
		return "", 0, fmt.Errorf("%w: %v", ErrGenericInvalidKey, c.StartKey)
	}
	return keyPrefix + key[1:], c.ResourceVersion, nil
}
