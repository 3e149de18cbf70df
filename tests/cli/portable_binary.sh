#!/usr/bin/env bash
# The npm platform package's binary (drivemock-portable, make npm) runs on a
# machine without drivemock's libraries: its dynamic section names glibc's own
# libraries and nothing else, it imports no glibc symbol newer than 2.34 (the
# oldest glibc it supports: docs/development.md), and it works: it starts,
# and a parse error (a C++ exception unwound through src/cli/glibc_compat.cpp)
# comes back as a positioned message.
set -euo pipefail
binary="$1"
scenarios="$2"
fail() { echo "portable binary: $*" >&2; exit 1; }

allowed='^(libc\.so\.6|libm\.so\.6|ld-linux-x86-64\.so\.2)$'
needed="$(readelf -dW "$binary" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')"
[ -n "$needed" ] || fail "no dynamic section read from $binary"
others="$(grep -Ev "$allowed" <<<"$needed" || true)"
[ -z "$others" ] || fail "depends on libraries other than glibc's: $(echo $others)"

newest="$(objdump -T "$binary" | grep -o 'GLIBC_2\.[0-9]*' | sort -Vu | tail -1)"
newer="$(objdump -T "$binary" | grep -E 'GLIBC_2\.(3[5-9]|[4-9][0-9])' || true)"
[ -z "$newer" ] || fail "imports from a glibc newer than 2.34:
$newer"

"$binary" --version >/dev/null || fail "--version failed"
"$binary" validate "$scenarios" >/dev/null || fail "validate $scenarios failed"
bad="$(mktemp)"
trap 'rm -f "$bad"' EXIT
printf 'directories:\n  x: [\n' >"$bad"
if message="$("$binary" validate "$bad" 2>&1)"; then fail "a broken file validated"; fi
grep -q "$bad:3:1: error" <<<"$message" || fail "no positioned error for a broken file: $message"

echo "portable: needs only $(echo $needed), newest glibc symbol $newest; runs and reports parse errors"
