# shellcheck shell=bash
# What the scripts that keep a tree in the user's cache share (sourced by
# scripts/arm64-sysroot, scripts/debian-node, scripts/httplib-source): a
# lock, so that two make runs sharing the cache at the same moment do not
# build one tree twice or pull it from under each other; a stamp written
# last, so that a tree half built by a killed run is never taken as whole;
# and Debian packages fetched as they are, unpacked by the caller.

# cache_lock DIR NAME [-x|-s]: takes DIR/NAME.lock, exclusive unless -s, on
# the descriptor in $cache_lock_fd (kept open: a command the caller execs
# inherits it, and holds the lock while it runs).
cache_lock() {
  mkdir -p "$1"
  exec {cache_lock_fd}>"$1/$2.lock"
  flock "${3:--x}" "$cache_lock_fd"
}

# cache_whole ROOT KEY: whether ROOT was built whole for KEY (its stamp says so).
cache_whole() {
  [ "$(cat "$1/.stamp" 2>/dev/null)" = "$2" ]
}

# cache_stamp ROOT KEY: says ROOT is whole for KEY; the last thing written.
cache_stamp() {
  printf '%s\n' "$2" >"$1/.stamp"
}

# cache_download DIR WHO WHAT SPEC...: Debian's packages SPEC (name:arch=version)
# into DIR, fresh; exits naming WHAT when apt cannot fetch them.
cache_download() {
  local dir=$1 who=$2 what=$3
  shift 3
  rm -rf "$dir"
  mkdir -p "$dir"
  if ! (cd "$dir" && apt-get download -qq -o APT::Sandbox::User=root "$@" >&2); then
    echo "$who: apt could not fetch $what ($*); run apt-get update (and apt-get upgrade, so that the versions installed here are the archive's)" >&2
    exit 1
  fi
}
