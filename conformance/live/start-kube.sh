#!/bin/sh
# start-kube.sh BIN DIR [apiserver]: starts etcd (127.0.0.1:2379) and kube-apiserver (127.0.0.1:6443)
# with their data in DIR and writes DIR/kubeconfig (admin token, insecure-skip-tls-verify). Prints
# the two PIDs. The caller kills them. With "apiserver", starts only kube-apiserver again (a
# restart: etcd, the keys and the certificates of the first start are kept) and prints its PID.
#
# The API server is started quiet: no identity lease (APIServerIdentity), no peer-proxy lease
# (UnknownVersionInteroperabilityProxy) and no endpoint reconciler, the three writers that renew a
# key every 10 s. With them, etcd's revision moves on its own, and every consistent LIST and
# bookmark carries a revision no object has; the simulation has no such writers.
set -eu
bin=$1 dir=$2 only=${3:-all}
if [ "$only" = all ]; then
  mkdir -p "$dir" && chmod 700 "$dir"
  openssl genrsa -out "$dir/sa.key" 2048 2>/dev/null
  openssl rsa -in "$dir/sa.key" -pubout -out "$dir/sa.pub" 2>/dev/null
  echo 'admin-token,admin,admin,system:masters' > "$dir/tokens.csv"
  "$bin/etcd" --data-dir "$dir/etcd" --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://localhost:2379 \
    --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://localhost:2380 \
    --initial-cluster default=http://localhost:2380 > "$dir/etcd.log" 2>&1 &
  echo $!
fi
"$bin/kube-apiserver" --etcd-servers=http://127.0.0.1:2379 --bind-address=127.0.0.1 --advertise-address=127.0.0.1 \
  --secure-port=6443 --cert-dir="$dir/certs" --service-account-issuer=https://kubernetes.default.svc \
  --service-account-key-file="$dir/sa.pub" --service-account-signing-key-file="$dir/sa.key" \
  --token-auth-file="$dir/tokens.csv" --authorization-mode=AlwaysAllow --service-cluster-ip-range=10.0.0.0/24 \
  --endpoint-reconciler-type=none --feature-gates=APIServerIdentity=false,UnknownVersionInteroperabilityProxy=false \
  >> "$dir/apiserver.log" 2>&1 &
echo $!
[ "$only" = all ] || exit 0
cat > "$dir/kubeconfig" <<KC
apiVersion: v1
kind: Config
clusters:
- name: live
  cluster: {server: "https://127.0.0.1:6443", insecure-skip-tls-verify: true}
users:
- name: admin
  user: {token: admin-token}
contexts:
- name: live
  context: {cluster: live, user: admin, namespace: default}
current-context: live
KC
