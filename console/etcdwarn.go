package console

import (
	"errors"
	"fmt"
	"time"

	"watchscope/apimachinery"
	"watchscope/mvcc"
)

// When a unary call fails, etcdctl 3.6's client library (clientv3's retry
// interceptor) logs one JSON line on stderr before etcdctl prints the
// error. The console prints it too, in the order a terminal shows them.
// Its timestamp is the world's virtual time from apimachinery.Epoch; the
// client's address, connection pointer and local port are fixed stand-ins.

// grpcCode is the gRPC status code etcd's server gives each error.
// Every other error here is InvalidArgument.
var grpcCode = []struct {
	err  error
	code string
}{
	{mvcc.ErrGRPCCompacted, "OutOfRange"},
	{mvcc.ErrGRPCFutureRev, "OutOfRange"},
	{mvcc.ErrGRPCLeaseTTLTooLarge, "OutOfRange"},
	{mvcc.ErrGRPCNoSpace, "ResourceExhausted"},
	{mvcc.ErrGRPCLeaseNotFound, "NotFound"},
	{mvcc.ErrGRPCLeaseExist, "FailedPrecondition"},
}

// rpcFailed returns the warning line and the error for a failed call.
func (sh *Shell) rpcFailed(method string, err error) (string, error) {
	code := "InvalidArgument"
	for _, c := range grpcCode {
		if errors.Is(err, c.err) {
			code = c.code
		}
	}
	return clientWarning(sh.w.Now(), method, fmt.Sprintf("rpc error: code = %s desc = %v", code, err)), err
}

// clientWarning is the zap JSON line clientv3 logs; encoding/json would
// escape the same characters as zap does in these texts.
func clientWarning(now time.Duration, method, grpcErr string) string {
	ts := apimachinery.Epoch.Add(now).UTC().Format("2006-01-02T15:04:05.000000Z")
	return fmt.Sprintf(`{"level":"warn","ts":%q,"logger":"etcd-client","caller":"v3@v3.6.16/retry_interceptor.go:68",`+
		`"msg":"retrying of unary invoker failed","target":"etcd-endpoints://0xc0001c8000/%s",`+
		`"peer":"Peer{Addr: '%s', LocalAddr: '127.0.0.1:40866', AuthInfo: 'insecure'}",`+
		`"method":%q,"attempt":0,"error":%q}`+"\n", ts, endpoint, endpoint, method, grpcErr)
}
