# NavLab — `make run` and `make test` are all a new user needs.
SWIFT ?= swift
NAVLAB := .build/debug/navlab
SCRIPTS := $(wildcard Tests/Scripts/*.navlab)

.PHONY: run build test check bench docs deps clean

## run: build, install what is missing, start NavLab
run: deps build
	@$(NAVLAB)

build:
	$(SWIFT) build --product navlab

## test: unit tests (Swift Testing), then every Tests/Scripts/*.navlab through `navlab check`
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) build --product navlab
	$(NAVLAB) check $(SCRIPTS)

check: build
	$(NAVLAB) check $(SCRIPTS)

## bench: measured numbers, printed (release build); `make bench QUICK=1` for a short run
bench: deps
	$(SWIFT) build -c release --product NavLabBench
	.build/release/NavLabBench $(if $(QUICK),--quick,)

## docs: regenerate Docs/Reference.md from the verb table
docs: build
	$(NAVLAB) reference > Docs/Reference.md

## deps: the system packages NavLab needs (Debian)
deps:
	@sh scripts/deps.sh

clean:
	rm -rf .build
