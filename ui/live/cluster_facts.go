package live

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"watchscope/recording"
	"watchscope/ui/scene"
	"watchscope/ui/view"
)

// clusterFacts is one resource of a recording as the page shows it.
type clusterFacts struct {
	json  RecordingResource
	lines []string
	axis  view.RVAxis
}

// rvAt is a revision a watcher had at a time: a list's, an event's or a
// bookmark's.
type rvAt struct {
	t  int64
	rv uint64
}

// factsOf reads one resource's records: the events (ticks), the lists,
// bookmarks and 410s (pins), the cache's window at the end and where a
// watcher away for away seconds before end (ms) would resume.
func factsOf(rec *recording.Recording, r recording.Resource, away float64, end int64) clusterFacts {
	var had []rvAt
	var ticks, lists, bookmarks []uint64
	var gone []view.RVMark
	var cacheStart uint64 // M of the last "too old resource version: N (M)"
	for _, x := range rec.Records {
		if x.Res != r.Name {
			continue
		}
		rv, _ := strconv.ParseUint(x.RV, 10, 64)
		switch {
		case x.Kind == recording.KindEvent:
			ticks = append(ticks, rv)
		case x.Kind == recording.KindList && x.Code == 200:
			lists = append(lists, rv)
		case x.Kind == recording.KindBookmark:
			bookmarks = append(bookmarks, rv)
		case x.Code == 410:
			var n, m uint64
			if _, err := fmt.Sscanf(x.Message, "too old resource version: %d (%d)", &n, &m); err == nil {
				gone = append(gone, view.RVMark{Label: "410 for", RV: n, Outside: true})
				cacheStart = m
			}
		}
		if rv > 0 {
			had = append(had, rvAt{x.T, rv})
		}
	}
	f := clusterFacts{json: RecordingResource{Name: r.Name, Events: r.Events, Bookmarks: r.Bookmarks, Relists: max(len(lists)-1, 0),
		Gone: r.Gone, GoneMessage: r.GoneMessage, Rate: round3(r.Rate), Capacity: r.Capacity}}
	f.axis = view.RVAxis{From: uint64(r.FirstRV), To: uint64(r.LastRV), Ticks: thin(ticks, maxTicks)}
	// oldest is the lowest RV a watch can resume from: the M of a 410's
	// "(M)", or one before the ring's oldest event (the cacher answers 410
	// below oldest-1). Recorded in one namespace, the events seen are not
	// all the ring holds, so the ring says nothing then.
	oldest := max(f.axis.From, cacheStart)
	whole := rec.Header.Namespace == ""
	if r.Capacity > 0 && len(ticks) > r.Capacity && whole {
		oldest = max(oldest, ticks[len(ticks)-r.Capacity]-1)
	}
	if r.Capacity > 0 && f.axis.To > 0 {
		// A 410 names the restarted cache's oldest before any RV that new
		// is recorded: the window is then that one revision.
		f.axis.Window = []uint64{oldest, max(oldest, f.axis.To)}
		f.json.WindowRV = f.axis.Window
	}
	f.axis.Marks = pinsOf(lists, bookmarks, gone)
	f.lines = []string{countWords(r, len(lists))}
	if r.HasWindow() {
		f.json.WindowSeconds = round3(r.Window)
		f.lines = append(f.lines, fmt.Sprintf("cache window: %d events, about %s at the %s events/s the cache received: a watcher away longer gets a 410",
			r.Capacity, awayWords(r.Window), strconv.FormatFloat(r.Rate, 'g', 3, 64)))
		if !whole {
			f.lines = append(f.lines, "recorded in namespace "+rec.Header.Namespace+": the ring also holds the other namespaces' events, so the window may be shorter")
		}
	} else {
		f.lines = append(f.lines, "cache window: unknown ("+unknownWhy(r)+")")
	}
	f.away(had, end, away, oldest, r.Capacity > 0)
	return f
}

// away answers for a watcher that left away seconds before the end: it
// resumes from the last RV it had then, which is a 410 if that is older
// than the cache's window.
func (f *clusterFacts) away(had []rvAt, end int64, away float64, oldest uint64, known bool) {
	left := end - int64(away*1000)
	rv := f.axis.From
	for _, h := range had {
		if h.t <= left {
			rv = h.rv
		}
	}
	f.json.AwayRV = rv
	label := "away " + awayWords(away)
	switch {
	case !known:
		f.json.Answer = fmt.Sprintf("a watcher away %s resumes from rv %d: the window is unknown without /metrics", awayWords(away), rv)
	case rv < oldest:
		f.json.AwayGone = true
		f.json.Answer = fmt.Sprintf("a watcher away %s resumes from rv %d, older than the window's %d: it gets a 410 and relists", awayWords(away), rv, oldest)
	default:
		f.json.Answer = fmt.Sprintf("a watcher away %s resumes from rv %d, inside the window: no 410", awayWords(away), rv)
	}
	f.axis.Marks = append(f.axis.Marks, view.RVMark{Label: label, RV: rv, Outside: f.json.AwayGone})
	f.lines = append(f.lines, f.json.Answer)
}

// maxTicks bounds the ticks a row draws: a busy cluster records tens of
// thousands of events, more than the tape has pixels for.
const maxTicks = 600

// thin keeps every k-th of rvs (and the last) so at most n remain.
func thin(rvs []uint64, n int) []uint64 {
	if len(rvs) <= n {
		return rvs
	}
	k := (len(rvs) + n - 1) / n
	out := make([]uint64, 0, n+1)
	for i := 0; i < len(rvs); i += k {
		out = append(out, rvs[i])
	}
	if out[len(out)-1] != rvs[len(rvs)-1] {
		out = append(out, rvs[len(rvs)-1])
	}
	return out
}

// pinsOf keeps the pins a row has room for: the first list and the last
// relist, the last two bookmarks, every 410.
func pinsOf(lists, bookmarks []uint64, gone []view.RVMark) []view.RVMark {
	var out []view.RVMark
	if len(lists) > 0 {
		out = append(out, view.RVMark{Label: "list", RV: lists[0]})
	}
	if len(lists) > 1 {
		out = append(out, view.RVMark{Label: "relist", RV: lists[len(lists)-1]})
	}
	for _, b := range bookmarks[max(len(bookmarks)-2, 0):] {
		out = append(out, view.RVMark{Label: scene.FactBookmark, RV: b})
	}
	return append(out, gone...)
}

func countWords(r recording.Resource, lists int) string {
	s := plural(r.Events, "event") + " · " + plural(r.Bookmarks, "bookmark") + " · " + plural(max(lists-1, 0), "relist") + " · " + plural(r.Gone, "410")
	if r.GoneMessage != "" {
		s += ": " + strconv.Quote(r.GoneMessage)
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func unknownWhy(r recording.Resource) string {
	if r.Capacity == 0 {
		return "no watch_cache_capacity sample: /metrics was not readable"
	}
	return "no writes recorded: the window never ends"
}

func awayWords(s float64) string {
	return (time.Duration(s * float64(time.Second))).Round(time.Second).String()
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }
