# The two commands a newcomer runs: `make run` and `make test`.
# Both install what is missing first (scripts/bootstrap).
#
# Two packages (docs/DECISIONS.md, "Two packages"): the engine and its harness at the root,
# and Homepwner, TerminalKit and the tools in App/, which depends on the root by path.

export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
ARGS ?=
APP := --package-path App
DESKTOP := --package-path Desktop

.PHONY: all bootstrap build release run run-gtk test test-engine test-app test-gtk test-examples check-snippets check-tests check-rules check-unsafe check-scripts lint format docs fuzz clean

all: build

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build
	$(SWIFT) build $(APP)

release: bootstrap
	$(SWIFT) build $(APP) -c release

## Builds and runs Homepwner. Pass options with ARGS, e.g. make run ARGS="--random-items 20".
run: bootstrap
	$(SWIFT) build $(APP) -c release --product homepwner
	App/.build/release/homepwner $(ARGS)

## Every test: the engine's, the second adopter's (Examples/MiniKit), then the app's (unit,
## integration, end-to-end in tmux) and the desktop app's (under Xvfb), after scripts/check-tests (no test without an assertion,
## no catch that swallows the error) and scripts/check-snippets (the DocC articles' code is
## the example's, compiled); then scripts/check-scripts, a short run of every other script.
test: bootstrap check-tests check-rules check-unsafe check-snippets test-engine test-examples test-app test-gtk check-scripts

check-tests:
	@scripts/check-tests

## Every rule cited (R3, H12, S1–S4…) is defined in docs/RULES.md; the self-test shows the check can fail.
check-rules: ; @scripts/check-rules --self-test && scripts/check-rules

## The engine's unsafe code only in Sources/StateRestoration/Unchecked/ (750 lines at most),
## strict memory safety on; the self-test shows each rule can fail (rule C2).
check-unsafe:
	@scripts/check-unsafe --self-test
	@scripts/check-unsafe

## Rule C8: each script that no test runs (fuzz, fuzz-app, soak, bench-phases, compare-readers,
## record-golden, build-docs…) run once with tiny parameters, its exit status and a line of its
## output checked; every script in scripts/ run somewhere. 3 to 4 minutes on a clean checkout,
## most of it two sanitizer builds (docs/DECISIONS.md, "Scripts build through SwiftPM").
check-scripts:
	scripts/check-scripts

test-engine:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## MiniKit and MiniHomepwner, a second toolkit on the engine, as an outside package: built
## with warnings as errors and no system library, then tested (scripts/test-examples).
test-examples:
	scripts/test-examples

check-snippets:
	@scripts/check-snippets

test-app: bootstrap
	$(SWIFT) build $(APP) --build-tests
	$(SWIFT) test $(APP) --skip-build

## Homepwner on GTK 4 (Desktop/, rules G1-G7): builds and starts homepwner-gtk on the desktop
## (it needs a display: DISPLAY or WAYLAND_DISPLAY), e.g. make run-gtk ARGS="--random-items 20".
run-gtk: bootstrap
	$(SWIFT) build $(DESKTOP) -c release --product homepwner-gtk
	Desktop/.build/release/homepwner-gtk $(ARGS)

## The desktop app's tests: the GTK adapter's on real widgets (they need a display, which
## xvfb-run gives), then end to end, each on an Xvfb of its own (kill -9, relaunch, screenshots).
test-gtk: bootstrap
	$(SWIFT) build $(DESKTOP) --build-tests
	xvfb-run -a -s "-screen 0 1280x800x24" $(SWIFT) test $(DESKTOP) --skip-build

## swift-format, strict, on everything.
lint:
	swift-format lint --strict -r Sources Tests Fuzz Bench Package.swift App/Sources App/Tests App/Package.swift Examples \
		Desktop/Sources Desktop/Tests Desktop/Package.swift

format:
	swift-format format --in-place -r Sources Tests Fuzz Bench Package.swift App/Sources App/Tests App/Package.swift Examples \
		Desktop/Sources Desktop/Tests Desktop/Package.swift

## The engine's DocC catalog, with warnings as errors, into docs/api/.
docs:
	scripts/build-docs

## Kill storms: 1,000 SIGKILLs of a save loop, 500 of rapid store edits (docs/RELIABILITY.md).
ARCHIVE_CYCLES ?= 1000
STORE_CYCLES ?= 500
.PHONY: soak
soak: bootstrap
	scripts/soak $(ARCHIVE_CYCLES) $(STORE_CYCLES)

## libFuzzer over the engine's readers, e.g. make fuzz SECONDS=300 (default 60): the archive
## reader, or with TARGET=footer, marker or sessions what a launch reads besides the archive.
SECONDS ?= 60
TARGET ?= archive
fuzz:
	TARGET=$(TARGET) scripts/fuzz $(SECONDS)

## libFuzzer with ASan over Homepwner's real restore (homepwner-fuzz), e.g. make fuzz-app SECONDS=300,
## or with TARGET=store over the item store's open of a hostile database (homepwner-store-fuzz).
.PHONY: fuzz-app
fuzz-app:
	TARGET=$(subst archive,restore,$(TARGET)) scripts/fuzz-app $(SECONDS)

clean:
	rm -rf .build App/.build Desktop/.build Examples/MiniKit/.build .build-fuzz .build-fuzz-app .build-soak .build-docs .build-phases .build-compare .build-appbench

## Rule X2: every state a power loss could leave during the engine's writes, under the POSIX
## worst case and ext4 data=ordered (docs/RELIABILITY.md, "Power loss during a save").
## Last line: crash states: N explored, B bad; exits non-zero when B > 0.
.PHONY: crash-states
crash-states: bootstrap
	$(SWIFT) build --product crash-states
	.build/debug/crash-states

## Rule X1: Homepwner and the demo checked after every step: seeded keys, pastes, resizes and
## outside changes, each followed by save, tear-down, relaunch and comparison; e.g.
## make restoration-fuzz STEPS=2000 SEED=7. Last line: restoration-fuzz: N steps, R relaunches,
## D differences; exits non-zero when D > 0.
STEPS ?= 200
SEED ?= 1
.PHONY: restoration-fuzz
restoration-fuzz: bootstrap
	$(SWIFT) build $(APP) --product restoration-fuzz
	$(SWIFT) build $(APP) --product terminalkit-demo
	scripts/restoration-fuzz $(STEPS) $(SEED)
