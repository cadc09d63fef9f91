package lessons

import "testing"

// TestBrokenBackoffFailsItsLesson: reconcile-backoff's claims fail when
// the mechanism it shows is broken: the controller requeues at once, it
// never forgets, leaky forgets after all, the hot loop is rate limited,
// the fix never arrives.
func TestBrokenBackoffFailsItsLesson(t *testing.T) {
	if testing.Short() {
		t.Skip("plays one lesson five times")
	}
	runBiteCases(t, []biteCase{
		{lesson: "reconcile-backoff", fault: "app requeues at once (Add, not AddRateLimited)",
			wrap: wrapWith(rewriteCmd(`^(sim informer app .*configmap/web-config)$`, "$1 --requeue immediate --work-cost 1ms")), wantFailed: []string{
				"The first retry came 5 ms after the first attempt...",
				"... and the delay doubled each time: the 14th attempt 40.955 s after the first (5 ms × (2^13 - 1)).",
				"Each requeue is a retry in workqueue_retries_total; the 14th waits outside the queue.",
			}},
		{lesson: "reconcile-backoff", fault: "app never calls Forget",
			wrap: wrapWith(rewriteCmd(`^(sim informer app .*configmap/web-config)$`, "$1 --forget=false")), wantFailed: []string{
				"app starts over at 5 ms...",
			}},
		{lesson: "reconcile-backoff", fault: "leaky calls Forget after all",
			wrap: wrapWith(rewriteCmd(` --forget=false$`, "")), wantFailed: []string{
				"... leaky's first retry waits 81.92 s (5 ms × 2^14)...",
			}},
		{lesson: "reconcile-backoff", fault: "the hot controller requeues rate limited",
			wrap: wrapWith(rewriteCmd(` --requeue immediate`, "")), wantFailed: []string{
				"About 100 attempts in a second, back to back, every one failing...",
				"The back-off shows in retries; the hot loop shows only in adds.",
			}},
		{lesson: "reconcile-backoff", fault: "web-config is never created",
			wrap: wrapWith(rewriteCmd(`^kubectl create configmap web-config .*$`, "sim advance 0s")), wantFailed: []string{
				"The success waited for the timer: about 22 s after the create...",
			}},
	})
}
