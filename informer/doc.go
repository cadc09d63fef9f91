// Package informer is client-go 1.36's informer machinery (tools/cache:
// Reflector, RealFIFO/DeltaFIFO, Indexer, SharedIndexInformer, the
// shared informer factory) written as deterministic state machines.
// It imports only apimachinery: it never calls the API server itself.
//
//	            calls (data)                    answers (method calls)
//	Reflector ──TakeCalls()──► engine glue ──► API server ──► OnListResult
//	    ▲                                                      OnWatchStarted
//	    └──────────────────────────────────────────────────── OnWatchEvent
//	                                                           OnWatchEnded
//	    │ Add/Update/Delete/Replace/Resync/Bookmark
//	    ▼
//	  FIFO ──Pop (never blocks)──► processDeltas ──► Indexer
//	                                    │ distribute
//	                                    ▼
//	                 processorListener rings (1024, doubling) ──► Handler (Cost per notification)
//
// How the real goroutines map onto calls:
//
//   - Reflector.RunWithContext's loop (delayHandler.Until, sliding) is
//     Start (first ListAndWatch at once) and the phaseBackoff timer: when
//     ListAndWatch "returns", delay() is drawn and Step runs the next
//     ListAndWatch at wakeAt.
//   - watchList()'s for-loop is watchListIterate: one WATCH with
//     sendInitialEvents=true per turn; its handleListWatch is the
//     listMode stream (temporary store until the initial-events-end
//     bookmark); its `<-clock.After(delay())` after a 429 is
//     phaseWatchListRetry.
//   - list()'s goroutine and the pager are pagerState: one page call
//     outstanding, OnListResult advancing it.
//   - watch()'s loop is startWatch/streamEnded; its 429 wait is
//     phaseWatchRetry; handleWatch is OnWatchEvent/OnWatchEnded.
//   - startResync's goroutine is the resync timer Step fires while the
//     watch phase is active.
//   - initialEventsEndBookmarkTicker is the 10s warning timer.
//   - rest.Request's Retry-After loop (429/5xx with Retry-After, up to 10
//     retries) is restRetry: the same request re-sent after the wait with
//     a new ID and Attempt+1, before the reflector sees the error.
//   - The controller's processLoop is SharedIndexInformer.process, run
//     after every answer and Step, bounded by MaxDeltasPerStep.
//   - Each processorListener's pop/run goroutines are listener.run: a
//     notification starts at max(arrival, end of the previous one) and
//     keeps the handler busy for Cost of virtual time.
//
// The glue's contract: send every Call from TakeCalls (a VerbCancel means
// "close that watch"); answer a LIST with OnListResult; answer a WATCH
// with OnWatchStarted(nil) once the stream is open (or with the HTTP
// error), then OnWatchEvent per event and OnWatchEnded(nil) on a normal
// close (server timeout, EOF, termination) or with an error. Call Step at
// NextWake. Answers for abandoned calls are ignored and counted.
//
// Deviations, all deliberate: iteration orders that are map orders in
// client-go (listeners, knownObjects keys, the temporary store's List)
// are registration or key order here; batch popping
// (InOrderInformersBatchProcess) is processed delta by delta, which gives
// handlers the same notifications in the same order; 500s on a watch are
// not retried (MaxInternalErrorRetryDuration is 0 for informers); a
// handler panic is not modelled.
package informer
