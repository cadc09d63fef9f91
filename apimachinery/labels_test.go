package apimachinery

import "testing"

func TestParseLabelSelector(t *testing.T) {
	tests := []struct {
		in      string
		wstring string
		werr    string
	}{
		{"", "", ""},
		{"a=b", "a=b", ""},
		{"a==b", "a==b", ""},
		{"a!=b", "a!=b", ""},
		{"b=c, a=b", "a=b,b=c", ""},
		{"env in (prod, staging,prod)", "env in (prod,staging)", ""},
		{"env notin (x)", "env notin (x)", ""},
		{"a", "a", ""},
		{"!a", "!a", ""},
		{"x in (foo,,baz),y,z notin ()", "x in (,baz,foo),y,z notin ()", ""},
		{"a=", "a=", ""},
		{"example.com/app=web", "example.com/app=web", ""},
		{"a>5", "a>5", ""},
		{"a,", "", "found '', expected: identifier after ','"},
		{"a b", "", "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"},
		{"a=b c", "", "found 'c', expected: ',' or 'end of string'"},
		{"a in x", "", "unable to parse requirement: found 'x' expected: '('"},
		{"a in (x", "", "unable to parse requirement: found '', expected: ',' or ')'"},
		{"=a", "", "found '=', expected: !, identifier, or 'end of string'"},
		{"a>b", "", "unable to parse requirement: values[0]: Invalid value: \"b\": for 'Gt', 'Lt' operators, the value must be an integer"},
		{"-a=b", "", "unable to parse requirement: <nil>: Invalid value: \"-a\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"},
		{"a=-b", "", "unable to parse requirement: values[0][a]: Invalid value: \"-b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"},
	}
	for _, tt := range tests {
		s, err := ParseLabelSelector(tt.in)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if gotErr != tt.werr {
			t.Errorf("%q: error\n got %q\nwant %q", tt.in, gotErr, tt.werr)
			continue
		}
		if err == nil && s.String() != tt.wstring {
			t.Errorf("%q: String %q want %q", tt.in, s.String(), tt.wstring)
		}
	}
}

func TestLabelSelectorMatches(t *testing.T) {
	labels := map[string]string{"app": "web", "tier": "front", "n": "7"}
	tests := []struct {
		sel  string
		want bool
	}{
		{"", true}, {"app=web", true}, {"app=db", false}, {"app!=db", true}, {"missing!=x", true},
		{"app in (db,web)", true}, {"app notin (web)", false}, {"missing notin (x)", true},
		{"app", true}, {"!app", false}, {"!missing", true}, {"n>5", true}, {"n<5", false},
		{"app=web,tier=back", false},
	}
	for _, tt := range tests {
		s, err := ParseLabelSelector(tt.sel)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Matches(labels); got != tt.want {
			t.Errorf("%q: %v want %v", tt.sel, got, tt.want)
		}
	}
}
