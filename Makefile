# NavLab — `make run` and `make test` are all a new user needs, on Debian 12 or on a Mac with
# Xcode 26. Written for any GNU make from 3.81 (the one macOS ships) on.
SWIFT ?= swift
PYTHON ?= python3
NAVLAB := .build/debug/navlab
SCRIPTS := $(wildcard Tests/Scripts/*.navlab)
TUTORIALS := $(wildcard Docs/Tutorials/*.navlab)
UNAME := $(shell uname -s)
OBSERVED := $(wildcard Tests/Observed/*.navlab)
DEEP := $(wildcard Tests/Deep/*.navlab)
STORYBOARDS := $(wildcard Tests/Storyboards/*.navlab)

.PHONY: run build test test-scripts test-repl test-browser test-wasm test-deep test-deep-release check bench docs page deps deps-run clean fuzz install uninstall dist wasm web
ifeq ($(UNAME),Darwin)
# `swift test` needs Xcode's Swift Testing: when only the Command Line Tools are selected
# (`xcode-select -p`), Xcode is used if it is installed, without changing the selection (sudo).
ifneq (,$(findstring CommandLineTools,$(shell xcode-select -p 2>/dev/null)))
ifneq (,$(wildcard /Applications/Xcode.app/Contents/Developer))
DEVELOPER_DIR ?= /Applications/Xcode.app/Contents/Developer
export DEVELOPER_DIR
endif
endif
endif
# /usr/local needs root on a Mac with Apple silicon (and often on Debian): a Mac installs
# into ~/.local unless told otherwise.
ifeq ($(UNAME),Darwin)
PREFIX ?= $(HOME)/.local
else
PREFIX ?= /usr/local
endif

## run: install what is missing, build a release navlab (the first build takes a few minutes),
## start the prompt and the page
run: deps-run page
	@test -x .build/release/navlab || echo "building navlab (release): the first build takes a few minutes, later ones seconds"
	$(SWIFT) build -c release --product navlab
	@.build/release/navlab

build: page
	@SWIFT="$(SWIFT)" sh scripts/swift-debug.sh build --product navlab

## test: navlab with the unit tests (one `swift build --build-tests`, each module compiled whole:
## scripts/swift-debug.sh says why) beside the browser build; then, side by side (each one's
## output together), the unit tests (Swift Testing), every
## Tests/Scripts/*.navlab, Tests/Observed/*.navlab, Tests/Storyboards/*.navlab and tutorial through `navlab check`, the prompt driven through a
## pseudo-terminal, the page in headless Chrome or Chromium and in WebKit (pytest), every limit at its
## end in 512 KiB of stack (Tests/Deep), and the browser build of
## the engine (every script and tutorial through navlab.wasm under node, compared with the
## native tool; the page as a static folder). First, four checks: no Linux-only call outside a
## platform check and no Mac set-up finding put back (and that the check catches each), the page built into navlab is Public/'s, Tests/Observed/README.md lists the
## cases as their headers say, and the engine uses nothing the browser build lacks.
test: deps
	@sh scripts/check-portable.sh
	@sh scripts/check-portable.sh --self-test
	@$(PYTHON) scripts/embed-page.py --check
	@$(PYTHON) scripts/observed-readme.py --check
	@$(PYTHON) scripts/deep-scripts.py --check
	@sh scripts/check-engine.sh
	@echo "building navlab and the unit tests, and beside them the browser build (its two modules); a first build takes a few minutes, and each one's output follows when both end"
	@sh scripts/side-by-side.sh "SWIFT='$(SWIFT)' sh scripts/swift-debug.sh build --build-tests" "sh scripts/build-wasm-test.sh"
	@echo "testing: the unit tests, and beside them everything else"
	@sh scripts/side-by-side.sh "SWIFT='$(SWIFT)' sh scripts/swift-debug.sh test --skip-build" "$(MAKE) --no-print-directory test-scripts" "$(MAKE) --no-print-directory test-repl" "$(MAKE) --no-print-directory test-browser" "$(MAKE) --no-print-directory test-deep" "WASM_TEST_BUILT=1 $(MAKE) --no-print-directory test-wasm"

test-scripts:
	$(NAVLAB) check $(SCRIPTS) $(TUTORIALS) $(OBSERVED) $(STORYBOARDS)
	@sh Tests/Formula/test-formula.sh $(NAVLAB)

test-repl:
	NAVLAB=$(NAVLAB) $(PYTHON) -m pytest -q -rs Tests/REPL

## test-browser: the served page's tests in headless Chromium, then in WebKit (Safari's engine:
## scripts/test-webkit.sh, skipped saying why where WebKitWebDriver, MiniBrowser or Xvfb is missing)
test-browser:
	NAVLAB=$(NAVLAB) $(PYTHON) -m pytest -q -rs Tests/Browser
	@NAVLAB=$(NAVLAB) sh scripts/test-webkit.sh $(PYTHON) Tests/Browser

## test-deep: every limit taken to its end (Tests/Deep) with 512 KiB of stack, a Mac's
## secondary threads' size: through `navlab check` and POSTed to the page's server
## (Docs/Limits.md). test-deep-release: the same with a release navlab as well.
test-deep:
	NAVLAB=$(NAVLAB) $(PYTHON) -m pytest -q -rs Tests/Deep

test-deep-release:
	$(SWIFT) build -c release --product navlab
	NAVLAB=$(NAVLAB) NAVLAB_RELEASE=.build/release/navlab $(PYTHON) -m pytest -q -rs Tests/Deep

## test-wasm: the engine built for the browser (its two modules unoptimised, quicker to build:
## the same sources), each script and tutorial through the complete one under node, compared
## byte for byte with `navlab run` and `navlab check`; the page's worker moving a session from
## the start module to the complete one (Tests/Wasm/test-swap.mjs); the allocator under random use
## (Tests/Wasm/test-alloc.sh); then the page as a static folder
## with both, served by a plain file server, in headless Chromium and then in WebKit (Tests/Web)
test-wasm:
	@sh scripts/test-wasm.sh $(NAVLAB) $(PYTHON) $(SCRIPTS) $(TUTORIALS) $(OBSERVED) $(STORYBOARDS) $(DEEP)

## wasm: the browser's engine, .build-wasm/navlab.wasm (the start module) and navlab-full.wasm
## (the complete one), optimised for size; wasm-opt if installed
wasm:
	sh Web/build.sh

## web: the page with the engine inside it, a static folder (.build-web) for any static file
## server or GitHub Pages: no navlab process (`python3 -m http.server -d .build-web`)
web: wasm
	sh scripts/make-web.sh .build-wasm/navlab.wasm .build-web

check: build
	$(NAVLAB) check $(SCRIPTS) $(TUTORIALS) $(OBSERVED) $(STORYBOARDS)

## bench: measured numbers, printed (release build; Docs/Performance.md says what each is);
## `make bench QUICK=1` for a short run. Installs nginx and wrk for the static-file comparison,
## brotli and binaryen (wasm-opt) for the browser build's rows (`make web`, then headless Chromium)
bench:
	@sh scripts/deps.sh bench
	$(SWIFT) build -c release --product navlab
	$(SWIFT) build -c release --product NavLabBench
	$(SWIFT) build -c release --product NavLabServerBench
	.build/release/NavLabBench --navlab .build/release/navlab $(if $(QUICK),--quick,)
	.build/release/NavLabServerBench $(if $(QUICK),--quick,)
	@bash scripts/bench-static.sh .build/release/navlab $(if $(QUICK),--quick,)
	@$(PYTHON) scripts/bench-page.py .build/release/navlab $(if $(QUICK),--quick,)
	@$(PYTHON) scripts/bench-page-path.py .build/release/navlab $(if $(QUICK),--quick,)
	@# The module is built again only when the engine's or the browser host's sources are newer.
	@if [ ! -f .build-wasm/navlab.wasm ] || [ -n "$$(find Sources/NavLabCore Sources/NavLabCommands Web -type f -newer .build-wasm/navlab.wasm | head -n 1)" ]; then sh Web/build.sh; fi
	@sh scripts/make-web.sh .build-wasm/navlab.wasm .build-web
	@$(PYTHON) scripts/bench-web.py .build/release/navlab .build-web $(if $(QUICK),--quick,)

## page: build Public/ (the page's files) into navlab (Sources/NavLabServer/Generated/EmbeddedPage.swift);
## `make run`, `make build` and `make dist` do it first, `make test` fails when it is not done
page:
	@$(PYTHON) scripts/embed-page.py

## docs: build Docs/UIKit.md and the tutorials into the binary
## (Sources/NavLabCommands/Generated/EmbeddedDocs.swift), then regenerate
## Docs/Reference.md (the verb table) and Docs/Tutorials/*.md (`navlab run --markdown`)
docs: page
	$(PYTHON) scripts/embed-docs.py
	@SWIFT="$(SWIFT)" sh scripts/swift-debug.sh build --product navlab
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
	NAVLAB_TRACE_SEEDS=1 NAVLAB_SESSIONS_PER_BATCH=$(FUZZ_SESSIONS) SWIFT="$(SWIFT)" sh scripts/swift-debug.sh test --filter 'PropertyTests|RandomInputTests'

## install: a release navlab in $(PREFIX)/bin (made if missing), the page built in (PREFIX:
## $HOME/.local on a Mac, /usr/local elsewhere; `make install PREFIX="$HOME/.local"` needs no
## root: zsh, a Mac's shell, passes a ~ that follows = on as it is)
install: deps-run page
	$(SWIFT) build -c release --product navlab
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/navlab "$(DESTDIR)$(PREFIX)/bin/navlab"
	@rm -rf "$(DESTDIR)$(PREFIX)/share/navlab"
	@echo "installed $(PREFIX)/bin/navlab ($$($(DESTDIR)$(PREFIX)/bin/navlab --version))"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "$(PREFIX)/bin is not on your PATH: add it (e.g. export PATH=\"$(PREFIX)/bin:\$$PATH\" in your shell's profile)";; esac

## uninstall: removes it (and the page's files an older `make install` put in share/navlab)
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/navlab"
	rm -rf "$(DESTDIR)$(PREFIX)/share/navlab"

## dist: a release archive, .build/dist/navlab-VERSION-OS-ARCH.tar.gz: navlab alone (the page
## built in; on Linux the Swift runtime too, --static-swift-stdlib, so the machine needs no
## Swift), a README and the licence of what it holds; its size is printed
dist: deps-run page
ifeq ($(UNAME),Darwin)
	$(SWIFT) build -c release --product navlab
else
	$(SWIFT) build -c release --product navlab --static-swift-stdlib
endif
	@sh scripts/dist.sh .build/release/navlab

## deps: the system and Python packages NavLab and its tests need (Debian: apt-get; a Mac:
## Homebrew, never sudo)
deps:
	@PYTHON=$(PYTHON) sh scripts/deps.sh

deps-run:
	@sh scripts/deps.sh run

clean:
	rm -rf .build
