package mvcc

import (
	"errors"
	"fmt"
)

// More gRPC-level errors with etcd's exact text.
var (
	// ErrGRPCKeyNotFound is returned for a txn operation with no request
	// set (an empty RequestOp).
	ErrGRPCKeyNotFound = errors.New("etcdserver: key not found")
)

// GRPCMessageTooLargeError is gRPC's own rejection of a request bigger than
// the server's receive limit (--max-request-bytes + 512 KiB), before etcd
// sees it. etcdctl prints it whole.
type GRPCMessageTooLargeError struct {
	Size, Max int
}

func (e GRPCMessageTooLargeError) Error() string {
	return fmt.Sprintf("rpc error: code = ResourceExhausted desc = grpc: received message larger than max (%d vs. %d)", e.Size, e.Max)
}

// toGRPCError maps the MVCC layer's errors to what the server returns.
func toGRPCError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrCompacted):
		return ErrGRPCCompacted
	case errors.Is(err, ErrFutureRev):
		return ErrGRPCFutureRev
	}
	return err
}
