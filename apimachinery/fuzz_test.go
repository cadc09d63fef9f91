package apimachinery

import "testing"

func FuzzParseLabelSelector(f *testing.F) {
	for _, s := range []string{"a=b", "a in (x,y),!b", "x in (foo,,baz),y,z notin ()", "a>5", "a,", "=", "a\x00b", "!a!=b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseLabelSelector(in)
		if err != nil {
			return
		}
		again, err := ParseLabelSelector(s.String())
		if err != nil || again.String() != s.String() {
			t.Fatalf("%q -> %q -> %q (%v)", in, s.String(), again.String(), err)
		}
	})
}

func FuzzParseFieldSelector(f *testing.F) {
	for _, s := range []string{"a=b", `a=x\,y,b!=c`, "a==b", `a=\`, "a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseFieldSelector(in)
		if err != nil {
			return
		}
		again, err := ParseFieldSelector(s.String())
		if err != nil || again.String() != s.String() {
			t.Fatalf("%q -> %q -> %q (%v)", in, s.String(), again.String(), err)
		}
	})
}

func FuzzDecodeContinue(f *testing.F) {
	tok, _ := EncodeContinue("/registry/pods/a/b\x00", "/registry/pods/", 5)
	f.Add(tok)
	f.Add("eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MSwic3RhcnQiOiIuLi94In0")
	f.Fuzz(func(t *testing.T, in string) {
		key, rv, err := DecodeContinue(in, "/registry/pods/")
		if err != nil {
			return
		}
		back, err := EncodeContinue(key, "/registry/pods/", rv)
		if err != nil {
			t.Fatal(err)
		}
		key2, rv2, err := DecodeContinue(back, "/registry/pods/")
		if err != nil || key2 != key || rv2 != rv {
			t.Fatalf("round trip %q %d -> %q %d %v", key, rv, key2, rv2, err)
		}
	})
}

func FuzzDecode(f *testing.F) {
	f.Add(Encode(&Object{Kind: "Pod", ObjectMeta: ObjectMeta{Name: "a", Labels: map[string]string{"x": "y"}}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := Decode(data, 1)
		if err != nil {
			return
		}
		o2, err := Decode(Encode(o), 1)
		if err != nil || o2.String() != o.String() {
			t.Fatalf("re-decode %v", err)
		}
	})
}
