# Shared by bench/run and bench/compare-peers (sourced from the repository's
# root, not run): the release build of the tools, the server being measured,
# and reading wrk's figures.
BUILD=build/bench
DURATION=${BENCH_DURATION:-6s}

# build_bench TARGET...: configures build/bench (release, bench tools on) and
# builds the targets.
build_bench() {
  # With cpp-httplib's source, for drivemock-portable (the npm binary; bench/portable).
  cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DDRIVEMOCK_BUILD_TESTS=OFF \
    -DDRIVEMOCK_BUILD_BENCH=ON -DDRIVEMOCK_HTTPLIB_SOURCE="$(scripts/httplib-source build/deps)" >/dev/null
  cmake --build "$BUILD" -j"$(nproc)" --target "$@" >/dev/null
}

# The server under measurement: its process and the port it answers on.
PID=""
PORT=""
stop_server() {
  if [ -n "$PID" ]; then
    kill "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
  PID=""
}
trap stop_server EXIT

# to_ms VALUE: wrk's "1.23ms" / "850.00us" / "1.02s" in milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN {
    n = v + 0
    if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000
    printf "%.3f", n }'
}

# load THREADS CONNECTIONS: sets RPS, P50, P99 from one wrk run on PORT;
# fails on any answer that is not 2xx.
load() {
  local out
  out=$(wrk -t"$1" -c"$2" -d"$DURATION" --latency -s bench/post.lua "http://127.0.0.1:$PORT")
  RPS=$(echo "$out" | awk '/Requests\/sec/ {printf "%.0f", $2}')
  P50=$(to_ms "$(echo "$out" | awk '$1 == "50%" {print $2}')")
  P99=$(to_ms "$(echo "$out" | awk '$1 == "99%" {print $2}')")
  if echo "$out" | grep -q "Non-2xx"; then echo "bench: non-2xx answers" >&2; exit 1; fi
}

# round_ratios "A1 A2 ..." "B1 B2 ...": each round's A over its B, as
# " R1 R2 ...". Their median is the ratio a table gives where two servers
# take turns: this machine's speed drifts between rounds, and both figures
# of one round drift alike (bench/scale compares so too).
round_ratios() {
  paste -d' ' <(tr ' ' '\n' <<<"$1" | sed '/^$/d') <(tr ' ' '\n' <<<"$2" | sed '/^$/d') |
    awk '{printf " %.3f", $1 / $2}'
}

# round_ratio "R1 R2 ...": the ratio cell for ratios taken round by round
# (their median); round_verdict "R1 R2 ..." OP TARGET: the target cell,
# whether that median meets it, with the rounds'.
round_ratio() { awk -v r="$(median "$1")" 'BEGIN { printf "%.2f", r }'; }
round_verdict() { awk -v r="$(median "$1")" -v op="$2" -v t="$3" -v rounds="$1" 'BEGIN {
  ok = (op == ">=") ? r >= t : r <= t; printf "%s %s: %s (rounds:%s)", op, t, ok ? "met" : "MISSED", rounds }'; }

# median "V1 V2 ...": the median of the numbers.
median() { tr ' ' '\n' <<<"$1" | sed '/^$/d' | sort -g | awk '{v[NR] = $1} END {
  print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# What a browser adds to the official SDK's calls: the one header of its
# set that makes a server choose whether to compress (issue 58).
BROWSER_ENCODINGS="Accept-Encoding: gzip, deflate, br"

# instructions REQUESTS COMMAND...: the instructions callgrind counted over
# the server's whole life, answering REQUESTS requests. With SESSION=1 the
# requests carry the bearer of a session opened first (the SDK's way); with
# SDK=1 the official SDK's headers and a browser's Accept-Encoding.
instructions() {
  local requests=$1
  shift
  local out="$DATA/callgrind.out" log="$DATA/callgrind.log"
  rm -f "$out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >"$log" 2>/dev/null &
  PID=$!
  PORT=""
  for _ in $(seq 1 3000); do
    PORT=$(sed -n 's/.*listening on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$log")
    [ -n "$PORT" ] && break
    sleep 0.01
  done
  [ -n "$PORT" ] || { echo "bench: $* did not start under valgrind" >&2; exit 1; }
  if [ "${SDK:-0}" = 1 ]; then
    "$LOAD_COUNT" "$PORT" "$requests" --sdk "$BROWSER_ENCODINGS" >/dev/null
  elif [ "${SESSION:-0}" = stranger ]; then
    # A bearer of a session key's length that is no session's: the reference.
    "$LOAD_COUNT" "$PORT" "$requests" "Authorization: Bearer $(printf 'f%.0s' $(seq 1 64))" >/dev/null
  elif [ "${SESSION:-0}" = 1 ]; then
    local answer key
    answer=$(curl -s -X POST "http://127.0.0.1:$PORT/__admin/sessions" -d '{"name":"bench"}' || true)
    key=$(sed -n 's/.*"apiKey":"\([0-9a-f]*\)".*/\1/p' <<<"$answer")
    # Without a key every request would be counted outside any session (and
    # refused): say what the admin API answered instead.
    if [ -z "$key" ]; then
      echo "bench: POST /__admin/sessions gave no apiKey: ${answer:-no answer}" >&2
      stop_server
      exit 1
    fi
    "$LOAD_COUNT" "$PORT" "$requests" "Authorization: Bearer $key" >/dev/null
  else
    "$LOAD_COUNT" "$PORT" "$requests" >/dev/null
  fi
  stop_server
  awk '/^summary:/ {print $2}' "$out"
}

# per_request NAME COMMAND...: prints "NAME INSTRUCTIONS-PER-REQUEST": the
# difference of two callgrind runs answering N1 and N2 requests, over N2 - N1,
# which cancels start-up and stop.
per_request() {
  local name=$1
  shift
  local first second
  first=$(instructions "$N1" "$@")
  second=$(instructions "$N2" "$@")
  echo "$name $(((second - first) / (N2 - N1)))"
}

# configuration NAME: per_request for one of the configurations that
# bench/instructions counts and tests/cli/instructions.sh holds to its
# recorded figure, written once here so that the two cannot drift apart.
# DRIVEMOCK and REFERENCE name the binaries.
configuration() {
  case "$1" in
    reference) per_request "$1" "$REFERENCE" 0 ;;
    # The reference reading the same 64-character bearer: the reference for sessions.
    reference-bearer) SESSION=stranger per_request "$1" "$REFERENCE" 0 ;;
    drivemock) per_request "$1" "$DRIVEMOCK" --port 0 --scenarios scenarios --quiet ;;
    drivemock-service)
      per_request "$1" "$DRIVEMOCK" --port 0 --dialect service --scenarios scenarios/service --quiet ;;
    drivemock-session) SESSION=1 per_request "$1" "$DRIVEMOCK" --port 0 --scenarios scenarios --quiet ;;
    drivemock-bearer)
      SESSION=stranger per_request "$1" "$DRIVEMOCK" --port 0 --scenarios scenarios --quiet ;;
    # The official SDK's calls as a browser sends them (issue 58), against
    # the reference given the same headers and drivemock's compression rule.
    reference-sdk) SDK=1 per_request "$1" "$REFERENCE" 0 ;;
    drivemock-sdk)
      SDK=1 per_request "$1" "$DRIVEMOCK" --port 0 --dialect service --scenarios scenarios/service --quiet ;;
    *)
      echo "instructions: no configuration named $1" >&2
      return 1
      ;;
  esac
}
