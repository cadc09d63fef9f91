package apimachinery

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Validation texts of k8s.io/apimachinery/pkg/api/validate/content.
const (
	labelKeyFmt      = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelKeyErrMsg   = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelValueFmt    = "(" + labelKeyFmt + ")?"
	labelValueErrMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	dns1123LabelFmt  = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123SubFmt    = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1123SubErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
)

var (
	labelKeyRegexp     = regexp.MustCompile("^" + labelKeyFmt + "$")
	labelValueRegexp   = regexp.MustCompile("^" + labelValueFmt + "$")
	dns1123SubdomainRe = regexp.MustCompile("^" + dns1123SubFmt + "$")
)

func maxLenError(n int) string { return fmt.Sprintf("must be no more than %d characters", n) }

// regexError is validation.RegexError: the message, examples and regex.
func regexError(msg, format string, examples ...string) string {
	msg += " (e.g. "
	for i, e := range examples {
		if i > 0 {
			msg += " or "
		}
		msg += "'" + e + "', "
	}
	return msg + "regex used for validation is '" + format + "')"
}

// validateLabelKey is content.IsLabelKey: an optional DNS subdomain prefix
// and "/", then a name of at most 63 characters.
func validateLabelKey(value string) []string {
	var errs []string
	parts := strings.Split(value, "/")
	var name string
	switch len(parts) {
	case 1:
		name = parts[0]
	case 2:
		prefix := parts[0]
		name = parts[1]
		if prefix == "" {
			errs = append(errs, "prefix part must be non-empty")
		} else {
			for _, m := range validateDNS1123Subdomain(prefix) {
				errs = append(errs, "prefix part "+m)
			}
		}
	default:
		return append(errs, "a valid label key "+regexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc")+
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")
	}
	if name == "" {
		errs = append(errs, "name part must be non-empty")
	} else if len(name) > 63 {
		errs = append(errs, "name part "+maxLenError(63))
	}
	if !labelKeyRegexp.MatchString(name) {
		errs = append(errs, "name part "+regexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc"))
	}
	return errs
}

func validateDNS1123Subdomain(value string) []string {
	var errs []string
	if len(value) > 253 {
		errs = append(errs, maxLenError(253))
	}
	if !dns1123SubdomainRe.MatchString(value) {
		errs = append(errs, regexError(dns1123SubErrMsg, dns1123SubFmt, "example.com"))
	}
	return errs
}

// validateLabelValue is content.IsLabelValue.
func validateLabelValue(value string) []string {
	var errs []string
	if len(value) > 63 {
		errs = append(errs, maxLenError(63))
	}
	if !labelValueRegexp.MatchString(value) {
		errs = append(errs, regexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return errs
}

func isDecimalInt64(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// invalidValue formats a field.Invalid error:
// `<path>: Invalid value: "x": <detail>`.
func invalidValue(path string, bad any, detail string) error {
	var v string
	switch b := bad.(type) {
	case string:
		v = strconv.Quote(b)
	default:
		j, _ := json.Marshal(b)
		v = string(j)
	}
	return errors.New(path + ": Invalid value: " + v + ": " + detail)
}
