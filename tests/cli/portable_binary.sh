#!/usr/bin/env bash
# The npm platform package's binary (drivemock-portable, make npm) runs on a
# machine without drivemock's libraries: its dynamic section names glibc's own
# libraries and nothing else, it imports no glibc symbol newer than 2.34 (the
# oldest glibc it supports: docs/development.md), and it works: it starts,
# and a parse error (a C++ exception unwound through src/cli/glibc_compat.cpp)
# comes back as a positioned message.
# The same checks hold the arm64 binary (make test-arm64): what is read off
# its headers needs no arm64 machine, and it runs under the emulator given
# after the scenarios (qemu-aarch64-static -L SYSROOT).
# Usage: tests/cli/portable_binary.sh BINARY SCENARIOS [EMULATOR...]
set -euo pipefail
binary="$1"
scenarios="$2"
shift 2
run=("$@")
fail() { echo "portable binary: $*" >&2; exit 1; }

allowed='^(libc\.so\.6|libm\.so\.6|ld-linux-x86-64\.so\.2|ld-linux-aarch64\.so\.1)$'
needed="$(readelf -dW "$binary" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')"
[ -n "$needed" ] || fail "no dynamic section read from $binary"
others="$(grep -Ev "$allowed" <<<"$needed" || true)"
[ -z "$others" ] || fail "depends on libraries other than glibc's: $(echo $others)"

# The glibc versions it needs (readelf reads any architecture's ELF).
needs="$(readelf -VW "$binary" | grep -o 'Name: GLIBC_2\.[0-9.]*' | cut -d' ' -f2 | sort -Vu)"
[ -n "$needs" ] || fail "no glibc version needs read from $binary"
newest="$(tail -1 <<<"$needs")"
newer="$(grep -E '^GLIBC_2\.(3[5-9]|[4-9][0-9])' <<<"$needs" || true)"
[ -z "$newer" ] || fail "needs a glibc newer than 2.34: $(echo $newer)"

"${run[@]}" "$binary" --version >/dev/null || fail "--version failed"
"${run[@]}" "$binary" validate "$scenarios" >/dev/null || fail "validate $scenarios failed"
bad="$(mktemp)"
trap 'rm -f "$bad"' EXIT
printf 'directories:\n  x: [\n' >"$bad"
if message="$("${run[@]}" "$binary" validate "$bad" 2>&1)"; then fail "a broken file validated"; fi
grep -q "$bad:3:1: error" <<<"$message" || fail "no positioned error for a broken file: $message"

machine="$(readelf -hW "$binary" | sed -nE 's/^ *Machine: *//p')"
echo "portable ($machine): needs only $(echo $needed), newest glibc symbol $newest; runs and reports parse errors"
