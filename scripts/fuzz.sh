#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ (a separate package: the main build never compiles them).
#
#   scripts/fuzz.sh [--seconds N | --runs N] [--seed N] [--asan] [--empty-corpus | --fresh-corpus] [TARGET...]
#
# Each target runs for N seconds (default 60), or N executions. With --runs and --seed the run
# is reproducible: the same executions of the same inputs on every machine (CI uses this, so
# that a run before committing predicts CI's); long random campaigns use --seconds. The corpus is the one kept in
# .build/fuzz/<target> (it accumulates over runs), seeded from the tests' fixtures, Resources/,
# the folder LOCALIZED_ALERTS_CORPUS names (a larger corpus of tables; optional) and
# Fuzz/Seeds/<target>; with --fresh-corpus it is a new directory
# seeded the same way (deleted afterwards), so that a run owes nothing to earlier ones (what
# CI's smoke does: --fresh-corpus --seed 1 --runs N); with --empty-corpus it is a fresh empty
# directory instead (no seeds, deleted afterwards), for figures that owe nothing to earlier runs.
#
# Every input has a budget: 5 s (-timeout), 2048 MB resident (-rss_limit_mb), 1024 MB in one
# allocation (-malloc_limit_mb; libFuzzer sees single allocations only under ASan, so without
# it the address space is capped at 4096 MB instead: an allocation past that stops the process
# and counts as a crash). A finding is a crash, a timeout, an out-of-memory or a leak; its input
# is kept in .build/fuzz/<target>/findings (a process that stops answering is killed 300 s
# after its time is up, and the input it was running is kept as hang-*). Prints per target the
# corpus mode, coverage counters, executions, exec/s, corpus size, seconds and findings; exits 1
# if any target found something, or if a target is not instrumented for coverage (libFuzzer
# would then only be trying random inputs, and finding nothing would mean nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=60
runs_limit=-1
seed_value=0
flavour=fuzzer
empty_corpus=0
fresh_corpus=0
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs_limit=$2; seconds=0; shift 2 ;;
    --seed) seed_value=$2; shift 2 ;;
    --asan) flavour=asan; shift ;;
    --empty-corpus) empty_corpus=1; shift ;;
    --fresh-corpus) fresh_corpus=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(FuzzStrings FuzzStringsdict FuzzCatalog FuzzPayload FuzzFormatString FuzzDeviceFormat FuzzMatcher FuzzBinaryPlist FuzzStringsFoundation)
