# versioncheck — build, test, measure, install.
# `make test` is the test command (README, CI). Everything here needs only the
# Swift toolchain and, for the network tests and the demo, python3.

SWIFT      ?= swift
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     := $(DESTDIR)$(PREFIX)/bin
CONFIG     ?= debug

.PHONY: all build test bench bench-lookup release install uninstall clean demo

all: build

build:
	$(SWIFT) build

## test: every test (unit, command-line end to end, network against a loopback server)
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## bench: release build, then medians over repeated runs
bench:
	$(SWIFT) build -c release --product versioncheck-bench
	$(SWIFT) build -c release
	./.build/release/versioncheck-bench

## demo: real lookup and manifest checks against the fixture server on loopback
demo:
	$(SWIFT) build
	Tests/LoopbackServer/demo.sh .build/debug

## bench-lookup: versioncheck lookup against curl | jq on a loopback server (medians of 20)
bench-lookup:
	$(SWIFT) build -c release
	python3 Tests/LoopbackServer/bench-lookup.py .build/release

release:
	$(SWIFT) build -c release

install: release
	install -d $(BINDIR)
	install -m 0755 .build/release/versioncheck $(BINDIR)/versioncheck
	install -m 0755 .build/release/versioncheck-fetch $(BINDIR)/versioncheck-fetch

uninstall:
	rm -f $(BINDIR)/versioncheck $(BINDIR)/versioncheck-fetch

clean:
	rm -rf .build
