#!/usr/bin/env bash
# Reads the release binary as hardening-check would: full RELRO (a GNU_RELRO
# segment and BIND_NOW), a stack protector (__stack_chk_fail is called) and
# fortified libc calls (__*_chk symbols). Fails naming what is missing.
set -euo pipefail
binary="$1"
missing=()
readelf -lW "$binary" | grep -q 'GNU_RELRO' || missing+=("RELRO (no GNU_RELRO segment)")
readelf -dW "$binary" | grep -Eq 'BIND_NOW|FLAGS.*NOW' || missing+=("full RELRO (no BIND_NOW)")
symbols=$(readelf --dyn-syms -W "$binary")
grep -q '__stack_chk_fail' <<<"$symbols" || missing+=("stack protector (__stack_chk_fail unused)")
grep -Eq '__[a-z_]+_chk@' <<<"$symbols" || missing+=("_FORTIFY_SOURCE (no __*_chk call)")
if ((${#missing[@]})); then
  printf 'not hardened: %s\n' "${missing[@]}" >&2
  exit 1
fi
echo "hardened: full RELRO, stack protector, _FORTIFY_SOURCE"