((${#targets[@]})) || targets=("${all[@]}")

# swiftc passes only its LAST -sanitize= option to the compiler: `-sanitize=fuzzer
# -sanitize=address` compiles without coverage counters (libFuzzer then warns "no interesting
# inputs were found ... Is the code instrumented for coverage?") and `-sanitize=address
# -sanitize=fuzzer` without ASan checks. Both must be in one flag. The C target (CICU) gets the
# same through clang.
case $flavour in
  fuzzer) sanitizers=(-Xswiftc -sanitize=fuzzer) ;;
  asan) sanitizers=(-Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address) ;;
esac
# Per-input budget (see the header): no real input up to max_len comes near these.
timeout_seconds=5
rss_limit_mb=2048
malloc_limit_mb=1024
address_space_mb=4096

build=$root/.build/fuzz-build-$flavour
mkdir -p "$root/.build/fuzz"
build_log=$root/.build/fuzz/build-$flavour.log
echo "== building ${targets[*]} ($flavour: ${sanitizers[*]})"
fuzz_build() { swift build -c release --package-path Fuzz --scratch-path "$build" -Xswiftc -use-ld=lld "${sanitizers[@]}" > "$build_log" 2>&1; }
# A scratch folder built before a library source file was added, renamed or removed can still
# list the old files (SwiftPM then refuses it, "missing inputs", or compiles without the new
# file): a failed build in an existing folder is tried once more, afresh.
build_status=0
fuzz_build || build_status=$?
if ((build_status != 0)) && [ -d "$build" ]; then
  echo "== the build failed in a folder built before: building afresh"
  rm -rf "$build"
  build_status=0
  fuzz_build || build_status=$?
fi
if ((build_status != 0)); then
  grep -E "error" "$build_log" | head -20
  echo "fuzz.sh: the build failed (log: $build_log)" >&2
  exit 1
fi
grep -E "warning: unre|Build" "$build_log" | tail -2
bin=$(swift build -c release --package-path Fuzz --scratch-path "$build" --show-bin-path)

is_bplist() { [ "$(head -c 6 "$1" 2>/dev/null | tr -d '\0')" = bplist ]; }

seed() {  # seed <target> <dir>
  local target=$1 dir=$2
  # Where to find seed tables: the repository's, and the larger corpus when one is named.
  local tables=(Tests/LocalizationTests/Fixtures Resources)
  if [ -n "${LOCALIZED_ALERTS_CORPUS:-}" ]; then tables+=("$LOCALIZED_ALERTS_CORPUS"); fi
  mkdir -p "$dir"
  # Named by content: the same seeds have the same names wherever the tables are.
  copy() { for f in "$@"; do [ -f "$f" ] && cp -n "$f" "$dir/$(md5sum < "$f" | cut -c1-16)" 2>/dev/null || true; done; }
  # find lists in directory order, which differs between file systems: sorted, the same seeds
  # are chosen everywhere.
  found() { find "$@" 2>/dev/null | LC_ALL=C sort; }
  case $target in
    FuzzStrings) copy $(found "${tables[@]}" -name '*.strings' | head -400) ;;
    FuzzStringsdict) copy $(found "${tables[@]}" -name '*.stringsdict' | head -200) ;;
    FuzzCatalog) copy $(found "${tables[@]}" -name '*.xcstrings' | head -200) ;;
    FuzzPayload) copy $(found Resources/payloads Tests/LocalizationTests/Fixtures -name '*.json' -o -name '*.apns' | head -200) ;;
    FuzzBinaryPlist)
      # Recipes, and compiled files as they are (the target takes an input starting with bplist as the file).
      local f binaries=()
      while IFS= read -r f; do is_bplist "$f" && binaries+=("$f"); done < <(found "${tables[@]}" \
        -name '*.strings' -o -name '*.stringsdict' -o -name '*.plist' | head -2000)
      ((${#binaries[@]})) && copy "${binaries[@]:0:200}" ;;
    # As for FuzzStrings, an input's first byte picks how the rest is presented (fixtures too).
    FuzzStringsFoundation) copy $(found "${tables[@]}" -name '*.strings' | head -200) ;;
    FuzzAndroidStrings) copy $(found Tests/LocalizationTests/Fixtures/android -name '*.xml' | head -200) ;;
    FuzzFormatString|FuzzDeviceFormat|FuzzMatcher|FuzzFCMMessage) ;;
  esac
  copy Fuzz/Seeds/"$target"/*
}

failed=0
if ((empty_corpus)); then mode=empty; elif ((fresh_corpus)); then mode=fresh; else mode=accumulated; fi
case $mode in
  empty) corpus_text=' (a fresh directory per target, no seeds)' ;;
  fresh) corpus_text=' (a new seeded directory per target, deleted afterwards)' ;;
  *) corpus_text=' (.build/fuzz/<target>/corpus, seeded)' ;;
esac
echo "== corpus: $mode$corpus_text; budget per input: ${timeout_seconds} s, ${rss_limit_mb} MB resident, ${malloc_limit_mb} MB per allocation$([ $flavour = fuzzer ] && echo ", ${address_space_mb} MB address space")"
if ((!empty_corpus)); then
  echo "== seed tables from the larger corpus: ${LOCALIZED_ALERTS_CORPUS:-none (LOCALIZED_ALERTS_CORPUS is not set)}"
fi
printf '%-22s %-11s %9s %12s %8s %13s %7s %s\n' target corpus-mode counters executions "exec/s" "corpus" seconds findings
for target in "${targets[@]}"; do
  work=$root/.build/fuzz/$target
  seeds=
  mkdir -p "$work/corpus" "$work/findings"
  if ((empty_corpus)); then
    corpus=$(mktemp -d "$work/empty-corpus.XXXXXX")
  elif ((fresh_corpus)); then
    corpus=$(mktemp -d "$work/fresh-corpus.XXXXXX")
    seed "$target" "$corpus"
    if ((runs_limit >= 0)); then
      # libFuzzer reads a corpus folder in the file system's order, which decides the order
      # of seeds of one size, and so the run: a reproducible run names the seeds in a sorted
      # list instead (-seed_inputs) and starts from an empty folder.
      seeds=$corpus
      corpus=$(mktemp -d "$work/fresh-corpus.XXXXXX")
      find "$seeds" -type f | LC_ALL=C sort | paste -sd, > "$work/seed-list"
    fi
  else
    corpus=$work/corpus
    seed "$target" "$corpus"
  fi
  log=$work/last-run.log
  # Inputs as long as the real ones: formats and language lists are short; APNs refuses
  # payloads over 4 KB (the reader's own limits for larger files are tested separately); a
  # binary plist recipe of 4 KB writes files of up to 128 KB.
  case $target in
    FuzzMatcher|FuzzFormatString|FuzzDeviceFormat) max_len=1024 ;;
    FuzzPayload|FuzzBinaryPlist) max_len=4096 ;;
    *) max_len=8192 ;;
  esac
  # New findings are the files written during the run (a finding seen before is written again).
  marker=$(mktemp "$work/.run-started.XXXXXX")
  corpus_before=$(ls "$corpus" | wc -l)
  fuzz_options=()
  if ((runs_limit >= 0)); then
    # libFuzzer's tables of recent comparisons are keyed by code and data addresses, which
    # differ from run to run, and it rereads the corpus folder each second: a reproducible
    # run does without both (timed campaigns keep them).
    fuzz_options+=(-use_cmp=0 -reload=0)
    if [ -n "$seeds" ]; then
      corpus_before=$(ls "$seeds" | wc -l)
      [ -s "$work/seed-list" ] && fuzz_options+=(-seed_inputs=@"$work/seed-list")
    fi
  fi
  # Coverage counters first: an uninstrumented build fails here, before its time is spent.
  probe=$(mktemp -d)
  counters=$(LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt" SWIFT_BACKTRACE=enable=no "$bin/$target" -runs=0 \
    -artifact_prefix="$probe/" "$probe" 2>&1 | grep -aEo 'Loaded [0-9]+ modules +\([0-9]+ inline 8-bit counters\)' | grep -Eo '\([0-9]+' | tr -d '(' | head -1 || true)
  rm -rf "$probe"
  if [ -z "$counters" ] || ((counters == 0)); then
    printf '%-22s %-11s %9s   NOT INSTRUMENTED: libFuzzer loaded no coverage counters (build flags: %s)\n' "$target" "$mode" "${counters:-0}" "${sanitizers[*]}"
    failed=1
    ((empty_corpus || fresh_corpus)) && rm -rf "$corpus"
    [ -n "$seeds" ] && rm -rf "$seeds" "$work/seed-list"
    rm -f "$marker"
    continue
  fi
  started=$SECONDS
  # libFuzzer's timeout handler allocates, and deadlocks when its signal lands inside malloc (as
  # it does for an input that allocates without end): a watchdog kills the process, and the
  # input is taken from the file the driver copies each input into (FUZZ_CURRENT_INPUT).
  watchdog=()
  if ((seconds > 0)); then watchdog=(timeout -s KILL $((seconds + 300))); else watchdog=(timeout -s KILL 1800); fi
  set +e
  (
    # Without ASan, libFuzzer cannot see single allocations: cap the address space instead
    # (ASan reserves terabytes of shadow and must not be capped).
    [ $flavour = fuzzer ] && ulimit -v $((address_space_mb * 1024))
    # A reproducible run also fixes the Swift runtime's per-process hash seed: Set and Dictionary
    # order steers which code an input reaches, and so what libFuzzer keeps and mutates next.
    ((runs_limit >= 0)) && export SWIFT_DETERMINISTIC_HASHING=1
    # The Swift runtime's backtracer would take the crash signal before libFuzzer can keep the input.
    # Foundation's own leaks (FuzzStringsFoundation's oracle) are not findings: Fuzz/lsan-suppressions.txt.
    LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    SWIFT_BACKTRACE=enable=no FUZZ_CURRENT_INPUT="$work/current-input" exec "${watchdog[@]}" "$bin/$target" "$corpus" \
      -max_total_time="$seconds" -runs="$runs_limit" -seed="$seed_value" \
      -timeout=$timeout_seconds -rss_limit_mb=$rss_limit_mb -malloc_limit_mb=$malloc_limit_mb -max_len=$max_len \
      -artifact_prefix="$work/findings/" -print_final_stats=1 ${fuzz_options[@]+"${fuzz_options[@]}"}
  ) > "$log" 2>&1
  status=$?
  if ((status == 137)) && [ -s "$work/current-input" ]; then
    length=$(od -An -t u8 -N8 "$work/current-input" | tr -d ' ')
    tail -c +9 "$work/current-input" | head -c "$length" > "$work/hang.tmp"
    mv "$work/hang.tmp" "$work/findings/hang-$(sha1sum < "$work/hang.tmp" | cut -c1-40)"
    echo "fuzz.sh: killed after $((SECONDS - started)) s without an answer (libFuzzer hung, most likely in its timeout handler); the input that was running is kept as a hang- finding" >> "$log"
    echo "SUMMARY: fuzz.sh: hang" >> "$log"
  fi
  set -e
  elapsed=$((SECONDS - started))
  runs=$(grep -aEo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
  speed=$(grep -aEo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
  size=$(ls "$corpus" | wc -l)
  new_findings=$(find "$work/findings" -type f -newer "$marker")
  found=$(printf '%s' "$new_findings" | grep -c . || true)
  rm -f "$marker"
  total=$(( $(cat "$work/total-executions" 2>/dev/null || echo 0) + runs ))
  echo "$total" > "$work/total-executions"
  verdict="none"
  if grep -aqE 'no interesting inputs were found|Is the code instrumented for coverage' "$log"; then
    verdict="NOT INSTRUMENTED: libFuzzer found no interesting input (see $log)"
    failed=1
  elif ((status != 0)) || ((found > 0)); then
    kinds=$(grep -aEo 'SUMMARY: [A-Za-z]+: [a-z-]+( [a-z]+)?' "$log" | sed 's/SUMMARY: //' | sort -u | tr '\n' ';' || true)
    message=$(grep -aEo 'Fatal error: invariant violated: .{0,160}' "$log" | head -1 || true)
    verdict="$found kept in .build/fuzz/$target/findings (exit $status; ${kinds} ${message:+$message; }see $log)"
    failed=1
  fi
  ((empty_corpus || fresh_corpus)) && rm -rf "$corpus"
  [ -n "$seeds" ] && rm -rf "$seeds" "$work/seed-list"
  printf '%-22s %-11s %9s %12s %8s %13s %7s %s   (%s executions in all runs)\n' "$target" "$mode" "$counters" "$runs" "$speed" \
    "$corpus_before->$size" "$elapsed" "$verdict" "$total"
  if ((found > 0)); then
    # CI keeps nothing but this output: print what failed and each new input, so a finding
    # seen only there can be reproduced (base64 -d > f; .build/fuzz-build-*/release/<target> f).
    grep -aE -A12 'Fatal error|ERROR: (AddressSanitizer|libFuzzer)' "$log" | head -40 | sed 's/^/    | /' || true
    printf '%s\n' "$new_findings" | head -3 | while read -r f; do
      if (($(stat -c %s "$f") <= 8192)); then echo "    input $(basename "$f") (base64): $(base64 -w0 < "$f")"; fi
    done
  fi
done
exit $failed
