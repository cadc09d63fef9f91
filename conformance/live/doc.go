// Package live runs the same console scripts through the real etcd 3.6.16
// and etcdctl 3.6.16 (built from Go modules by build.sh, cached by version)
// and through WatchScope's console, and compares what each command printed
// byte for byte after normalising only what must differ: timestamps,
// connection pointers, local ports and lease IDs (time-based in etcd).
//
// It is opt-in: `make conformance-live` (or WS_LIVE=1 go test ./live) builds
// the binaries once (about six minutes cold on two cores) and starts the
// real member on 127.0.0.1:2379/2380 advertised as localhost, so its member
// and cluster IDs are a default member's, as in the simulation.
//
// A script is a file of console lines (testdata/etcdctl/*.txt): etcdctl
// commands (the word etcdctl may be left out), "sim advance D" (the real
// side sleeps D), the lines after `etcdctl txn` as its standard input, and
// $LEASE1, $LEASE2, ... standing for the IDs the script's grants returned,
// in order, on each side. `etcdctl watch` and `lease keep-alive` keep
// running in the background on both sides; what they print after a command
// counts as that command's output (the real side waits 600 ms for it).
//
// The kubectl scripts (testdata/kubectl/*.txt) run through the real
// kubectl v1.36.5 against a fresh, quiet kube-apiserver v1.36.5 over a
// real etcd (start-kube.sh) and through the console's kubectl: watches in
// the background (get -w, raw watch=1), "sim advance D" as a sleep, "sim
// restart apiserver-0" as a kill and start, $RV and $CONTINUE as each
// side's own values; resourceVersions are compared by their order of
// appearance (see kube_test.go and ../README.md).
package live
