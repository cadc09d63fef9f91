# WatchScope. The two front-door commands are `make serve` and `make test`.
SHELL := /bin/bash
GO    ?= go
ADDR  ?= 127.0.0.1:8080
BUILD ?= web/build
WASM_PATH := PATH="$$($(GO) env GOROOT)/lib/wasm:$$PATH"

# The deterministic core: everything that must run natively and under wasm.
PURE := ./mvcc/... ./engine/... ./console/...
PURE += $(shell test -d watchcache && echo ./watchcache/...)
PURE += $(shell test -d apimachinery && echo ./apimachinery/...)
PURE += $(shell test -d apiserver && echo ./apiserver/...)
PURE += $(shell test -d informer && echo ./informer/...)
PURE += $(shell test -d lessons && echo ./lessons/...)
PURE += $(shell test -d internal && echo ./internal/...)
PURE += $(shell test -d workqueue && echo ./workqueue/...)
PURE += $(shell test -d recording && echo ./recording/...)

.PHONY: serve test deps serve-deps wasm dist vet unit wasm-test build-check lessons conformance conformance-live e2e bench soak shots scorm

## serve: install what the page needs (brotli), build the WebAssembly app and serve it on http://$(ADDR)
serve: serve-deps wasm
	$(GO) run . serve -dir $(BUILD) -addr $(ADDR)

## test: every test the project has, browser end to end included
test: deps tidy vet build-check unit wasm-test lessons conformance e2e
	@echo "make test: all suites passed"

deps:
	@bash scripts/deps.sh

serve-deps:
	@bash scripts/deps.sh serve

wasm: serve-deps
	bash web/build.sh $(BUILD)

## dist: a static folder for any static host, and dist/watchscope-offline.zip (one HTML file, no server) for a USB stick
dist:
	@if [ -f web/dist.sh ]; then bash web/dist.sh dist; else bash web/build.sh dist; fi

## scorm: dist/watchscope-scorm12.zip, the SCORM 1.2 package a course platform imports (one SCO per lesson)
scorm: wasm
	$(GO) run . scorm -site $(BUILD) -o dist/watchscope-scorm12.zip

# Play every lesson and check every claim it makes.
lessons:
	$(GO) run . check

# go.mod and go.sum are exactly as go mod tidy leaves them: every
# requirement the code imports is direct, nothing unused is required.
tidy:
	@$(GO) mod tidy -diff || { echo "tidy: go.mod/go.sum differ from what go mod tidy makes (above); run go mod tidy"; exit 1; }

vet:
	$(GO) vet $(PURE) ./web/ .
	GOOS=js GOARCH=wasm $(GO) vet ./...

# The command line builds with nothing but Go; the browser app builds too.
build-check:
	CGO_ENABLED=0 $(GO) build -o /dev/null .
	GOOS=js GOARCH=wasm $(GO) build -o /dev/null .
	@if CGO_ENABLED=0 $(GO) list -deps . | grep -q hajimehoshi/ebiten; then \
	  echo "build-check: the native command line must not link ebiten"; exit 1; fi
	@if GOOS=js GOARCH=wasm $(GO) list -deps . | grep -qx net/http; then \
	  echo "build-check: the page must not link net/http (with crypto/tls and x509: ~300 KB of brotli it never uses)"; exit 1; fi
	@if GOOS=js GOARCH=wasm $(GO) list -deps . | grep '^k8s.io/client-go' | grep -qv '^k8s.io/client-go/\(util/jsonpath\|third_party/forked/golang/template\)$$'; then \
	  echo "build-check: the page must not link k8s.io/client-go beyond util/jsonpath (clientcmd, rest and the rest are watchscope record's, native only)"; exit 1; fi

unit:
	$(GO) test -count=1 -timeout 30m $(PURE) ./web/ .
	@if [ -n "$$($(GO) list ./ui/... 2>/dev/null)" ]; then xvfb-run -a $(GO) test -count=1 ./ui/...; fi

# The same pure packages compiled to WebAssembly and run under Node.
wasm-test:
	$(WASM_PATH) GOOS=js GOARCH=wasm $(GO) test -count=1 -short -timeout 40m $(PURE)

conformance:
	@if [ -f conformance/go.mod ]; then cd conformance && $(GO) test -count=1 -timeout 30m ./...; fi

## conformance-live: build the real etcd/etcdctl 3.6.16 (and kube-apiserver/kubectl 1.36.5) once, run every script in conformance/live/testdata through them and through the console, compare
conformance-live:
	cd conformance && WS_LIVE=1 $(GO) test -count=1 -timeout 60m -v ./live

e2e:
	@if [ -d web/e2e ]; then WS_E2E_BROWSER=required $(GO) test -count=1 -tags e2e -timeout 60m ./web/e2e/; fi

## soak: the long chaos run (10,000 seeded fault schedules), every lesson on seeds 1..20 (~3 min),
## every step of every lesson by deep link in the browser (make test opens two of each),
## and the browser monkey's 2,000 actions from each of seeds 1..5
soak:
	$(GO) test -count=1 -timeout 3h -run Chaos ./engine/ -soak
	$(GO) test -count=1 -timeout 1h -run TestLessonsHoldOnSeeds ./lessons/ -seeds 20
	WS_E2E_BROWSER=required $(GO) test -count=1 -tags e2e -timeout 2h -run TestEveryStepByDeepLink ./web/e2e/ -e2e.every
	WS_E2E_BROWSER=required $(GO) test -count=1 -tags e2e -timeout 4h -run TestMonkey ./web/e2e/ -monkey.soak

## shots: every lesson's first, middle and last step as PNGs in $(SHOTS): 1920x1080 dark, 1280x720 projector
SHOTS ?= shots
shots:
	@mkdir -p $(SHOTS)
	WS_LESSON_SHOTS=$(abspath $(SHOTS)) xvfb-run -a $(GO) test -count=1 -timeout 30m -run TestLessonShots -v ./ui/ | grep -E 'screenshots in|FAIL|ok' 

## bench: the benchmarks natively and under wasm, then every timing budget the issues name (first
## frame, storm frame p95, feed) measured now and printed beside its budget; run it on a quiet machine
bench: deps
	bash scripts/bench.sh $(PURE) ./ui/live/
	bash scripts/budgets.sh
