#!/bin/sh
# start-kube.sh BIN DIR: starts etcd (127.0.0.1:2379) and kube-apiserver (127.0.0.1:6443) with
# their data in DIR and writes DIR/kubeconfig (admin token, insecure-skip-tls-verify). Prints the
# two PIDs. The caller kills them.
set -eu
bin=$1 dir=$2
mkdir -p "$dir" && chmod 700 "$dir"
openssl genrsa -out "$dir/sa.key" 2048 2>/dev/null
openssl rsa -in "$dir/sa.key" -pubout -out "$dir/sa.pub" 2>/dev/null
echo 'admin-token,admin,admin,system:masters' > "$dir/tokens.csv"
"$bin/etcd" --data-dir "$dir/etcd" --listen-client-urls http://127.0.0.1:2379 --advertise-client-urls http://localhost:2379 \
  --listen-peer-urls http://127.0.0.1:2380 --initial-advertise-peer-urls http://localhost:2380 \
  --initial-cluster default=http://localhost:2380 > "$dir/etcd.log" 2>&1 &
echo $!
"$bin/kube-apiserver" --etcd-servers=http://127.0.0.1:2379 --bind-address=127.0.0.1 --advertise-address=127.0.0.1 \
  --secure-port=6443 --cert-dir="$dir/certs" --service-account-issuer=https://kubernetes.default.svc \
  --service-account-key-file="$dir/sa.pub" --service-account-signing-key-file="$dir/sa.key" \
  --token-auth-file="$dir/tokens.csv" --authorization-mode=AlwaysAllow --service-cluster-ip-range=10.0.0.0/24 \
  > "$dir/apiserver.log" 2>&1 &
echo $!
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
