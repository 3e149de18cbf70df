// The Docker platform of an engine's architecture, as `docker info` names
// it (uname -m): the image drivemock/testcontainers asks a manifest list for.
"use strict";

const PLATFORMS = {
  x86_64: "linux/amd64",
  amd64: "linux/amd64",
  aarch64: "linux/arm64",
  arm64: "linux/arm64",
};

/** "linux/amd64" or "linux/arm64"; null for an architecture drivemock's image is not built for. */
function dockerPlatform(architecture) {
  return PLATFORMS[String(architecture)] ?? null;
}

module.exports = { dockerPlatform };
