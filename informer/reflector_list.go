package informer

import (
	"fmt"
	"time"

	am "watchscope/apimachinery"
)

// pagerState is one pager.List in progress (tools/pager): pages are
// requested one at a time and accumulated; page >= 2 failing with 410
// falls back to one unpaged list at the originally requested RV.
type pagerState struct {
	// origRV is the RV the reflector's list() asked for (decides
	// paginatedResult); requested is the RV of this pager.List call.
	origRV, requested string
	pageSize          int64
	// retried is set once the list fell back to RV="" after 410/too-large.
	retried    bool
	fullRelist bool // the outstanding call is the unpaged fallback
	page       int
	paginated  bool
	rv         string
	items      []*am.Object
}

// pageSizeFor applies list()'s rules: an explicit size wins; a cache that
// once paged an RV="0" list keeps the default; a specific RV disables
// paging so the watch cache (not etcd) serves it; RV "0" or "" pages.
func (r *Reflector) pageSizeFor(rv string) int64 {
	switch {
	case r.cfg.WatchListPageSize != 0:
		return r.cfg.WatchListPageSize
	case r.paginatedResult:
		return DefaultPageSize
	case rv != "" && rv != "0":
		return 0
	}
	return DefaultPageSize
}

// startList is list(): LIST at relistResourceVersion through the pager.
func (r *Reflector) startList(now time.Duration) {
	rv := r.relistResourceVersion()
	r.phase = phaseList
	r.pager = &pagerState{origRV: rv, requested: rv, pageSize: r.pageSizeFor(rv)}
	reason, list := r.listReason(rv)
	r.sendPage(now, "", reason, list)
}

func (r *Reflector) listReason(rv string) (string, ListKind) {
	switch {
	case r.metrics.ListAndWatchRuns <= 1 && rv == "0":
		return "initial list", FirstList
	case rv == "":
		return "RV unavailable: consistent relist", Relist
	case r.cause != "":
		return "relist after " + r.cause, Relist
	}
	return "relist", Relist
}

// sendPage sends the next page's LIST; the first page is the list (it
// says which), a continue page is not a list of its own.
func (r *Reflector) sendPage(now time.Duration, cont, reason string, list ListKind) {
	p := r.pager
	p.page++
	o := r.baseOptions()
	o.Limit = p.pageSize
	if cont == "" {
		o.ResourceVersion = p.requested
	} else {
		// Continue pages clear RV and RVMatch ("specifying resource
		// version is not allowed when using continue").
		o.Continue = cont
		reason, list = fmt.Sprintf("page %d", p.page), NotAList
	}
	r.send(now, VerbList, o, reason, list)
}

// OnListResult delivers the answer to LIST call id: a list or an error.
func (r *Reflector) OnListResult(now time.Duration, id uint64, list *am.List, err error) {
	if r.phase != phaseList || !r.isInflight(id) {
		return
	}
	call := *r.inflight
	if err != nil {
		r.trace.addErr(now, err, "LIST #%d failed: %s", id, errText(err))
		if r.restRetry(now, err) {
			return
		}
		r.countError(err)
		p := r.pager
		if isExpiredError(err) && call.Options.Continue != "" && !p.fullRelist {
			p.fullRelist = true
			o := r.baseOptions()
			o.ResourceVersion = p.requested
			r.send(now, VerbList, o, "full list after expired continue", NotAList)
			return
		}
		r.pagerDone(now, err)
		return
	}
	r.trace.add(now, "LIST #%d -> %d items rv=%q%s", id, len(list.Items), list.ResourceVersion, contSuffix(list))
	r.onPage(now, list)
}

func contSuffix(l *am.List) string {
	if l.Continue != "" {
		return " (more)"
	}
	return ""
}

func (r *Reflector) onPage(now time.Duration, list *am.List) {
	p := r.pager
	if p.fullRelist || (list.Continue == "" && p.page == 1) {
		p.items, p.rv = list.Items, list.ResourceVersion
		r.pagerDone(now, nil)
		return
	}
	if p.page == 1 {
		p.rv = list.ResourceVersion
	}
	p.items = append(p.items, list.Items...)
	if list.Continue == "" {
		r.pagerDone(now, nil)
		return
	}
	p.paginated = true
	r.sendPage(now, list.Continue, "", NotAList)
}

// pagerDone finishes pager.List: a 410/too-large retries once at once
// with RV="" (marking the RV unavailable); other errors end ListAndWatch
// with "failed to list"; success replaces the store.
func (r *Reflector) pagerDone(now time.Duration, err error) {
	p := r.pager
	if err != nil {
		if (isExpiredError(err) || isTooLargeResourceVersionError(err)) && !p.retried {
			r.isLastSyncResourceVersionUnavailable = true
			rv := r.relistResourceVersion()
			*p = pagerState{origRV: p.origRV, requested: rv, pageSize: p.pageSize, retried: true}
			r.sendPage(now, "", "RV unavailable: consistent relist", Relist)
			return
		}
		r.listAndWatchReturned(now, fmt.Errorf("failed to list %v: %w", r.cfg.TypeDescription, err), "list error", 0)
		return
	}
	if p.origRV == "0" && p.paginated {
		r.paginatedResult = true
	}
	r.isLastSyncResourceVersionUnavailable = false
	_ = r.store.Replace(p.items, p.rv)
	r.synced = true
	r.lastSyncResourceVersion = p.rv
	r.trace.addSynced(now, "Caches populated: Replace %d items at rv=%q", len(p.items), p.rv)
	r.pager = nil
	r.watchWithResync(now, nil)
}
