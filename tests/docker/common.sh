# Shared by tests/docker/run and tests/docker/bare-debian (sourced from the
# repository's root): where images and root file systems are cached, waiting,
# dockerd, and a Debian 12 base image made here with debootstrap (minbase:
# nothing installed that a minimal Debian lacks).
cache="${XDG_CACHE_HOME:-$HOME/.cache}/drivemock-docker"
mkdir -p "$cache"

# Polls `$@` every 0.2 s for at most $timeout seconds.
wait_for() {
  local timeout=$1
  shift
  local until=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$until" ] || return 1
    sleep 0.2
  done
}

start_dockerd() {
  docker info >/dev/null 2>&1 && return
  step "starting dockerd (log: $cache/dockerd.log)"
  (setsid dockerd >"$cache/dockerd.log" 2>&1 &)
  wait_for 60 docker info || fail "dockerd did not start; see $cache/dockerd.log"
}

# Runs arm64 programs here: qemu-user-static registered in binfmt_misc (the
# kernel then starts them through the emulator, inside containers too, as
# Debian's package registers it at boot under systemd). Fails saying why
# where the kernel does not let this machine register it.
arm64_emulation() {
  [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] && return
  ./scripts/install-deps --build-only qemu-user-static >&2
  [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null || true
  if [ -e /proc/sys/fs/binfmt_misc/register ]; then
    cat /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register 2>/dev/null || true
  fi
  [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] ||
    fail "cannot register qemu-aarch64 in binfmt_misc here (needs root and a kernel that allows it): the arm64 image cannot run on this machine"
}

# A Debian 12 base image made here, for when the official one can't be
# pulled: for this machine's architecture, or for ARCH (arm64: debootstrap
# runs its second stage under the emulator).
local_base() {
  local arch=${1:-} suffix=""
  [ -n "$arch" ] && suffix="-$arch" && arm64_emulation
  local tag=drivemock-base/debian:bookworm$suffix rootfs="$cache/rootfs-bookworm$suffix"
  docker image inspect "$tag" >/dev/null 2>&1 && { echo "$tag"; return; }
  if [ ! -f "$rootfs.complete" ]; then
    step "no registry: debootstrap of Debian 12${arch:+ for $arch} into $rootfs" >&2
    rm -rf "$rootfs"
    debootstrap --variant=minbase ${arch:+--arch="$arch"} bookworm "$rootfs" http://deb.debian.org/debian \
      >"$cache/debootstrap$suffix.log" 2>&1 || fail "debootstrap failed; see $cache/debootstrap$suffix.log"
    touch "$rootfs.complete"
  fi
  # The same suites as Debian's own images: updates and security too.
  rm -f "$rootfs/etc/apt/sources.list"
  cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  if [ -z "$arch" ]; then
    tar -C "$rootfs" -c . | docker import --change 'CMD ["bash"]' - "$tag" >/dev/null
  else
    # docker import records this machine's architecture whatever it is told;
    # BuildKit's FROM scratch records the platform it builds for.
    local context="$cache/base$suffix"
    rm -rf "$context" && mkdir -p "$context"
    tar -C "$rootfs" -cf "$context/rootfs.tar" .
    printf 'FROM scratch\nADD rootfs.tar /\nCMD ["bash"]\n' >"$context/Dockerfile"
    DOCKER_BUILDKIT=1 /usr/bin/docker build -q --platform "linux/$arch" -t "$tag" "$context" >/dev/null ||
      fail "could not make $tag from $rootfs"
    rm -rf "$context"
  fi
  echo "$tag"
}


# The official image when it is here or can be pulled, else the local one.
# For another ARCH (arm64) the base is always made here: a pull of its
# official image would take the tag from this machine's own.
base_for() {
  [ -n "${2:-}" ] && { local_base "$2"; return; }
  if docker image inspect "$1" >/dev/null 2>&1 || docker pull -q "$1" >/dev/null 2>&1; then
    echo "$1"
  else
    local_base
  fi
}

# A registry on loopback (Debian's docker-registry, storage in the cache),
# for the manifest list of make image where no registry of one's own is
# given: started once, left running like dockerd. Prints host:port.
local_registry() {
  local config="$cache/registry.yml" port_file="$cache/registry.port" port
  if [ -f "$port_file" ] && curl -fsS "http://127.0.0.1:$(cat "$port_file")/v2/" >/dev/null 2>&1; then
    echo "127.0.0.1:$(cat "$port_file")"
    return
  fi
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  cat >"$config" <<CONFIG
version: 0.1
storage:
  filesystem:
    rootdirectory: $cache/registry
http:
  addr: 127.0.0.1:$port
CONFIG
  step "starting a registry on 127.0.0.1:$port (log: $cache/registry.log)" >&2
  (setsid docker-registry serve "$config" >"$cache/registry.log" 2>&1 &)
  wait_for 30 curl -fsS "http://127.0.0.1:$port/v2/" || fail "the registry did not start; see $cache/registry.log"
  echo "$port" >"$port_file"
  echo "127.0.0.1:$port"
}
