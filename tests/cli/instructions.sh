#!/usr/bin/env bash
# Holds the cost of a request to the figures in tests/cli/instructions.recorded:
# counts instructions per request as bench/instructions does (callgrind, the
# same traffic) for each configuration named there, and fails naming any that
# rose more than 5% above its figure. Instruction counts are deterministic
# where times are not: this is the one performance figure a test compares.
# Usage: instructions.sh DRIVEMOCK LOAD_COUNT SOURCE_DIR
set -euo pipefail
DRIVEMOCK=$1
LOAD_COUNT=$2
cd "$3"
source bench/common.sh  # configuration
# Fewer requests than bench/instructions' 1,000 and 6,000: start-up under
# callgrind is most of a run, and the figure is the same within 0.2%
# (2026-11-27: 84,150 against 84,247 for drivemock; 28 s against 17 s).
N1=300
N2=2300
DATA=$(mktemp -d)
trap 'stop_server; rm -rf "$DATA"' EXIT
command -v valgrind >/dev/null || { echo "instructions: valgrind is missing (make deps installs it)" >&2; exit 1; }

failed=0
while read -r name recorded _; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  limit=$((recorded * 105 / 100))
  read -r _ counted < <(configuration "$name") || true
  # Once more when not counted or over: this test failed once in CI and once
  # beside the browser tests (2026-12-02), and passed at once alone both
  # times, with the same binary; a count is the same run to run, but a
  # start under valgrind on a loaded machine can outlast the wait for it,
  # and a server waiting on a slowed client goes round its read loop more.
  # A cost that rose is over both times.
  if [ -z "$counted" ] || ((counted > limit)); then
    echo "$name: ${counted:-not} counted (limit $limit): counting again" >&2
    read -r _ again < <(configuration "$name") || true
    if [ -n "$again" ] && { [ -z "$counted" ] || ((again < counted)); }; then counted=$again; fi
  fi
  if [ -z "$counted" ]; then
    echo "$name: not measured" >&2
    failed=1
    continue
  fi
  if ((counted > limit)); then
    echo "$name: $counted instructions per request, over 5% above the recorded $recorded (limit $limit)" >&2
    failed=1
  else
    echo "$name: $counted instructions per request (recorded $recorded, limit $limit)"
  fi
done <tests/cli/instructions.recorded
exit "$failed"
