# drivemock in a container, made from the Debian package: the build stage
# builds drivemock with the same Debian packages and install script as `make`
# uses and packs it as `make deb` does; the image installs that .deb, whose
# declared dependencies bring the libraries. drivemock runs as a non-root user
# (uid 10001) whose working directory /data (a volume) takes recordings and
# relative --journal-file paths. `make image` builds it as drivemock:latest.
# BASE and RUNTIME_BASE default to Debian's images; `make image` and `make
# test-docker` pass local debootstrapped ones where no registry can be reached.
# DEB_FROM says where the .deb comes from: `build` (the stage below,
# compiling from source: `docker build .`) or `prebuilt`, the package named
# by DEB in the build context (make image's arm64 image installs the .deb
# make deb-arm64 cross-built; BuildKit builds only the stages used).
ARG BASE=debian:bookworm
ARG RUNTIME_BASE=debian:bookworm-slim
ARG DEB_FROM=build

FROM ${BASE} AS build
WORKDIR /src
COPY scripts/install-deps scripts/install-deps
# The build's packages only (no test tools); dpkg-dev and file: CPack's
# Debian generator reads the binary's libraries with them (dpkg-shlibdeps).
RUN scripts/install-deps --build-only dpkg-dev file && rm -rf /var/lib/apt/lists/*
# What the build reads, and no more: an edit to the docs or tests keeps the
# compiled layer.
COPY CMakeLists.txt ./
COPY cmake cmake
COPY src src
COPY packaging packaging
# The scenario format's schema, which `drivemock schema` prints: one file,
# the npm package's (src/CMakeLists.txt).
COPY clients/js/scenario.schema.json clients/js/scenario.schema.json
RUN cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DDRIVEMOCK_BUILD_TESTS=OFF \
 && cmake --build build/release -j"$(nproc)"
RUN cd build/release && cpack -B /src/build/deb && mv /src/build/deb/drivemock_*.deb /drivemock.deb

FROM scratch AS prebuilt
ARG DEB=build/deb/drivemock.deb
COPY ${DEB} /drivemock.deb

FROM ${DEB_FROM} AS deb

FROM ${RUNTIME_BASE}
COPY --from=deb /drivemock.deb /tmp/drivemock.deb
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      /tmp/drivemock.deb ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* /tmp/drivemock.deb \
 && groupadd --gid 10001 drivemock \
 && useradd --uid 10001 --gid 10001 --home-dir /data --no-create-home \
      --shell /usr/sbin/nologin drivemock \
 && install -d -o drivemock -g drivemock -m 0755 /data
COPY scenarios /scenarios
USER 10001:10001
WORKDIR /data
VOLUME /data
EXPOSE 8080
# The admin token, when set (DRIVEMOCK_ADMIN_TOKEN), goes with the check;
# without one drivemock ignores the header.
HEALTHCHECK --interval=5s --timeout=2s --start-period=2s --retries=5 \
  CMD ["sh", "-c", "curl -fsS -o /dev/null -H \"Authorization: Bearer $DRIVEMOCK_ADMIN_TOKEN\" http://127.0.0.1:8080/__admin/health"]
ENTRYPOINT ["drivemock"]
# Inside a container the loopback default would be unreachable: bind all.
# Every interface of the container is reachable by whatever can reach it, so
# run it with an admin token: -e DRIVEMOCK_ADMIN_TOKEN=... (kept out of ps;
# or --admin-token-file with a mounted file that only uid 10001 can read:
# one readable by group or others, as secrets are mounted by default, is
# refused). Without one drivemock warns.
CMD ["--host", "0.0.0.0", "--port", "8080", "--scenarios", "/scenarios"]
