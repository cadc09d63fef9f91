package watchcache

import "testing"

func TestWatchCacheSizes(t *testing.T) {
	sizes, err := ParseWatchCacheSizes("pods#1000,events#0,deployments.apps#0")
	if err != nil || len(sizes) != 3 || sizes[0] != (WatchCacheSize{"pods", 1000}) || sizes[2].GroupResource != "deployments.apps" {
		t.Fatalf("got %v %v", sizes, err)
	}
	for _, bad := range []string{"pods", "#5", "pods#x", "pods#-1"} {
		if _, err := ParseWatchCacheSizes(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	tests := []struct {
		size     int
		mode     SizingMode
		wenabled bool
		wfixed   int
		wlog     string
	}{
		{0, DynamicSizing, false, 0, ""},
		{1000, DynamicSizing, true, 0, "Dropping watch-cache-size for pods - watchCache size is now dynamic"},
		{1000, LegacyFixedSizing, true, 1000, ""},
		{0, LegacyFixedSizing, false, 0, ""},
	}
	for _, tt := range tests {
		e, f, l := ApplyWatchCacheSize("pods", tt.size, tt.mode)
		if e != tt.wenabled || f != tt.wfixed || l != tt.wlog {
			t.Errorf("%+v: got %v %d %q", tt, e, f, l)
		}
	}
}
