package workqueue

import "time"

// The metric names client-go's queues export through the controller
// manager's registry (component-base/metrics/prometheus/workqueue), each
// labelled name=<queue name>.
const (
	DepthMetric                   = "workqueue_depth"
	AddsMetric                    = "workqueue_adds_total"
	QueueLatencyMetric            = "workqueue_queue_duration_seconds"
	WorkDurationMetric            = "workqueue_work_duration_seconds"
	UnfinishedWorkMetric          = "workqueue_unfinished_work_seconds"
	LongestRunningProcessorMetric = "workqueue_longest_running_processor_seconds"
	RetriesMetric                 = "workqueue_retries_total"
)

// DurationBuckets are the two histograms' buckets: 10 ns to 1 s... 10 s,
// ten buckets, each ten times the last (ExponentialBuckets(10e-9, 10, 10)).
var DurationBuckets = []float64{1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10}

// unfinishedWorkUpdatePeriod is how often the two "still working" gauges
// are recomputed (client-go's defaultUnfinishedWorkUpdatePeriod).
const unfinishedWorkUpdatePeriod = 500 * time.Millisecond

// GaugeMetric goes up and down (depth).
type GaugeMetric interface {
	Inc()
	Dec()
}

// SettableGaugeMetric is set to a value (the unfinished-work gauges).
type SettableGaugeMetric interface{ Set(float64) }

// CounterMetric only goes up (adds, retries).
type CounterMetric interface{ Inc() }

// HistogramMetric observes durations in seconds.
type HistogramMetric interface{ Observe(float64) }

// MetricsProvider makes one queue's metrics, given its name, as client-go's
// MetricsProvider does; a nil provider means no metrics.
type MetricsProvider interface {
	NewDepthMetric(name string) GaugeMetric
	NewAddsMetric(name string) CounterMetric
	NewLatencyMetric(name string) HistogramMetric
	NewWorkDurationMetric(name string) HistogramMetric
	NewUnfinishedWorkSecondsMetric(name string) SettableGaugeMetric
	NewLongestRunningProcessorSecondsMetric(name string) SettableGaugeMetric
	NewRetriesMetric(name string) CounterMetric
}

// queueMetrics is defaultQueueMetrics: the times each key was added and
// taken, kept only while they matter.
type queueMetrics struct {
	depth                          GaugeMetric
	adds, retries                  CounterMetric
	latency, workDuration          HistogramMetric
	unfinishedWork, longestRunning SettableGaugeMetric
	addTimes, processingStartTimes map[string]time.Duration
	published                      bool // the last update set a non-zero value
	nextUpdate                     time.Duration
}

func newQueueMetrics(name string, p MetricsProvider, now time.Duration) *queueMetrics {
	if p == nil || name == "" {
		return nil
	}
	return &queueMetrics{
		depth: p.NewDepthMetric(name), adds: p.NewAddsMetric(name), retries: p.NewRetriesMetric(name),
		latency: p.NewLatencyMetric(name), workDuration: p.NewWorkDurationMetric(name),
		unfinishedWork: p.NewUnfinishedWorkSecondsMetric(name), longestRunning: p.NewLongestRunningProcessorSecondsMetric(name),
		addTimes: map[string]time.Duration{}, processingStartTimes: map[string]time.Duration{},
		nextUpdate: now + unfinishedWorkUpdatePeriod,
	}
}

// add counts an Add that marked the key dirty; the queue time runs from
// the first such Add until a Get.
func (m *queueMetrics) add(now time.Duration, key string) {
	if m == nil {
		return
	}
	m.adds.Inc()
	m.depth.Inc()
	if _, ok := m.addTimes[key]; !ok {
		m.addTimes[key] = now
	}
}

func (m *queueMetrics) get(now time.Duration, key string) {
	if m == nil {
		return
	}
	m.depth.Dec()
	m.processingStartTimes[key] = now
	if t, ok := m.addTimes[key]; ok {
		m.latency.Observe(seconds(now - t))
		delete(m.addTimes, key)
	}
}

func (m *queueMetrics) done(now time.Duration, key string) {
	if m == nil {
		return
	}
	if t, ok := m.processingStartTimes[key]; ok {
		m.workDuration.Observe(seconds(now - t))
		delete(m.processingStartTimes, key)
	}
}

func (m *queueMetrics) retry() {
	if m != nil {
		m.retries.Inc()
	}
}

// updateUnfinishedWork sets the sum of the processing keys' ages and the
// oldest one. The ages are summed as integer durations, exact in any
// order, and turned into seconds once: a sum of float seconds in map
// order could differ in its last bits from one run to the next.
func (m *queueMetrics) updateUnfinishedWork(now time.Duration) {
	var total, oldest time.Duration
	for _, t := range m.processingStartTimes {
		total += now - t
		oldest = max(oldest, now-t)
	}
	m.unfinishedWork.Set(seconds(total))
	m.longestRunning.Set(seconds(oldest))
	m.published = total > 0
}

// tick runs the 500 ms update loop up to now.
func (m *queueMetrics) tick(now time.Duration) {
	if m == nil {
		return
	}
	for m.nextUpdate <= now {
		if !m.busy() { // nothing would change: skip the idle ticks at once
			m.nextUpdate += ((now-m.nextUpdate)/unfinishedWorkUpdatePeriod + 1) * unfinishedWorkUpdatePeriod
			return
		}
		m.updateUnfinishedWork(m.nextUpdate)
		m.nextUpdate += unfinishedWorkUpdatePeriod
	}
}

// busy: the next tick would change a gauge.
func (m *queueMetrics) busy() bool { return len(m.processingStartTimes) > 0 || m.published }

// nextWake is the next tick, when one matters.
func (m *queueMetrics) nextWake() (time.Duration, bool) {
	if m == nil || !m.busy() {
		return 0, false
	}
	return m.nextUpdate, true
}

func seconds(d time.Duration) float64 { return d.Seconds() }
