# The two commands a newcomer runs: `make run` and `make test`.
# Both install what is missing first (scripts/bootstrap).

export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
ARGS ?=

.PHONY: all bootstrap build release run test lint format docs fuzz clean

all: build

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

## Builds and runs Homepwner. Pass options with ARGS, e.g. make run ARGS="--random-items 20".
run: bootstrap
	$(SWIFT) build -c release --product homepwner
	.build/release/homepwner $(ARGS)

## Every test: unit, integration, and end-to-end in tmux.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## swift-format, strict, on everything.
lint:
	swift-format lint --strict -r Sources Tests Fuzz Bench Package.swift

format:
	swift-format format --in-place -r Sources Tests Fuzz Bench Package.swift

## The engine's DocC catalog, with warnings as errors, into docs/api/.
docs:
	scripts/build-docs

## Kill storms: 1,000 SIGKILLs of a save loop, 500 of rapid store edits (docs/RELIABILITY.md).
ARCHIVE_CYCLES ?= 1000
STORE_CYCLES ?= 500
.PHONY: soak
soak: bootstrap
	scripts/soak $(ARCHIVE_CYCLES) $(STORE_CYCLES)

## libFuzzer over the archive reader, e.g. make fuzz SECONDS=300 (default 60).
SECONDS ?= 60
fuzz:
	scripts/fuzz $(SECONDS)

clean:
	rm -rf .build
