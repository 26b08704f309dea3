#!/bin/sh
# Writes Tests/LocalizationTests/Fixtures/android/format-vectors.tsv with a JDK's String.format
# (scripts/android/FormatVectors.java). Needs javac and java (openjdk-17-jdk-headless).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
javac -d "$build" "$here/FormatVectors.java"
java -cp "$build" FormatVectors "$here/../../Tests/LocalizationTests/Fixtures/android/format-vectors.tsv"
