# The two commands of the README, `make run` and `make test`, and the tiers
# between them. Each installs the Debian packages it is missing first
# (scripts/install-deps) and builds only what it runs.
JOBS ?= $(shell nproc)
PORT ?= 8080
# Warnings are errors in CI (CI=true), warnings elsewhere.
WERROR ?= $(if $(filter true,$(CI)),ON,OFF)

# Compiles go through ccache (Debian's) when it is there, keyed on the paths
# below the checkout (base_dir, no hash of the working directory): a rebuild
# after a branch switch, or another clone of the same commit anywhere,
# compiles nothing again but tests/paths.cpp, which holds the checkout's
# paths: the unity batches include their files by relative paths
# (cmake/UnityBuild.cmake), and only GCC's precompiled header, which ccache
# keys by relative paths, is used (docs/development.md). The cache lives in
# the user's cache directory and is bounded. CCACHE_DISABLE=1 leaves it out.
# Expanded when a recipe runs, after deps has installed ccache.
CCACHE = $(shell command -v ccache 2>/dev/null)
export CCACHE_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/drivemock/ccache
export CCACHE_MAXSIZE ?= 4G
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
# Depend mode: a miss costs no preprocessor run (the compiler's -MD output
# lists the headers), so a cold cache adds next to nothing to a build.
export CCACHE_DEPEND := 1
# Precompiled headers hit only with pch_defines and time_macros (ccache's
# manual, "Precompiled headers"); a fresh clone's files are all seconds old,
# which ccache would otherwise not trust for its direct mode.
export CCACHE_SLOPPINESS := pch_defines,time_macros,include_file_mtime,include_file_ctime
LAUNCHER = $(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
CMAKE_ARGS = -DDRIVEMOCK_WERROR=$(WERROR) $(LAUNCHER)
CTEST_ARGS = --output-on-failure --timeout 120
CTEST = ctest $(CTEST_ARGS) -j$(JOBS)
CONFIGURE_RELEASE = cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS)

PREFIX ?= /usr/local

.PHONY: install deb deb-arm64 image npm npm-all portable screenshots deps deps-build deps-clang drivemock build build-tests \
        run check test test-release test-consumer build-sanitize test-sanitize build-thread \
        test-thread test-fuzz test-debian-node \
        test-docker fuzz bench validate format clean client-deps build-arm64 test-arm64

# The JS package's tests, the JS example, the tests with the service's
# official JS client and the dashboard's browser tests need their packages,
# pinned by each folder's package-lock.json (npm ci: exactly those, from the
# npm registry), all folders at once (npm's cache takes concurrent writers;
# each npm ci mostly waits on the network or the disk). --prefer-offline: the
# lock pins each package's integrity, so a copy in npm's cache is taken
# without asking the registry whether it changed (2026-12-02, eight folders,
# warm cache: 41 s, not 66).
JS_DIRS = clients/js examples/js examples/jest examples/playwright tests/clients/js-sdk tests/browser tests/contracts tests/editor
BROWSER_DIR = tests/browser
client-deps: deps
	@$(MAKE) --no-print-directory -j$(words $(JS_DIRS)) $(JS_DIRS:%=%/node_modules/.package-lock.json)
%/node_modules/.package-lock.json: %/package-lock.json %/package.json
	cd $* && npm ci --no-audit --no-fund --prefer-offline

## The README's screenshots of the dashboard (docs/), taken by its browser test.
screenshots: build-tests client-deps
	SCREENSHOT_DIR=$(CURDIR)/docs DRIVEMOCK_BINARY=$(CURDIR)/build/release/src/drivemock \
	  node --test $(BROWSER_DIR)/dashboard.test.js $(BROWSER_DIR)/saves.test.js $(BROWSER_DIR)/scripts.test.js $(BROWSER_DIR)/own-session.test.js $(BROWSER_DIR)/report.test.js

# What building needs (deps-build), and what the tests need besides (deps).
deps-build:
	@./scripts/install-deps --build-only
deps:
	@./scripts/install-deps
# The sanitized trees' compiler, its runtimes, and llvm-symbolizer for reports.
deps-clang: deps-build
	@./scripts/install-deps --build-only clang libclang-rt-14-dev llvm

## build/release/src/drivemock and nothing else (make run, make install).
drivemock build: deps-build
	$(CONFIGURE_RELEASE)
	cmake --build build/release -j$(JOBS) --target drivemock

# The release tree with its tests (make check, make test).
build-tests: deps-build
	$(CONFIGURE_RELEASE)
	cmake --build build/release -j$(JOBS)

## Serve scenarios/ on http://127.0.0.1:$(PORT) until Ctrl-C (ARGS="--strict" adds flags).
run: drivemock
	./build/release/src/drivemock --port $(PORT) --scenarios scenarios $(ARGS)

