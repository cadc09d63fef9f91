//go:build !js

package recorder

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"watchscope/recording"
)

// MetricsEvery is how often /metrics is sampled.
const MetricsEvery = 10 * time.Second

// sampleMetrics reads the watch-cache series of /metrics at once and
// every MetricsEvery. If the account may not read /metrics (401, 403) it
// says so in one line and stops sampling; the recording goes on without.
// Any other failure (the API server restarting) skips that sample: the
// informers record what the server answered them meanwhile.
func (r *Recorder) sampleMetrics(ctx context.Context, targets []target) {
	var names []string
	for _, t := range targets {
		names = append(names, t.Resource)
	}
	t := time.NewTicker(MetricsEvery)
	defer t.Stop()
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.conn.url("/metrics", nil), nil)
		if err != nil {
			return
		}
		resp, err := r.conn.get(req)
		var ae *apiError
		switch {
		case errors.As(err, &ae) && (ae.Code == http.StatusForbidden || ae.Code == http.StatusUnauthorized):
			r.note("cannot read /metrics (%s): recording without the watch-cache metrics; the cache window will be unknown", oneLine(err))
			return
		case err == nil:
			samples := ParseMetrics(resp.Body, names)
			resp.Body.Close()
			r.emit(recording.Record{Kind: recording.KindMetrics, Samples: samples})
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ParseMetrics keeps the recording.MetricNames series of Prometheus text
// whose resource label is one of resources (of the long-running requests,
// the WATCHes only), summed over other labels (apiserver_watch_events_total,
// for one, is split by version).
func ParseMetrics(rd io.Reader, resources []string) []recording.Sample {
	var out []recording.Sample
	index := map[recording.Sample]int{}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, labels, value, ok := splitSample(line)
		if !ok || !slices.Contains(recording.MetricNames, name) {
			continue
		}
		s := recording.Sample{Name: name, Group: labels["group"], Resource: labels["resource"]}
		if name == recording.MetricObjects {
			// Its one label is the GroupResource's text, "leases.coordination.k8s.io"
			// (deprecated since 1.34 for apiserver_resource_objects{group,resource},
			// and still exported by 1.36).
			if res, group, ok := strings.Cut(s.Resource, "."); ok {
				s.Resource, s.Group = res, group
			}
		}
		if !slices.Contains(resources, s.Resource) || (name == recording.MetricWatchers && labels["verb"] != "WATCH") {
			continue
		}
		if i, seen := index[s]; seen {
			out[i].Value += value
			continue
		}
		index[s] = len(out)
		s.Value = value
		out = append(out, s)
	}
	return out
}

// splitSample splits `name{a="x",b="y"} 12.5` (no timestamp expected).
func splitSample(line string) (string, map[string]string, float64, bool) {
	name, rest := line, ""
	labels := map[string]string{}
	if i := strings.IndexByte(line, '{'); i >= 0 {
		j := strings.LastIndexByte(line, '}')
		if j < i {
			return "", nil, 0, false
		}
		name, rest = line[:i], line[j+1:]
		for _, kv := range strings.Split(line[i+1:j], ",") {
			k, v, ok := strings.Cut(kv, "=")
			if ok {
				labels[strings.TrimSpace(k)] = strings.Trim(v, `"`)
			}
		}
	} else if i := strings.IndexByte(line, ' '); i >= 0 {
		name, rest = line[:i], line[i:]
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return "", nil, 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return name, labels, v, err == nil
}
