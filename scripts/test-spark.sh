#!/usr/bin/env bash
# Scale-out on Apache Spark (docs/scale-out.md), tested: generates 100,000 varied NDJSON localize
# requests from a fixed seed (scripts/spark/fixture.py; APNs payloads and, about a fifth, FCM
# messages against the Android test app), answers them with one render-alert
# process, then with scripts/spark/localize_job.py under spark-submit on local[1] and local[2]
# (one and two task slots, each partition piped through its own render-alert), the binary shipped
# with --files and the sample app's tables with --archives, and submitted from an empty folder so
# that both are found only where Spark puts them. Every Spark answer must equal, byte for byte,
# the single process's answer for the same line (joined on `line`, which the job rewrites to the
# request's line number in the input); a missing, repeated or extra answer fails, a broken copy
# of the answers must fail the comparison, and a render-alert given a bad option must fail the
# job. Prints the lines per second of each run as measured.
#
#   scripts/test-spark.sh [--binary PATH] [--lines N]
#
# Without --binary it builds one (swift build -c release --product render-alert). Installs
# PySpark from PyPI (the version pinned below) and a Java runtime from Debian when missing.
# Spark listens on loopback only, with its web UI off.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
binary=
lines=100000
seed=20261125
pyspark_version=4.0.1
while [ $# -gt 0 ]; do
  case $1 in
    --binary) binary=$2; shift 2 ;;
    --lines) lines=$2; shift 2 ;;
    *) echo "usage: scripts/test-spark.sh [--binary PATH] [--lines N]" >&2; exit 2 ;;
  esac
done
source "$repo/scripts/checks.sh"

if ! command -v java >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless) || sudo apt-get install -y -qq openjdk-17-jre-headless
fi
if ! python3 -c 'import pyspark' 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check "pyspark==$pyspark_version"
fi
spark_submit=$(python3 -c 'import os, pyspark; print(os.path.join(os.path.dirname(pyspark.__file__), "bin", "spark-submit"))')
if [ -z "$binary" ]; then
  swift build --package-path "$repo" -c release --product render-alert
  binary="$(swift build --package-path "$repo" -c release --show-bin-path)/render-alert"
fi
binary=$(realpath "$binary")
test -x "$binary" || { echo "not an executable: $binary" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/elsewhere"
export PYSPARK_PYTHON PYSPARK_DRIVER_PYTHON SPARK_LOCAL_IP=127.0.0.1
PYSPARK_PYTHON=$(command -v python3)
PYSPARK_DRIVER_PYTHON=$PYSPARK_PYTHON
now() { date +%s.%N; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", n / s }'; }

echo "render-alert: $binary ($("$binary" --version)); PySpark $(python3 -c 'import pyspark; print(pyspark.__version__)'); $(java -version 2>&1 | head -n 1)"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$repo/scripts/spark/fixture.py" generate "$lines" "$seed" "$work/requests.ndjson" fcm
blank=$(grep -c -E $'^[ \t]*$' "$work/requests.ndjson" || true)
echo "requests: $lines lines (seed $seed), $blank of them blank, $(du -h "$work/requests.ndjson" | cut -f1)"

# The sample app's tables as the archive a cluster would be given, and unpacked from it for the
# reference: answers name the tables' files as given to --strings ("tables/en.lproj/…").
tar -czf "$work/tables.tar.gz" -C "$repo/Resources/strings" .
mkdir -p "$work/reference/tables"
tar -xzf "$work/tables.tar.gz" -C "$work/reference/tables"
# The Android test app's res/ folder the same way, for the FCM requests among the lines.
tar -czf "$work/res.tar.gz" -C "$repo/Tests/LocalizationTests/Fixtures/android/res" .
mkdir -p "$work/reference/res"
tar -xzf "$work/res.tar.gz" -C "$work/reference/res"

# The reference: the whole file through one process (status 1: some requests are refused).
start=$(now)
status=0
(cd "$work/reference" && "$binary" localize --batch --strings tables --res res) < "$work/requests.ndjson" > "$work/expected.ndjson" 2> "$work/expected.err" || status=$?
seconds=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
check "one process answered every non-blank line (status $status)" test "$status" -le 1 -a "$(wc -l < "$work/expected.ndjson")" -eq $((lines - blank))
check "some requests were refused and some sent, as generated" bash -c "grep -q '\"sendable\":false' '$work/expected.ndjson' && grep -q '\"sendable\":true' '$work/expected.ndjson'"
check "FCM requests were answered with messages to send" grep -q '"platform":"android".*"sendable":true' "$work/expected.ndjson"
figures="one process without Spark: $(rate $((lines - blank)) "$seconds") lines/s ($seconds s)"

for cores in 1 2; do
  start=$(now)
  status=0
  (cd "$work/elsewhere" && "$spark_submit" --master "local[$cores]" \
    --conf spark.ui.enabled=false --conf spark.local.dir="$work/spark" \
    --files "$binary" --archives "$work/tables.tar.gz#tables,$work/res.tar.gz#res" \
    "$repo/scripts/spark/localize_job.py" --input "$work/requests.ndjson" --output "$work/answers-$cores" \
    --binary "$(basename "$binary")" --strings tables --res res --partitions 4) > "$work/spark-$cores.log" 2>&1 || status=$?
  seconds=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
  if ! check "local[$cores]: the job ran (status $status)" test "$status" -eq 0; then tail -n 40 "$work/spark-$cores.log"; fi
  check "local[$cores]: every answer equals the single process's for its line" \
    python3 "$repo/scripts/spark/fixture.py" compare "$work/expected.ndjson" "$work/answers-$cores"
  localized=$(sed -n 's/^localized: //p' "$work/spark-$cores.log")
  figures+="; local[$cores]: ${localized:-no figure} ($seconds s with spark-submit's start)"
done

# The checks themselves: a missing and a changed answer are caught, and a render-alert that fails
# fails the job rather than leaving answers out.
mkdir "$work/broken"
cat "$work"/answers-1/part-* | sed '1s/"sendable":[a-z]*/"sendable":maybe/; $d' > "$work/broken/part-00000"
check "the comparison catches a changed and a missing answer" \
  bash -c "! python3 '$repo/scripts/spark/fixture.py' compare '$work/expected.ndjson' '$work/broken' > '$work/broken.log'"
head -n 1000 "$work/requests.ndjson" > "$work/few.ndjson"
status=0
(cd "$work/elsewhere" && "$spark_submit" --master "local[1]" --conf spark.ui.enabled=false --conf spark.local.dir="$work/spark" \
  --files "$binary" "$repo/scripts/spark/localize_job.py" --input "$work/few.ndjson" --output "$work/answers-failing" \
  --binary "$(basename "$binary")" -- --fallback nonsense) > "$work/spark-failing.log" 2>&1 || status=$?
check "a render-alert that exits 2 (a bad option) fails the job (status $status)" \
  bash -c "test '$status' -ne 0 && grep -q 'exited with status 2' '$work/spark-failing.log'"
echo "throughput: $figures"
finish "spark"
