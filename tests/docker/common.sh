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

# A Debian 12 base image made here, for when the official one can't be pulled.
local_base() {
  local tag=drivemock-base/debian:bookworm rootfs="$cache/rootfs-bookworm"
  docker image inspect "$tag" >/dev/null 2>&1 && { echo "$tag"; return; }
  if [ ! -f "$rootfs.complete" ]; then
    step "no registry: debootstrap of Debian 12 into $rootfs" >&2
    rm -rf "$rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 ||
      fail "debootstrap failed; see $cache/debootstrap.log"
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
  tar -C "$rootfs" -c . | docker import --change 'CMD ["bash"]' - "$tag" >/dev/null
  echo "$tag"
}


# The official image when it is here or can be pulled, else the local one.
base_for() {
  if docker image inspect "$1" >/dev/null 2>&1 || docker pull -q "$1" >/dev/null 2>&1; then
    echo "$1"
  else
    local_base
  fi
}