## The edit loop's tier: the release build, its unit, end-to-end and
## architecture tests and the JS package's own suites (labelled `check`):
## tests/CMakeLists.txt labels each test by what it is.
check: deps client-deps build-tests
	cd build/release && $(CTEST) -L '^(unit|e2e|architecture|check)$$'

## Every test: the release build (its tests, the JS suites, the npm binary),
## an example project against the installed library, one clang tree with
## AddressSanitizer + UBSan for the tests and the fuzzers (FUZZ_SECONDS
## each), and ThreadSanitizer. Every stage runs even when one before failed;
## a table of the stages and their times ends the run (scripts/test-stages).
test:
	@./scripts/test-stages deps client-deps test-release test-debian-node test-consumer test-arm64 test-sanitize test-fuzz test-thread

# The JS suites (JS_TIERS) run in test-debian-node, with the Node a bare
# Debian 12 gets; only the package's own suite (client) runs here too, with
# this machine's node where that is another (a newer Node, as most of its
# users have), beside the C++ tests it overlaps.
JS_TIERS = ^(client|example|contracts|docs|browser|npm)$$
JS_ONCE = ^(example|contracts|docs|browser|npm)$$
test-release: deps client-deps build-tests portable
	cd build/release && if ../../scripts/debian-node --own; then skip='$(JS_TIERS)'; else skip='$(JS_ONCE)'; fi && \
	  $(CTEST) -LE "$$skip"

# The JS suites with Debian 12's own Node.js 18 and npm 9.2, which a bare
# Debian runs them with, where this machine's node is another
# (scripts/debian-node, cached beside the arm64 sysroot; with the machine's
# own where they are Debian's).
test-debian-node: deps client-deps build-tests portable
	cd build/release && ../../scripts/debian-node $(DEPS_CACHE) $(CTEST) -L '$(JS_TIERS)'

test-consumer: build-tests
	cmake --install build/release --prefix build/stage
	cmake -S examples/consumer -B build/consumer -DCMAKE_PREFIX_PATH=$(CURDIR)/build/stage $(LAUNCHER)
	cmake --build build/consumer -j$(JOBS)
	cd build/consumer && $(CTEST)

# One clang tree for the ASan + UBSan tests and the libFuzzer targets: the
# library compiled once for both (tests/fuzz/ubsan.supp: RapidJSON 1.1's one
# known report, which the fuzz build makes recoverable to silence it alone).
SANITIZE_ENV = ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$(CURDIR)/tests/fuzz/ubsan.supp
build-sanitize: deps-clang
	CC=clang CXX=clang++ cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=Debug \
	  -DDRIVEMOCK_SANITIZE=ON -DDRIVEMOCK_FUZZ=ON $(CMAKE_ARGS)
	cmake --build build/sanitize -j$(JOBS)

test-sanitize: deps client-deps build-sanitize
	cd build/sanitize && $(SANITIZE_ENV) $(CTEST)

# ThreadSanitizer, with clang as the ASan tree: any race report fails its
# test at once (halt_on_error); tests/tsan.supp says why each suppression is
# there.
build-thread: deps-clang
	CC=clang CXX=clang++ cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=Debug -DDRIVEMOCK_TSAN=ON $(CMAKE_ARGS)
	cmake --build build/tsan -j$(JOBS)

# Its tests wait more than they compute (1.5 of 2 cores busy at -j3): one
# more at a time than there are cores (2026-11-27, 2 cores, one entry per
# test file: 64 s, not 79).
THREAD_JOBS ?= $(shell echo $$(( $(JOBS) + 1 )))
test-thread: deps client-deps build-thread
	cd build/tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp" \
	  ctest $(CTEST_ARGS) -j$(THREAD_JOBS)

## libFuzzer (clang, ASan + UBSan + leaks) on scenario loading, request
## handling, the admin filter parser, raw HTTP through the whole server and
## the proxy's CONNECT head, FUZZ_SECONDS each, two at a time (make test: 30).
FUZZ_SECONDS ?= 30
fuzz test-fuzz: build-sanitize
	tests/fuzz/run $(FUZZ_SECONDS)

## build/release/src/drivemock-portable: the npm platform package's binary,
## the same objects linked with Debian's static libraries (glibc dynamic).
## cpp-httplib's implementation comes from Debian's source package of the
## installed version (scripts/httplib-source; Debian ships it shared only),
## kept in the user's cache directory for every checkout.
DEPS_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/drivemock/deps
portable: deps-build
	$(CONFIGURE_RELEASE) -DDRIVEMOCK_HTTPLIB_SOURCE="$$(scripts/httplib-source $(DEPS_CACHE))"
	cmake --build build/release -j$(JOBS) --target drivemock-portable

