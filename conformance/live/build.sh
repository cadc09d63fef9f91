#!/bin/sh
# build.sh: builds the real etcd 3.6.16, etcdctl 3.6.16, kube-apiserver v1.36.5 and kubectl
# v1.36.5 from Go modules (the module proxy only) into a cache directory keyed by version, once.
# Prints the bin directory. Cold, on 2 cores: ~6 minutes; warm: nothing to do.
#
#   WS_LIVE_CACHE   where to keep them (default $HOME/.cache/watchscope-live)
#
# "sh build.sh etcd" builds only etcd and etcdctl.
set -eu
only=${1:-all}
ETCD=3.6.16
KUBE=1.36.5
STAGING=0.36.5
root=${WS_LIVE_CACHE:-$HOME/.cache/watchscope-live}
bin=$root/etcd-$ETCD-kube-$KUBE/bin
if [ -x "$bin/etcd" ] && [ -x "$bin/etcdctl" ] && { [ "$only" = etcd ] || { [ -x "$bin/kube-apiserver" ] && [ -x "$bin/kubectl" ]; }; }; then
  echo "$bin"
  exit 0
fi
mkdir -p "$bin"
work=$root/etcd-$ETCD-kube-$KUBE/src
mkdir -p "$work/etcd" "$work/kube"

# etcd: the proxy does not serve etcd's root module, so a one-line main calls etcdmain as etcd's does.
cd "$work/etcd"
cat > go.mod <<MOD
module wslive/etcd

go 1.26.0
MOD
cat > main.go <<'GO'
// Command etcd is the real etcd server: etcd's own main does exactly this.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() { etcdmain.Main(os.Args) }
GO
cat > tools.go <<'GO'
//go:build tools

package main

import _ "go.etcd.io/etcd/etcdctl/v3"
GO
go get go.etcd.io/etcd/server/v3@v$ETCD go.etcd.io/etcd/etcdctl/v3@v$ETCD >&2
go mod tidy >&2
[ -x "$bin/etcd" ] || { go build -trimpath -ldflags=-s -o "$bin/etcd.tmp" . >&2 && mv "$bin/etcd.tmp" "$bin/etcd"; }
[ -x "$bin/etcdctl" ] || { go build -trimpath -ldflags=-s -o "$bin/etcdctl.tmp" go.etcd.io/etcd/etcdctl/v3 >&2 && mv "$bin/etcdctl.tmp" "$bin/etcdctl"; }
if [ "$only" = etcd ]; then
  echo "$bin"
  exit 0
fi

# kube-apiserver and kubectl: k8s.io/kubernetes replaces its staging modules with ./staging,
# which a dependency ignores; replace each with its released version instead.
cd "$work/kube"
{
  echo "module wslive/kube"
  echo
  echo "go 1.26.0"
  echo
  echo "require k8s.io/kubernetes v$KUBE"
  echo
  echo "replace ("
  for m in api apiextensions-apiserver apimachinery apiserver cli-runtime client-go cloud-provider \
    cluster-bootstrap code-generator component-base component-helpers controller-manager cri-api \
    cri-client cri-streaming csi-translation-lib dynamic-resource-allocation endpointslice externaljwt \
    kms kube-aggregator kube-controller-manager kube-proxy kube-scheduler kubectl kubelet metrics \
    mount-utils pod-security-admission sample-apiserver streaming; do
    echo "	k8s.io/$m => k8s.io/$m v$STAGING"
  done
  echo ")"
} > go.mod
cat > tools.go <<'GO'
//go:build tools

package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kubectl"
)
GO
go mod tidy >&2
ld="-s"
for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  ld="$ld -X $p.gitVersion=v$KUBE -X $p.gitMajor=1 -X $p.gitMinor=36 -X $p.gitTreeState=clean -X $p.buildDate=2026-01-01T00:00:00Z"
done
go build -trimpath -ldflags="$ld" -o "$bin/kubectl.tmp" k8s.io/kubernetes/cmd/kubectl >&2 && mv "$bin/kubectl.tmp" "$bin/kubectl"
go build -trimpath -ldflags="$ld" -o "$bin/kube-apiserver.tmp" k8s.io/kubernetes/cmd/kube-apiserver >&2 && mv "$bin/kube-apiserver.tmp" "$bin/kube-apiserver"
echo "$bin"
