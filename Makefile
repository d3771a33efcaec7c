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

# ---------------------------------------------------------------------------
# Hardening: fuzzing (libFuzzer, built into the Swift toolchain) and sanitizers.

FUZZ_SECONDS ?= 60
FUZZ_DIR     := .build-fuzz
FUZZ_FLAGS   := -O -g -swift-version 6 -parse-as-library -sanitize=fuzzer,address
FUZZ_TARGETS := version constraint itunes manifest command-line
FUZZ_SUPPORT := $(wildcard Tests/Fuzz/Support/*.swift)
FETCH_SUPPORT := $(FUZZ_SUPPORT) $(wildcard Tests/Fuzz/Support/Fetch/*.swift)
FUZZ_ENV     := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
FUZZ_RUN     := -detect_leaks=0 -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -use_value_profile=1

CORE_SOURCES  := $(wildcard Sources/VersionCheckCore/*.swift)
CLI_SOURCES   := $(wildcard Sources/VersionCheckCLI/*.swift Sources/VersionCheckCLI/*/*.swift)
FETCH_SOURCES := $(wildcard Sources/VersionCheckFetch/*.swift)

.PHONY: fuzz fuzz-build sanitize sanitize-address sanitize-thread

## fuzz: build every fuzz target, then run each for FUZZ_SECONDS (default 60) from the seed corpus
fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$target $(FUZZ_DIR)/crashes/$$target; \
	  echo "== fuzz-$$target for $(FUZZ_SECONDS) s (log: $(FUZZ_DIR)/fuzz-$$target.log)"; \
	  status=0; \
	  $(FUZZ_ENV) ./$(FUZZ_DIR)/fuzz-$$target $(FUZZ_RUN) -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$$target/ \
	    $(FUZZ_DIR)/corpus/$$target Tests/Fuzz/corpus/$$target > $(FUZZ_DIR)/fuzz-$$target.log 2>&1 || status=$$?; \
	  grep -E '^(stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|fuzz invariant|SUMMARY)' $(FUZZ_DIR)/fuzz-$$target.log; \
	  if [ $$status -ne 0 ]; then \
	    echo "fuzz-$$target FAILED (exit $$status): see $(FUZZ_DIR)/fuzz-$$target.log and $(FUZZ_DIR)/crashes/$$target/" >&2; \
	    exit 1; \
	  fi; \
	done

fuzz-build: $(addprefix $(FUZZ_DIR)/fuzz-,$(FUZZ_TARGETS))

# One static library per module, instrumented for coverage and ASan, so each harness
# imports the modules it needs exactly as the package's own targets do.
$(FUZZ_DIR)/lib/libVersionCheckCore.a: $(CORE_SOURCES)
	@mkdir -p $(FUZZ_DIR)/lib $(FUZZ_DIR)/modules
	swiftc $(FUZZ_FLAGS) -wmo -module-name VersionCheckCore -emit-module -emit-module-path $(FUZZ_DIR)/modules/VersionCheckCore.swiftmodule \
	  -emit-library -static -o $@ $(CORE_SOURCES)

$(FUZZ_DIR)/lib/libVersionCheckCLI.a: $(CLI_SOURCES) $(FUZZ_DIR)/lib/libVersionCheckCore.a
	swiftc $(FUZZ_FLAGS) -wmo -I $(FUZZ_DIR)/modules -module-name VersionCheckCLI -emit-module -emit-module-path $(FUZZ_DIR)/modules/VersionCheckCLI.swiftmodule \
	  -emit-library -static -o $@ $(CLI_SOURCES)

$(FUZZ_DIR)/lib/libVersionCheckFetch.a: $(FETCH_SOURCES) $(FUZZ_DIR)/lib/libVersionCheckCLI.a
	swiftc $(FUZZ_FLAGS) -wmo -I $(FUZZ_DIR)/modules -module-name VersionCheckFetch -emit-module -emit-module-path $(FUZZ_DIR)/modules/VersionCheckFetch.swiftmodule \
	  -emit-library -static -o $@ $(FETCH_SOURCES)

FUZZ_LINK := -I $(FUZZ_DIR)/modules -L $(FUZZ_DIR)/lib

$(FUZZ_DIR)/fuzz-version: Tests/Fuzz/FuzzVersion.swift $(FUZZ_SUPPORT) $(FUZZ_DIR)/lib/libVersionCheckCore.a
	swiftc $(FUZZ_FLAGS) $(FUZZ_LINK) -module-name FuzzVersion $< $(FUZZ_SUPPORT) -lVersionCheckCore -o $@

$(FUZZ_DIR)/fuzz-constraint: Tests/Fuzz/FuzzConstraint.swift $(FUZZ_SUPPORT) $(FUZZ_DIR)/lib/libVersionCheckCore.a
	swiftc $(FUZZ_FLAGS) $(FUZZ_LINK) -module-name FuzzConstraint $< $(FUZZ_SUPPORT) -lVersionCheckCore -o $@

$(FUZZ_DIR)/fuzz-command-line: Tests/Fuzz/FuzzCommandLine.swift $(FUZZ_SUPPORT) $(FUZZ_DIR)/lib/libVersionCheckCLI.a
	swiftc $(FUZZ_FLAGS) $(FUZZ_LINK) -module-name FuzzCommandLine $< $(FUZZ_SUPPORT) -lVersionCheckCLI -lVersionCheckCore -o $@

$(FUZZ_DIR)/fuzz-itunes: Tests/Fuzz/FuzzITunes.swift $(FETCH_SUPPORT) $(FUZZ_DIR)/lib/libVersionCheckFetch.a
	swiftc $(FUZZ_FLAGS) $(FUZZ_LINK) -module-name FuzzITunes $< $(FETCH_SUPPORT) -lVersionCheckFetch -lVersionCheckCLI -lVersionCheckCore -o $@

$(FUZZ_DIR)/fuzz-manifest: Tests/Fuzz/FuzzManifest.swift $(FETCH_SUPPORT) $(FUZZ_DIR)/lib/libVersionCheckFetch.a
	swiftc $(FUZZ_FLAGS) $(FUZZ_LINK) -module-name FuzzManifest $< $(FETCH_SUPPORT) -lVersionCheckFetch -lVersionCheckCLI -lVersionCheckCore -o $@

ASAN_SCRATCH ?= .build-asan
TSAN_SCRATCH ?= .build-tsan

## sanitize: the whole test suite under AddressSanitizer, then under ThreadSanitizer
sanitize: sanitize-address sanitize-thread

sanitize-address:
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_SCRATCH)
	VERSIONCHECK_SANITIZER=address \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path $(ASAN_SCRATCH)

sanitize-thread:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SCRATCH)
	VERSIONCHECK_SANITIZER=thread \
	TSAN_OPTIONS=halt_on_error=1 \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SCRATCH)