## build/arm64/: drivemock-portable cross-compiled for Linux on arm64 with
## Debian's g++-aarch64-linux-gnu against Debian's arm64 libraries (a sysroot
## of their packages, scripts/arm64-sysroot, cached beside cpp-httplib's
## source), and the end-to-end tests, which run here under qemu-user-static.
ARM64_SYSROOT = $(DEPS_CACHE)/arm64-sysroot
ARM64_EMULATOR = $(ARM64_SYSROOT)/run
ARM64_TARGETS ?= drivemock-portable e2e_tests
build-arm64: deps-build
	sysroot="$$(scripts/arm64-sysroot $(DEPS_CACHE))" && \
	cmake -S . -B build/arm64 -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
	  -DDRIVEMOCK_ARM64_SYSROOT="$$sysroot" -DDRIVEMOCK_HTTPLIB_SOURCE="$$(scripts/httplib-source $(DEPS_CACHE))" \
	  -DDRIVEMOCK_X64_BUILD=$(CURDIR)/build/release $(CMAKE_ARGS)
	cmake --build build/arm64 -j$(JOBS) --target $(ARM64_TARGETS)

## The arm64 binary proved by running it (under qemu): its end-to-end tests,
## its glibc floor, the examples served as x86-64 serves them, the official
## SDK's suite, and make npm's arm64 package (tests/arm64/arm64.cmake).
test-arm64: deps client-deps build-arm64 portable
	cd build/arm64 && $(CTEST) -L '^(e2e|arm64)$$'

## build/npm/: drivemock-<version>.tgz (the JS package) and this machine's
## platform package, drivemock-linux-x64-gnu-<version>.tgz, to npm install
## as they are; no cross build (docs/development.md).
npm: portable
	@command -v node >/dev/null || ./scripts/install-deps --build-only nodejs npm
	node scripts/npm-packages.mjs build/npm build/release/src/drivemock-portable

## What make npm writes, and drivemock-linux-arm64-gnu-<version>.tgz from the
## cross build: the three tarballs a release publishes.
npm-all: portable
	$(MAKE) --no-print-directory build-arm64 ARM64_TARGETS=drivemock-portable
	@command -v node >/dev/null || ./scripts/install-deps --build-only nodejs npm
	DRIVEMOCK_RUN_ARM64="$(ARM64_EMULATOR)" node scripts/npm-packages.mjs build/npm \
	  build/release/src/drivemock-portable build/arm64/src/drivemock-portable

## The container image drivemock:<version> for linux/amd64 and linux/arm64
## (-amd64, -arm64; :<version> and :latest this machine's), built from the
## Debian packages (Dockerfile), and their manifest list pushed to
## IMAGE_REGISTRY or a registry on loopback; starts dockerd when none runs.
image:
	scripts/docker-image

## The container image (make image: amd64, and arm64 under qemu through
## binfmt_misc), built and run here; the Debian package
## (make deb) installed in a fresh Debian 12 container; make npm's tarballs on
## a Debian 12 with Node.js and npm only; drivemock/testcontainers against
## the image; then the README's first block on a minimal debootstrapped
## Debian 12 (tests/docker/bare-debian; SKIP_BARE_DEBIAN=1 leaves it out).
## Not part of make test: needs dockerd (started when none runs); a quarter
## of an hour, plus about a CI run's time for the last step.
test-docker: deb npm
	tests/docker/run

## drivemock against a reference server, as ratios (not part of make test;
## about 25 minutes). Writes bench/RESULTS.md.
bench: client-deps
	@./scripts/install-deps wrk curl valgrind python3
	bench/run

## Installs drivemock (and the C++ library and headers) under PREFIX
## (default /usr/local); DESTDIR stages it elsewhere, as for packaging.
install: drivemock
	DESTDIR=$(DESTDIR) cmake --install build/release --prefix $(PREFIX)

## build/deb/drivemock_<version>_<arch>.deb: /usr/bin/drivemock and its
## declared runtime dependencies (apt install ./build/deb/drivemock_*.deb).
deb: drivemock
	@./scripts/install-deps --build-only dpkg-dev file
	cd build/release && cpack -B $(CURDIR)/build/deb
	@ls build/deb/*.deb

## build/deb/drivemock_<version>_arm64.deb: the same package for arm64, from
## the cross-built drivemock (its Depends read off the binary by
## scripts/deb-depends, as dpkg-shlibdeps would); make image installs it.
deb-arm64: deps-build
	$(MAKE) --no-print-directory build-arm64 ARM64_TARGETS=drivemock
	@./scripts/install-deps --build-only dpkg-dev file
	cd build/arm64 && cpack -B $(CURDIR)/build/deb \
	  -D CPACK_DEBIAN_PACKAGE_DEPENDS="$$($(CURDIR)/scripts/deb-depends src/drivemock $(ARM64_SYSROOT))"
	@ls build/deb/*_arm64.deb

## Check the example scenarios.
validate: drivemock
	./build/release/src/drivemock validate scenarios

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf build
