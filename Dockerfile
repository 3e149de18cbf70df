# drivemock in a container: built with the same Debian packages and the same
# install script as `make` uses, run as a non-root user.
FROM debian:bookworm AS build
WORKDIR /src
COPY scripts/install-deps scripts/install-deps
RUN scripts/install-deps && rm -rf /var/lib/apt/lists/*
COPY . .
RUN cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DDRIVEMOCK_BUILD_TESTS=OFF \
 && cmake --build build/release -j"$(nproc)"

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcpp-httplib0.11 libyaml-cpp0.7 ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home drivemock
COPY --from=build /src/build/release/src/drivemock /usr/local/bin/drivemock
COPY scenarios /scenarios
USER drivemock
EXPOSE 8080
ENTRYPOINT ["drivemock"]
# Inside a container the loopback default would be unreachable: bind all.
CMD ["--host", "0.0.0.0", "--port", "8080", "--scenarios", "/scenarios"]
