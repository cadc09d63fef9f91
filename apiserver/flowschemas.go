package apiserver

import "strings"

// A priority level of the default APF configuration (1.36 bootstrap
// objects, flowcontrol/bootstrap/default.go): its nominal concurrency
// shares and queuing parameters. Exempt levels never queue; catch-all
// rejects instead of queuing.
type levelSpec struct {
	name             string
	shares           int
	queues           int
	handSize         int
	queueLengthLimit int
	exempt, reject   bool
}

// defaultLevels, in the order metrics and the UI show them.
var defaultLevels = []levelSpec{
	{name: "exempt", exempt: true},
	{name: "system", shares: 30, queues: 64, handSize: 6, queueLengthLimit: 50},
	{name: "node-high", shares: 40, queues: 64, handSize: 6, queueLengthLimit: 50},
	{name: "leader-election", shares: 10, queues: 16, handSize: 4, queueLengthLimit: 50},
	{name: "workload-high", shares: 40, queues: 128, handSize: 6, queueLengthLimit: 50},
	{name: "workload-low", shares: 100, queues: 128, handSize: 6, queueLengthLimit: 50},
	{name: "global-default", shares: 20, queues: 128, handSize: 6, queueLengthLimit: 50},
	{name: "catch-all", shares: 5, reject: true},
}

// flowSchemaLevel maps the default FlowSchemas to their priority levels.
var flowSchemaLevel = map[string]string{
	"exempt":                       "exempt",
	"probes":                       "exempt",
	"system-leader-election":       "leader-election",
	"workload-leader-election":     "leader-election",
	"system-node-high":             "node-high",
	"system-nodes":                 "system",
	"kube-controller-manager":      "workload-high",
	"kube-scheduler":               "workload-high",
	"kube-system-service-accounts": "workload-high",
	"service-accounts":             "workload-low",
	"global-default":               "global-default",
	"catch-all":                    "catch-all",
}

// Classify is the default classifier: it infers the requesting user from
// the client's node name and picks the FlowSchema the defaults would
// match first (lowest matchingPrecedence):
//
//	client name                        user                         FlowSchema
//	admin*, system:masters             system:masters               exempt
//	kube-controller-manager*, kube-scheduler*, leases in kube-system
//	                                   system:kube-*                system-leader-election
//	kubelet*, node-*: nodes or leases  system:node:<name>           system-node-high
//	kubelet*, node-*: anything else                                 system-nodes
//	kube-controller-manager*           system:kube-controller-manager  kube-controller-manager
//	kube-scheduler*                    system:kube-scheduler        kube-scheduler
//	controller-*, operator-*           a service account            service-accounts
//	"" (anonymous)                     system:anonymous             catch-all
//	anything else (kubectl, users)     an authenticated user        global-default
func Classify(r Request) string {
	c := r.Client
	has := func(p ...string) bool {
		for _, x := range p {
			if strings.HasPrefix(c, x) {
				return true
			}
		}
		return false
	}
	switch {
	case c == "":
		return "catch-all"
	case has("admin", "system:masters"):
		return "exempt"
	case has("kube-controller-manager", "kube-scheduler") && r.Resource == "leases" && r.Namespace == "kube-system":
		return "system-leader-election"
	case has("kubelet", "node-") && (r.Resource == "nodes" || r.Resource == "leases"):
		return "system-node-high"
	case has("kubelet", "node-"):
		return "system-nodes"
	case has("kube-controller-manager"):
		return "kube-controller-manager"
	case has("kube-scheduler"):
		return "kube-scheduler"
	case has("controller-", "operator-"):
		return "service-accounts"
	}
	return "global-default"
}
