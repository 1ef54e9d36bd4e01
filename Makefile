# NavLab — `make run` and `make test` are all a new user needs.
SWIFT ?= swift
NAVLAB := .build/debug/navlab
SCRIPTS := $(wildcard Tests/Scripts/*.navlab)
TUTORIALS := $(wildcard Docs/Tutorials/*.navlab)
OBSERVED := $(wildcard Tests/Observed/*.navlab)

.PHONY: run build test test-scripts test-repl test-browser test-wasm check bench docs deps deps-run clean fuzz install uninstall wasm
PREFIX ?= /usr/local

## run: install what is missing, build a release navlab (the first build takes a few minutes),
## start the prompt and the page
run: deps-run
	$(SWIFT) build -c release --product navlab
	@.build/release/navlab

build:
	$(SWIFT) build --product navlab

## test: unit tests (Swift Testing), then, side by side (each one's output together), every
## Tests/Scripts/*.navlab, Tests/Observed/*.navlab and tutorial through `navlab check`, the prompt driven through a
## pseudo-terminal, the page in headless Chromium (pytest), and the browser build of the engine
## (every script and tutorial through navlab.wasm under node, compared with the native tool)
test: deps
	@sh scripts/check-engine.sh
	$(SWIFT) build --build-tests
	$(SWIFT) build --product navlab
	$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory -j4 --output-sync=target test-scripts test-repl test-browser test-wasm

test-scripts:
	$(NAVLAB) check $(SCRIPTS) $(TUTORIALS) $(OBSERVED)

test-repl:
	NAVLAB=$(NAVLAB) python3 -m pytest -q Tests/REPL

test-browser:
	NAVLAB=$(NAVLAB) python3 -m pytest -q Tests/Browser

## test-wasm: the engine built for the browser (unoptimised, quicker to build: the same
## sources), each script and tutorial through it under node, compared byte for byte with
## `navlab run` and `navlab check`
test-wasm:
	@sh scripts/check-engine.sh
	@OUT=.build-wasm-test WASM_OPT_LEVEL=-Onone sh Web/build.sh
	python3 scripts/test-wasm.py $(NAVLAB) .build-wasm-test/navlab.wasm $(SCRIPTS) $(TUTORIALS) $(OBSERVED)

## wasm: the browser's engine, .build-wasm/navlab.wasm (optimised for size; wasm-opt if installed)
wasm:
	sh Web/build.sh

check: build
	$(NAVLAB) check $(SCRIPTS) $(TUTORIALS) $(OBSERVED)

## bench: measured numbers, printed (release build; Docs/Performance.md says what each is);
## `make bench QUICK=1` for a short run. Installs nginx and wrk for the static-file comparison
bench:
	@sh scripts/deps.sh bench
	$(SWIFT) build -c release --product navlab
	$(SWIFT) build -c release --product NavLabBench
	$(SWIFT) build -c release --product NavLabServerBench
	.build/release/NavLabBench --navlab .build/release/navlab $(if $(QUICK),--quick,)
	.build/release/NavLabServerBench $(if $(QUICK),--quick,)
	@bash scripts/bench-static.sh .build/release/navlab $(if $(QUICK),--quick,)
	@python3 scripts/bench-page.py .build/release/navlab $(if $(QUICK),--quick,)

## docs: build Docs/UIKit.md and the tutorials into the binary, then regenerate
## Docs/Reference.md (the verb table) and Docs/Tutorials/*.md (`navlab run --markdown`)
docs:
	python3 scripts/embed-docs.py
	$(SWIFT) build --product navlab
	$(NAVLAB) reference > Docs/Reference.md
	@for f in $(TUTORIALS); do echo "$(NAVLAB) run --markdown $$f > $${f%.navlab}.md"; \
	    $(NAVLAB) run --markdown $$f > $${f%.navlab}.md || exit 1; done

## fuzz: libFuzzer over the parser and the engine (Fuzz/) for FUZZ_SECONDS seconds (default 600);
## fails on a crash, hang or broken invariant, saved under .build-fuzz/artifacts/. Then the
## property tests with FUZZ_SESSIONS random sessions per batch (8 batches; make test runs 250)
FUZZ_SECONDS ?= 600
FUZZ_SESSIONS ?= 2500
fuzz:
	@SWIFT="$(SWIFT)" FUZZ_SECONDS=$(FUZZ_SECONDS) sh Fuzz/fuzz.sh
	NAVLAB_TRACE_SEEDS=1 NAVLAB_SESSIONS_PER_BATCH=$(FUZZ_SESSIONS) $(SWIFT) test --filter 'PropertyTests|RandomInputTests'

## install: a release navlab in $(PREFIX)/bin and the page's files in $(PREFIX)/share/navlab
## (PREFIX=/usr/local by default; `make install PREFIX=~/.local` needs no root)
install: deps-run
	$(SWIFT) build -c release --product navlab
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/navlab"
	install -m 755 .build/release/navlab "$(DESTDIR)$(PREFIX)/bin/navlab"
	rm -rf "$(DESTDIR)$(PREFIX)/share/navlab/Public"
	cp -R Public "$(DESTDIR)$(PREFIX)/share/navlab/Public"
	@echo "installed $(PREFIX)/bin/navlab ($$($(DESTDIR)$(PREFIX)/bin/navlab --version)); the page's files are in $(PREFIX)/share/navlab/Public"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/navlab"
	rm -rf "$(DESTDIR)$(PREFIX)/share/navlab"

## deps: the system and Python packages NavLab and its tests need (Debian)
deps:
	@sh scripts/deps.sh

deps-run:
	@sh scripts/deps.sh run

clean:
	rm -rf .build
