# NavLab — `make run` and `make test` are all a new user needs.
SWIFT ?= swift
NAVLAB := .build/debug/navlab
SCRIPTS := $(wildcard Tests/Scripts/*.navlab)

.PHONY: run build test check bench docs deps deps-run clean

## run: build, install what is missing, start NavLab
run: deps-run build
	@$(NAVLAB)

build:
	$(SWIFT) build --product navlab

## test: unit tests (Swift Testing), every Tests/Scripts/*.navlab through `navlab check`,
## then the prompt driven through a pseudo-terminal and the page in headless Chromium (pytest)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) build --product navlab
	$(NAVLAB) check $(SCRIPTS)
	NAVLAB=$(NAVLAB) python3 -m pytest -q Tests/REPL
	NAVLAB=$(NAVLAB) python3 -m pytest -q Tests/Browser

check: build
	$(NAVLAB) check $(SCRIPTS)

## bench: measured numbers, printed (release build); `make bench QUICK=1` for a short run
bench: deps
	$(SWIFT) build -c release --product NavLabBench
	$(SWIFT) build -c release --product NavLabServerBench
	.build/release/NavLabBench $(if $(QUICK),--quick,)
	.build/release/NavLabServerBench $(if $(QUICK),--quick,)

## docs: regenerate Docs/Reference.md from the verb table
docs: build
	$(NAVLAB) reference > Docs/Reference.md

## deps: the system and Python packages NavLab and its tests need (Debian)
deps:
	@sh scripts/deps.sh

deps-run:
	@sh scripts/deps.sh run

clean:
	rm -rf .build
