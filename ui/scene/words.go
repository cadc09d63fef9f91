package scene

import (
	"strings"
)

// metricWords says in plain words what a metric counts, by name.
var metricWords = map[string]string{
	"apiserver_request_total":                        "requests answered",
	"apiserver_watch_events_total":                   "watch events sent to clients",
	"apiserver_watch_cache_events_received_total":    "events the cache got from etcd",
	"apiserver_longrunning_requests":                 "open watches",
	"apiserver_terminated_watchers_total":            "watchers cut off for being slow",
	"apiserver_watch_cache_consistent_read_total":    "consistent reads from the cache",
	"apiserver_watch_cache_read_wait_seconds_count":  "reads that waited for the cache",
	"apiserver_watch_cache_read_wait_seconds_bucket": "reads that waited for the cache",
	"apiserver_watch_cache_initializations_total":    "cache (re)initialisations",
	"apiserver_init_events_total":                    "initial events sent to new watches",
	"apiserver_flowcontrol_work_estimated_seats_sum": "seats APF charged",
	"watch_cache_capacity":                           "watch cache capacity (slots)",
	"watch_cache_capacity_increase_total":            "times the ring grew",
	"watch_cache_capacity_decrease_total":            "times the ring shrank",
	"process_resident_memory_bytes":                  "API server memory",
	"kube_pod_container_status_restarts_total":       "container restarts",
	"etcd_debugging_mvcc_current_revision":           "etcd revision",
	"etcd_debugging_mvcc_compact_revision":           "etcd compacted revision",
	"etcd_debugging_mvcc_db_compaction_keys_total":   "keys compacted away",
	"etcd_debugging_mvcc_watcher_total":              "watchers on etcd",
	"etcd_debugging_mvcc_watch_stream_total":         "watch streams on etcd",
	"etcd_mvcc_put_total":                            "etcd puts",
	"etcd_mvcc_delete_total":                         "etcd deletes",
	"etcd_mvcc_range_total":                          "etcd range reads",
	"etcd_requests_total":                            "etcd requests",
	"node_network_receive_bytes_total":               "bytes received",
}

// HumanMetric is a chart's title in words: what the series counts, and
// for which resource, verb or replica its labels pick ("LIST requests
// answered · configmaps"). The raw name goes beneath it, smaller.
func HumanMetric(series string) string {
	base, labels, _ := strings.Cut(series, "{")
	words, ok := metricWords[base]
	if !ok {
		words = strings.ReplaceAll(base, "_", " ")
	}
	var about []string
	for _, l := range strings.Split(strings.TrimSuffix(labels, "}"), ",") {
		k, v, _ := strings.Cut(l, "=")
		v = strings.Trim(v, `"`)
		switch k {
		case "verb":
			words = v + " " + words
		case "resource", "apiserver", "instance", "replica":
			about = append(about, v)
		}
	}
	if len(about) > 0 {
		words += " · " + strings.Join(about, ", ")
	}
	return words
}

// resourceWords maps what commands say to the resource ("configmap",
// "cm", "/api/v1/pods") they act on.
var resourceWords = []struct{ word, resource string }{
	{"configmap", "configmaps"}, {"secret", "secrets"}, {"lease", "leases"},
	{"namespace", "namespaces"}, {"node", "nodes"}, {"event", "events"}, {"pod", "pods"},
}

// CommandResource is the resource a console command acts on ("sim cache
// configmaps", "kubectl get --raw '/api/v1/pods?limit=500'",
// "kubectl create configmap news"), "" when it names none.
func CommandResource(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) < 2 {
		return ""
	}
	switch f[0] {
	case "kubectl", "sim":
	default:
		return "" // etcdctl: keys, not resources
	}
	if f[0] == "kubectl" && f[1] == "run" {
		return "pods"
	}
	for _, w := range f[1:] {
		w = strings.Trim(strings.ToLower(w), `'"`)
		if r := resourceOfKey(w); r != "" {
			return r
		}
		if strings.HasPrefix(w, "/api") { // the last resource in the path: /api/v1/namespaces/ns/pods
			found := ""
			for _, part := range strings.Split(strings.SplitN(w, "?", 2)[0], "/") {
				if r := resourceWord(part); r != "" {
					found = r
				}
			}
			if found != "" {
				return found
			}
			continue
		}
		if strings.HasPrefix(w, "-") {
			continue // a flag: -n ns, --namespace
		}
		if r := resourceWord(w); r != "" {
			return r
		}
	}
	return ""
}

func resourceWord(w string) string {
	w = strings.TrimSuffix(w, "s")
	if w == "cm" {
		return "configmaps"
	}
	for _, rw := range resourceWords {
		if w == rw.word {
			return rw.resource
		}
	}
	return ""
}
