# contact-tui: `make run` for the demo, `make test` for the whole suite.

SWIFT  ?= swift
PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
MANDIR := $(PREFIX)/share/man/man1
BASHCOMPDIR := $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR := $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR := $(PREFIX)/share/fish/vendor_completions.d

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

## install: install contact-tui into $(BINDIR), its man page into $(MANDIR), and its bash, zsh and fish
## completions under $(PREFIX)/share; DESTDIR stages it all elsewhere
install: release
	set -e; \
	bin="$$($(SWIFT) build -c release --show-bin-path)/contact-tui"; \
	completions=.build/completions; \
	mkdir -p $$completions; \
	for shell in bash zsh fish; do \
		"$$bin" --generate-completion-script $$shell > $$completions/contact-tui.$$shell; \
		test -s $$completions/contact-tui.$$shell; \
	done; \
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) \
		$(DESTDIR)$(FISHCOMPDIR); \
	install -m 0755 "$$bin" $(DESTDIR)$(BINDIR)/contact-tui; \
	install -m 0644 docs/contact-tui.1 $(DESTDIR)$(MANDIR)/contact-tui.1; \
	install -m 0644 $$completions/contact-tui.bash $(DESTDIR)$(BASHCOMPDIR)/contact-tui; \
	install -m 0644 $$completions/contact-tui.zsh $(DESTDIR)$(ZSHCOMPDIR)/_contact-tui; \
	install -m 0644 $$completions/contact-tui.fish $(DESTDIR)$(FISHCOMPDIR)/contact-tui.fish

clean:
	rm -rf .build
