#!/usr/bin/env bash
# What a newcomer waits for: the README's two commands from a fresh clone, timed.
#
#   scripts/measure-first-build.sh [--keep]
#
# Clones this repository's HEAD into a temporary folder and runs, there, with a package cache
# of its own (so nothing fetched or built before counts):
#   1. swift run render-alert   (the main job: resolve, check out, build, preview the sample)
#   2. swift test               (after 1, as a newcomer runs it)
# and prints, for each, the wall-clock seconds, and for the first the packages resolved and
# checked out. A machine doing other work gives longer figures: say so beside any figure quoted
# (`uptime` before and after is printed for that reason). --keep leaves the clone.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
keep=0
[ "${1:-}" = "--keep" ] && keep=1

work=$(mktemp -d)
if ((!keep)); then trap 'rm -rf "$work"' EXIT; fi
git clone -q "$repo" "$work/clone"
cd "$work/clone"
cache=(--cache-path "$work/cache")

echo "== load before: $(uptime | sed 's/.*load average: //')"
start=$(date +%s.%N)
swift run "${cache[@]}" render-alert > "$work/run.log" 2>&1 || { tail -n 30 "$work/run.log"; exit 1; }
run_seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { print e - s }')
checkouts=$(ls .build/checkouts 2>/dev/null | wc -l)
pins=$(grep -c '"identity"' Package.resolved 2>/dev/null || echo 0)
warnings=$(grep -c 'warning:' "$work/run.log" || true)

start=$(date +%s.%N)
swift test "${cache[@]}" > "$work/test.log" 2>&1 || { tail -n 30 "$work/test.log"; exit 1; }
test_seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { print e - s }')
test_warnings=$(grep -c 'warning:' "$work/test.log" || true)
tests=$(grep -oE 'Test run with [0-9]+ tests' "$work/test.log" | tail -n 1 || true)
echo "== load after: $(uptime | sed 's/.*load average: //')"

printf '%-28s %8.1f s  (%s packages pinned, %s checked out, %s warning lines)\n' "swift run render-alert" "$run_seconds" "$pins" "$checkouts" "$warnings"
printf '%-28s %8.1f s  (%s, %s warning lines)\n' "swift test, after it" "$test_seconds" "${tests:-no test count}" "$test_warnings"
((keep)) && echo "== clone kept in $work/clone"
exit 0
