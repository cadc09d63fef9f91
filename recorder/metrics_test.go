//go:build !js

package recorder

import (
	"fmt"
	"strings"
	"testing"
)

// Lines as kube-apiserver v1.36.5 writes them on /metrics.
const metricsText = `# HELP watch_cache_capacity [ALPHA] Total capacity of watch cache broken by resource type.
# TYPE watch_cache_capacity gauge
watch_cache_capacity{group="",resource="configmaps"} 100
watch_cache_capacity{group="",resource="pods"} 100
watch_cache_capacity{group="coordination.k8s.io",resource="leases"} 200
apiserver_watch_cache_events_received_total{group="",resource="configmaps"} 3
apiserver_watch_events_total{group="",resource="configmaps",version="v1"} 5
apiserver_watch_events_total{group="",resource="configmaps",version="v1beta1"} 3
apiserver_longrunning_requests{component="apiserver",group="",resource="configmaps",scope="cluster",subresource="",verb="WATCH",version="v1"} 2
apiserver_longrunning_requests{component="apiserver",group="",resource="configmaps",scope="namespace",subresource="",verb="WATCH",version="v1"} 1
apiserver_longrunning_requests{component="apiserver",group="",resource="pods",scope="namespace",subresource="log",verb="CONNECT",version="v1"} 4
apiserver_storage_objects{resource="configmaps"} 2
apiserver_storage_objects{resource="leases.coordination.k8s.io"} 7
apiserver_request_total{code="200",resource="configmaps",verb="LIST"} 9
`

func TestParseMetricsKeepsTheWatchCacheSeries(t *testing.T) {
	got := fmt.Sprint(ParseMetrics(strings.NewReader(metricsText), []string{"configmaps", "pods"}))
	want := "[{watch_cache_capacity  configmaps 100} {watch_cache_capacity  pods 100} " +
		"{apiserver_watch_cache_events_received_total  configmaps 3} {apiserver_watch_events_total  configmaps 8} " +
		"{apiserver_longrunning_requests  configmaps 3} {apiserver_storage_objects  configmaps 2}]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// apiserver_storage_objects names a grouped resource by its GroupResource
// text, "leases.coordination.k8s.io": it is kept as leases of that group.
func TestParseMetricsGroupedStorageObjects(t *testing.T) {
	got := fmt.Sprint(ParseMetrics(strings.NewReader(metricsText), []string{"leases"}))
	want := "[{watch_cache_capacity coordination.k8s.io leases 200} {apiserver_storage_objects coordination.k8s.io leases 7}]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
