#!/usr/bin/env bash
# The service against its framework's ceiling (docs/performance.md): builds release (the Server/
# package's render-alert-server and hummingbird-hello, a Hummingbird hello-world that reads the
# body and answers a fixed line), starts both on loopback, and runs wrk with the same requests
# (scripts/load/localize.lua) against the hello-world, /v1/localize and /v1/localize/batch (one
# NDJSON line a request) at 1, 16 and 64 connections, interleaved, for --rounds rounds. It
# prints each run, then per connection count the median requests/s and p99 of each, and the
# service's share of the hello-world's requests/s. Loopback only; wrk shares the machine.
#
#   scripts/load/ceiling.sh [--seconds N] [--rounds N] [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=5
rounds=3
build=1
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --skip-build) build=0; shift ;;
    *) echo "usage: $0 [--seconds N] [--rounds N] [--skip-build]" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null 2>&1 || { echo "wrk is needed (apt-get install wrk)" >&2; exit 2; }
if [ "$build" = 1 ]; then
  swift build --package-path Server -c release --product render-alert-server
  swift build --package-path Server -c release --product hummingbird-hello
fi
bin="$(swift build --package-path Server -c release --show-bin-path)"

work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
start() {  # name command...: started here, not in a subshell, so that the trap stops it
  local name=$1; shift
  "$@" >"$work/$name.out" 2>"$work/$name.err" &
  pids+=($!)
}
url() {  # name
  for _ in $(seq 100); do
    grep -q '^listening on ' "$work/$1.out" && break
    sleep 0.1
  done
  sed -n 's/^listening on //p' "$work/$1.out" | head -n 1
}
start hello "$bin/hummingbird-hello"
start service "$bin/render-alert-server" --strings Resources/strings --host 127.0.0.1 --port 0 --log-level warning
hello=$(url hello)
service=$(url service)
[ -n "$hello" ] && [ -n "$service" ] || { echo "a server did not start:" >&2; cat "$work"/*.err >&2; exit 1; }

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); wrk on the same machine, loopback; $seconds s a run, $rounds rounds"
run() {  # label url path connections
  local threads=$(( $4 < 2 ? 1 : 2 ))
  local line
  line=$(wrk -t"$threads" -c"$4" -d"$seconds"s --timeout 5s -s scripts/load/localize.lua "$2$3" -- 0 "$3" | grep '^RESULT')
  echo "$1 c=$4 $line" | tee -a "$work/results"
}
# Warm-ups, not counted.
wrk -t1 -c4 -d2s -s scripts/load/localize.lua "$hello/v1/localize" >/dev/null
wrk -t1 -c4 -d2s -s scripts/load/localize.lua "$service/v1/localize" >/dev/null
for round in $(seq "$rounds"); do
  for connections in 1 16 64; do
    run hello "$hello" /v1/localize "$connections"
    run localize "$service" /v1/localize "$connections"
    run batch "$service" /v1/localize/batch "$connections"
  done
done
echo
echo "median of $rounds rounds: requests/s (p99 ms)"
for connections in 1 16 64; do
  median() {  # label field
    grep "^$1 c=$connections " "$work/results" | sed "s/.* $2=\([0-9.]*\).*/\1/" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
  }
  h=$(median hello rps); l=$(median localize rps); b=$(median batch rps)
  printf 'c=%-3s hello %6s (%s)  localize %6s (%s) %s%%  batch %6s (%s) %s%%\n' "$connections" \
    "$h" "$(median hello p99_ms)" "$l" "$(median localize p99_ms)" "$(awk -v a="$l" -v b="$h" 'BEGIN {printf "%.0f", 100 * a / b}')" \
    "$b" "$(median batch p99_ms)" "$(awk -v a="$b" -v b="$h" 'BEGIN {printf "%.0f", 100 * a / b}')"
done
non2xx=$(grep -c 'non_2xx=[1-9]' "$work/results" || true)
[ "$non2xx" = 0 ] || echo "warning: $non2xx runs had answers other than 2xx" >&2
