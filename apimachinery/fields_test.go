package apimachinery

import "testing"

func TestParseFieldSelector(t *testing.T) {
	tests := []struct {
		in      string
		wstring string
		werr    string
	}{
		{"", "", ""},
		{"spec.nodeName=node-1", "spec.nodeName=node-1", ""},
		{"spec.nodeName==node-1", "spec.nodeName=node-1", ""},
		{"metadata.namespace!=kube-system,metadata.name=x", "metadata.name=x,metadata.namespace!=kube-system", ""},
		{`a=x\,y`, `a=x\,y`, ""},
		{"a", "", "invalid selector: 'a'; can't understand 'a'"},
		{"a=b,c", "", "invalid selector: 'a=b,c'; can't understand 'c'"},
		{`a=x\y`, "", `invalid field selector: invalid escape sequence: \y`},
		{`a=x=y`, "", "invalid field selector: unescaped character in value: 61"},
	}
	for _, tt := range tests {
		s, err := ParseFieldSelector(tt.in)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if gotErr != tt.werr || (err == nil && s.String() != tt.wstring) {
			t.Errorf("%q: got %q / %q, want %q / %q", tt.in, s.String(), gotErr, tt.wstring, tt.werr)
		}
	}
	s, _ := ParseFieldSelector("spec.nodeName=n1,metadata.namespace!=x")
	if v, ok := s.RequiresExactMatch("spec.nodeName"); !ok || v != "n1" {
		t.Fatal("RequiresExactMatch")
	}
	if _, ok := s.RequiresExactMatch("metadata.namespace"); ok {
		t.Fatal("!= is not an exact match")
	}
	p := &Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: "a", Namespace: "y"}, Spec: ObjectSpec{NodeName: "n1"}}
	if !s.Matches(p.Field) || !s.MatchesSet(p.Fields()) {
		t.Fatal("should match")
	}
}

func TestValidateFieldSelector(t *testing.T) {
	podsR, _ := LookupResource("pods")
	cms, _ := LookupResource("configmaps")
	s, _ := ParseFieldSelector("spec.nodeName=x")
	if err := podsR.ValidateFieldSelector(s); err != nil {
		t.Fatal(err)
	}
	err := cms.ValidateFieldSelector(s)
	if err == nil || err.Error() != `"spec.nodeName" is not a known field selector: only "metadata.name", "metadata.namespace"` || CodeOf(err) != 400 {
		t.Fatalf("got %v", err)
	}
}
