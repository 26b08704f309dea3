#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ (a separate package: the main build never compiles them).
#
#   scripts/fuzz.sh [--seconds N | --runs N] [--asan] [TARGET...]
#
# Each target runs for N seconds (default 60), or N executions, on a corpus kept in
# .build/fuzz/<target>, seeded from the tests' fixtures, Resources/ and ../shared/corpus when
# present. Prints executions and findings per target; exits 1 if any target found a crash, a
# timeout or a leak (the input is kept in .build/fuzz/<target>/findings).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=60
runs_limit=-1
sanitizers=(-Xswiftc -sanitize=fuzzer)
flavour=fuzzer
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs_limit=$2; seconds=0; shift 2 ;;
    --asan) sanitizers+=(-Xswiftc -sanitize=address -Xcc -fsanitize=address); flavour=asan; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(FuzzStrings FuzzStringsdict FuzzCatalog FuzzPayload FuzzFormatString FuzzDeviceFormat FuzzMatcher)
((${#targets[@]})) || targets=("${all[@]}")

build=$root/.build/fuzz-build-$flavour
echo "== building ${targets[*]} ($flavour)"
swift build -c release --package-path Fuzz --scratch-path "$build" -Xswiftc -use-ld=lld "${sanitizers[@]}" 2>&1 | grep -E "error|warning: unre|Compiling|Build" | tail -3
bin=$(swift build -c release --package-path Fuzz --scratch-path "$build" --show-bin-path)

seed() {  # seed <target> <dir>
  local target=$1 dir=$2 shared=$root/../shared
  mkdir -p "$dir"
  copy() { for f in "$@"; do [ -f "$f" ] && cp -n "$f" "$dir/$(echo "$f" | md5sum | cut -c1-16)" 2>/dev/null || true; done; }
  case $target in
    FuzzStrings) copy $(find Tests/LocalizationTests/Fixtures Resources "$shared/corpus" -name '*.strings' 2>/dev/null | head -400) ;;
    FuzzStringsdict) copy $(find Tests/LocalizationTests/Fixtures Resources "$shared/corpus" -name '*.stringsdict' 2>/dev/null | head -200) ;;
    FuzzCatalog) copy $(find Tests/LocalizationTests/Fixtures "$shared/corpus" -name '*.xcstrings' 2>/dev/null | head -200) ;;
    FuzzPayload) copy $(find Resources/payloads Tests/LocalizationTests/Fixtures -name '*.json' -o -name '*.apns' 2>/dev/null | head -200) ;;
    FuzzFormatString|FuzzDeviceFormat|FuzzMatcher) ;;
  esac
  copy Fuzz/Seeds/"$target"/*
}

failed=0
printf '%-18s %12s %10s %8s %s\n' target executions "exec/s" corpus findings
for target in "${targets[@]}"; do
  work=$root/.build/fuzz/$target
  mkdir -p "$work/corpus" "$work/findings"
  seed "$target" "$work/corpus"
  log=$work/last-run.log
  # Inputs as long as the real ones: formats and language lists are short; APNs refuses
  # payloads over 4 KB (the reader's own limits for larger files are tested separately).
  case $target in
    FuzzMatcher|FuzzFormatString|FuzzDeviceFormat) max_len=1024 ;;
    FuzzPayload) max_len=4096 ;;
    *) max_len=8192 ;;
  esac
  before=$(ls "$work/findings" | wc -l)
  set +e
  # The Swift runtime's backtracer would take the crash signal before libFuzzer can keep the input.
  SWIFT_BACKTRACE=enable=no "$bin/$target" "$work/corpus" -max_total_time="$seconds" -runs="$runs_limit" -timeout=10 -rss_limit_mb=4096 -max_len=$max_len \
    -artifact_prefix="$work/findings/" -print_final_stats=1 > "$log" 2>&1
  status=$?
  set -e
  runs=$(grep -aEo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
  speed=$(grep -aEo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
  size=$(ls "$work/corpus" | wc -l)
  found=$(( $(ls "$work/findings" | wc -l) - before ))
  total=$(( $(cat "$work/total-executions" 2>/dev/null || echo 0) + runs ))
  echo "$total" > "$work/total-executions"
  verdict="none"
  if ((status != 0)) || ((found > 0)); then
    verdict="$found kept in .build/fuzz/$target/findings (exit $status; see $log)"
    failed=1
  fi
  printf '%-18s %12s %10s %8s %s   (%s executions in all runs)\n' "$target" "$runs" "$speed" "$size" "$verdict" "$total"
done
exit $failed
