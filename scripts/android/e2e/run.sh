#!/bin/sh
# End-to-end check of `render-alert preview --res` against the real Android chain (aapt2 +
# libandroidfw + ported framework/firebase-messaging Java). Builds the two oracles, then runs
# run.py with the remaining arguments (--seed N --count M --render-alert PATH --keep DIR --apk,
# --write-fixtures DIR, --check-fixtures DIR …; see run.py).
#
# Prerequisites (Debian 12, as root):
#   apt-get install aapt android-libandroidfw-dev openjdk-17-jdk-headless g++ libicu4j-java python3
#
# Environment: E2E_BIN=DIR puts the oracle binaries there (default: a fresh temporary folder).
# Examples, from the repository's root:
#   scripts/android/e2e/run.sh --seed 1 --count 300
#   scripts/android/e2e/run.sh --write-fixtures Tests/LocalizationTests/Fixtures/android/phone-cases
#   scripts/android/e2e/run.sh --check-fixtures Tests/LocalizationTests/Fixtures/android/phone-cases
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
# --check-fixtures compares with stored expectations: no oracle to build.
for arg in "$@"; do
    if [ "$arg" = "--check-fixtures" ]; then
        exec python3 "$here/run.py" "$@"
    fi
done
bin="${E2E_BIN:-$(mktemp -d "${TMPDIR:-/tmp}/android-e2e-bin.XXXXXX")}"
mkdir -p "$bin/classes"
# -lbase: AssetManager2/ApkAssets need libbase (logging, unique_fd); rpath: Debian keeps these
# libraries outside the loader's path.
g++ -std=c++17 -O1 -w -I/usr/include/android -o "$bin/res-oracle" "$here/res-oracle.cpp" \
    -L/usr/lib/x86_64-linux-gnu/android -landroidfw -lutils -lbase \
    -Wl,-rpath,/usr/lib/x86_64-linux-gnu/android
javac -cp /usr/share/java/icu4j.jar -d "$bin/classes" "$here/AndroidOracle.java"
exec python3 "$here/run.py" --oracle-bin "$bin" "$@"
