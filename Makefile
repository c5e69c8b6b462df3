# contact-tui: `make run` for the demo, `make test` for the whole suite.

SWIFT  ?= swift
PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin

.PHONY: all deps build release run test bench fuzz format man install clean

all: build

## deps: install the system packages the build and tests need (idempotent)
deps:
	@sh scripts/deps.sh

## build: debug build of the library, the app and the tests
build: deps
	$(SWIFT) build --build-tests

## release: optimised build of contact-tui
release: deps
	$(SWIFT) build -c release --product contact-tui

## run: the demo, against a mock org started inside the process
run: deps
	$(SWIFT) run contact-tui --demo

## test: the whole suite (unit, mock org over loopback, end to end in tmux), and the man page
## checked against the command definitions (scripts/man.sh)
test: deps
	$(SWIFT) build --build-tests
	@SWIFT="$(SWIFT)" sh scripts/man.sh check
	$(SWIFT) test --skip-build

## bench: release build, then the table of measured figures, goals and peers (about 90 s after the build)
bench: deps
	@sh scripts/deps.sh bench
	$(SWIFT) build -c release --product contact-tui
	$(SWIFT) build -c release --product ContactTUIBench
	"$$($(SWIFT) build -c release --show-bin-path)/ContactTUIBench" run --scripts Benchmarks/scripts

## fuzz: libFuzzer targets for the SOQL parser, RestCore's parsing, SafeText, JSONKit and the mock org's HTTP layer,
## then the what-you-see property test over many more seeds than make test runs (not in CI)
FUZZ_SECONDS ?= 180
WYSIWYC_SEEDS ?= 2000
fuzz: deps
	@sh Fuzz/run.sh $(FUZZ_SECONDS)
	$(SWIFT) build --build-tests
	WYSIWYC_SEEDS=$(WYSIWYC_SEEDS) $(SWIFT) test --skip-build --filter WhatYouSeePropertyTests

## format: format the sources with swift-format (config in .swift-format)
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

## man: regenerate docs/contact-tui.1 from the command definitions (swift-argument-parser's generate-manual
## plugin); MAN_DATE=yyyy-mm-dd sets the page's date
man: deps
	@SWIFT="$(SWIFT)" sh scripts/man.sh write

## install: install contact-tui into $(BINDIR)
install: release
	install -d $(DESTDIR)$(BINDIR)
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/contact-tui" $(DESTDIR)$(BINDIR)/contact-tui

clean:
	rm -rf .build
