#!/bin/sh
# Builds scripts/android/locale-match (the libandroidfw oracle) into $1 (default /tmp).
# Needs g++ and Debian's android-libandroidfw-dev.
set -eu
out="${1:-/tmp}/locale-match"
g++ -std=c++17 -O1 -I/usr/include/android -o "$out" "$(dirname "$0")/locale-match.cpp" \
    -L/usr/lib/x86_64-linux-gnu/android -landroidfw -lutils -Wl,-rpath,/usr/lib/x86_64-linux-gnu/android
echo "$out"
