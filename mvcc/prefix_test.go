package mvcc

import "testing"

func TestPrefixEnd(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a", "b"}, {"a/", "a0"}, {"ab\xff", "ac"}, {"\xff\xff", "\x00"}, {"", "\x00"},
		{"/registry/pods/", "/registry/pods0"},
	}
	for _, tt := range tests {
		if got := string(PrefixEnd([]byte(tt.in))); got != tt.want {
			t.Errorf("PrefixEnd(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
