#!/usr/bin/env bash
# Every timing budget the issues name, measured on this machine now and
# printed beside its budget (`make bench` runs it after the benchmarks).
# Nothing here fails on a figure: a wall-clock figure says as much about
# the machine as about the program, so `make test` checks timing only as
# ratios measured in one run (internal/budget). Run it on a quiet machine.
#
# Each test prints its figures as "budget: NAME FIGURE UNIT budget ≤ LIMIT
# UNIT ok|OVER" lines; this collects them into one table at the end.
#   WS_STORM=N      nodes of the storm measurements (default 5000)
#   BUDGETS_SKIP=browser-storm   leave out the browser storm (minutes)
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
nodes=${WS_STORM:-5000}
echo "budgets: first frame and transfer (web/e2e TestPageBudgets) ..."
go test -count=1 -tags e2e -timeout 30m -run 'TestPageBudgets' -v ./web/e2e/ >>"$log" 2>&1
echo "budgets: the storm natively (ui/live, $nodes nodes) ..."
WS_STORM=$nodes xvfb-run -a go test -count=1 -timeout 60m -run 'TestStormFrameBudget|TestFeedStormBudget|TestStormLessonMotionBudget' -v ./ui/live/ >>"$log" 2>&1
if [ "${BUDGETS_SKIP:-}" != browser-storm ]; then
	echo "budgets: the storm in the browser ($nodes nodes; minutes) ..."
	WS_STORM=$nodes go test -count=1 -tags e2e -timeout 60m -run 'TestStormFrameBudgetInBrowser' -v ./web/e2e/ >>"$log" 2>&1
fi
echo
grep -ho 'budget: .*' "$log" | awk '!seen[$0]++'
if grep -q -- '--- FAIL' "$log"; then
	echo
	echo "budgets: a measuring test failed (not on a budget); its output: $log"
	grep -- '--- FAIL' "$log"
	exit 1
fi
rm -f "$log"
