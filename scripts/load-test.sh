#!/usr/bin/env bash
# Load measurement of render-alert-server (docs/server.md; figures in docs/performance.md): builds
# release (the Server/ package), starts the server on a free loopback port with the sample
# tables, and runs wrk against POST /v1/localize
# (scripts/load/localize.lua: realistic payloads, 18 language lists, varied fallbacks) at 1, 16
# and 64 connections, then keeps going until about 1,000,000 requests have been answered in all
# and reports the server's resident memory. Loopback only; every run is bounded in time.
#
# With --fcm the server also takes the Android test app's res/ folder, and the requests are FCM
# messages (scripts/load/localize-fcm.lua) instead.
#
#   scripts/load-test.sh [--seconds N] [--total N] [--skip-build] [--fcm]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=10
total=1000000
build=1
script=scripts/load/localize.lua
res=()
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --total) total=$2; shift 2 ;;
    --skip-build) build=0; shift ;;
    --fcm) script=scripts/load/localize-fcm.lua; res=(--res Tests/LocalizationTests/Fixtures/android/res); shift ;;
    *) echo "usage: $0 [--seconds N] [--total N] [--skip-build] [--fcm]" >&2; exit 2 ;;
  esac
done

if ! command -v wrk >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq wrk) || sudo apt-get install -y -qq wrk
fi
if [ "$build" = 1 ]; then swift build --package-path Server -c release --product render-alert-server; fi
binary="$(swift build --package-path Server -c release --show-bin-path)/render-alert-server"

work=$(mktemp -d)
"$binary" --strings Resources/strings "${res[@]}" --host 127.0.0.1 --port 0 --log-level warning >"$work/out" 2>"$work/err" &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  grep -q '^listening on ' "$work/out" && break
  sleep 0.1
done
url=$(sed -n 's/^listening on //p' "$work/out" | head -n 1)
[ -n "$url" ] || { echo "the server did not start:" >&2; cat "$work/err" >&2; exit 1; }

rss() { awk '/^VmRSS/ {print $2 " kB"}' "/proc/$server/status"; }
peak() { awk '/^VmHWM/ {print $2 " kB"}' "/proc/$server/status"; }
answered=0
last_rate=0
run() {  # connections threads seconds
  local line
  line=$(wrk -t"$2" -c"$1" -d"$3"s --timeout 5s -s "$script" "$url/v1/localize" -- "$answered" | grep '^RESULT')
  answered=$((answered + $(sed 's/.*requests=\([0-9]*\).*/\1/' <<<"$line")))
  last_rate=$(sed 's/.*rps=\([0-9]*\).*/\1/' <<<"$line")
  echo "$line"
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); server $url (loopback); wrk on the same machine"
echo "resident at start: $(rss)"
# A short warm-up (caches of search lists, tables and formatters), not counted.
wrk -t1 -c4 -d2s -s "$script" "$url/v1/localize" >/dev/null
for connections in 1 16 64; do
  threads=$((connections < 2 ? 1 : 2))
  printf 'connections=%-3s ' "$connections"
  run "$connections" "$threads" "$seconds"
done
echo "resident after $answered requests: $(rss)"
# Soak at 16 connections until the total is reached: each round is estimated from the last rate
# (wrk stops on time), so rounds repeat while the machine is slower than estimated; at most 20.
round=0
while [ "$answered" -lt "$total" ] && [ "$round" -lt 20 ]; do
  rest=$(( (total - answered) / (last_rate > 0 ? last_rate : 1) + 1 ))
  printf 'soak (16 connections, %s s) ' "$rest"
  run 16 2 "$rest"
  round=$((round + 1))
done
echo "resident after $answered requests: $(rss) (peak $(peak))"
count=$(curl -s "$url/metrics" | awk '/^render_alert_http_requests_total\{endpoint="\/v1\/localize",method="POST",status="200"\}/ {print $2}')
echo "the server counted $count answers of 200 on /v1/localize"
