# The two commands of the README: `make run` and `make test`. Both install
# missing Debian packages first (scripts/install-deps).
JOBS ?= $(shell nproc)
PORT ?= 8080
# Warnings are errors in CI (CI=true), warnings elsewhere.
WERROR ?= $(if $(filter true,$(CI)),ON,OFF)
CMAKE_ARGS = -DDRIVEMOCK_WERROR=$(WERROR)
CTEST = ctest --output-on-failure -j$(JOBS) --timeout 120

PREFIX ?= /usr/local

.PHONY: install deb image npm portable screenshots deps build run test test-release test-consumer test-sanitize test-thread test-fuzz test-docker fuzz bench validate format clean client-deps

# The JS package's tests, the JS example, the tests with the service's
# official JS client and the dashboard's browser tests need their packages,
# pinned by each folder's package-lock.json (npm ci: exactly those, from the
# npm registry).
JS_DIRS = clients/js examples/js tests/clients/js-sdk tests/browser tests/contracts
BROWSER_DIR = tests/browser
client-deps: $(JS_DIRS:%=%/node_modules/.package-lock.json)
%/node_modules/.package-lock.json: %/package-lock.json %/package.json
	cd $* && npm ci --no-audit --no-fund

## The README's screenshots of the dashboard (docs/), taken by its browser test.
screenshots: build client-deps
	SCREENSHOT_DIR=$(CURDIR)/docs DRIVEMOCK_BINARY=$(CURDIR)/build/release/src/drivemock \
	  node --test $(BROWSER_DIR)/dashboard.test.js $(BROWSER_DIR)/report.test.js

deps:
	@./scripts/install-deps

build: deps
	cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS)
	cmake --build build/release -j$(JOBS)

## Serve scenarios/ on http://127.0.0.1:$(PORT) (ARGS="--strict" adds flags).
run: build
	./build/release/src/drivemock --port $(PORT) --scenarios scenarios $(ARGS)

## Every test, three times: a release build, AddressSanitizer + UBSan, and
## ThreadSanitizer; an example project built against the installed library;
## and the fuzz targets for FUZZ_SECONDS each. The release run also checks
## the npm binary (make portable) and installs make npm's two tarballs.
test: deps test-release test-consumer test-sanitize test-thread test-fuzz

test-release: build portable client-deps
	cd build/release && $(CTEST)

test-consumer: build
	cmake --install build/release --prefix build/stage
	cmake -S examples/consumer -B build/consumer -DCMAKE_PREFIX_PATH=$(CURDIR)/build/stage
	cmake --build build/consumer -j$(JOBS)
	cd build/consumer && $(CTEST)

test-sanitize: deps client-deps
	cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=Debug -DDRIVEMOCK_SANITIZE=ON $(CMAKE_ARGS)
	cmake --build build/sanitize -j$(JOBS)
	cd build/sanitize && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(CTEST)

# Any race report fails its test at once (halt_on_error); tests/tsan.supp
# says why each suppression is there.
test-thread: deps client-deps
	cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=Debug -DDRIVEMOCK_TSAN=ON $(CMAKE_ARGS)
	cmake --build build/tsan -j$(JOBS)
	cd build/tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp" $(CTEST)

## libFuzzer (clang, ASan + UBSan + leaks) on scenario loading, request
## handling, the admin filter parser and raw HTTP through the whole server,
## FUZZ_SECONDS each (make test: 60).
FUZZ_SECONDS ?= 60
fuzz test-fuzz:
	@./scripts/install-deps clang libclang-rt-14-dev llvm
	CC=clang CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DDRIVEMOCK_BUILD_TESTS=OFF -DDRIVEMOCK_SANITIZE=ON -DDRIVEMOCK_FUZZ=ON $(CMAKE_ARGS)
	cmake --build build/fuzz -j$(JOBS) --target fuzz_scenario fuzz_request fuzz_filter fuzz_http fuzz_connect
	tests/fuzz/run $(FUZZ_SECONDS)

## build/release/src/drivemock-portable: the npm platform package's binary,
## the same objects linked with Debian's static libraries (glibc dynamic).
## cpp-httplib's implementation comes from Debian's source package of the
## installed version (scripts/httplib-source; Debian ships it shared only).
portable: build
	cmake -S . -B build/release -DDRIVEMOCK_HTTPLIB_SOURCE="$$(scripts/httplib-source build/deps)"
	cmake --build build/release -j$(JOBS) --target drivemock-portable

## build/npm/: drivemock-<version>.tgz (the JS package) and
## drivemock-linux-x64-gnu-<version>.tgz (the binary), to npm install or
## publish as they are (docs/development.md).
npm: portable
	node scripts/npm-packages.mjs build/release/src/drivemock-portable build/npm

## The container image drivemock:<version> and drivemock:latest, built from
## the Debian package (Dockerfile); starts dockerd when none runs.
image:
	scripts/docker-image

## The container image (make image), built and run here; the Debian package
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
install: build
	DESTDIR=$(DESTDIR) cmake --install build/release --prefix $(PREFIX)

## build/deb/drivemock_<version>_<arch>.deb: /usr/bin/drivemock and its
## declared runtime dependencies (apt install ./build/deb/drivemock_*.deb).
deb: build
	@./scripts/install-deps dpkg-dev file
	cd build/release && cpack -B $(CURDIR)/build/deb
	@ls build/deb/*.deb

## Check the example scenarios.
validate: build
	./build/release/src/drivemock validate scenarios

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf build
