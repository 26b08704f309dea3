#!/usr/bin/env bash
# Tests both SwiftPM plugins the way an app's package uses them: builds a copy of
# Tests/PluginFixture (its Relay target uses LintAlertsBuildTool; the package gets
# `swift package lint-alerts`) with clean tables, then with a missing ';', and checks that the
# finding reaches the build's output with its file:line:column and fails the build. First,
# without the Plugins trait, that the build fails saying how to turn it on.
#
# The copy and its build folder live in .build-plugin-fixture/ (kept between runs: the first
# run builds render-alert for the plugins, about a minute on 2 cores; later runs take seconds).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work="$repo/.build-plugin-fixture"
package="$work/PluginFixture"
scratch="$work/build"
french="$package/Sources/Relay/Resources/fr.lproj/Localizable.strings"
source "$repo/scripts/checks.sh"

# run LOG COMMAND...: runs it with its output in LOG, and gives its exit status in $status.
run() {
  local log=$1
  shift
  set +e
  "$@" >"$log" 2>&1
  status=$?
  set -e
}

rm -rf "$package"
mkdir -p "$work"
cp -R "$repo/Tests/PluginFixture" "$package"
log="$work/log"

echo "== without the Plugins trait: the build fails and says how to turn it on"
sed -i.orig 's/, traits: \["Plugins"\]//' "$package/Package.swift"
run "$log" swift build --package-path "$package" --scratch-path "$scratch"
check "the build fails" test "$status" -ne 0
check "the error names the trait and how to enable it" \
  shows "$log" "LocalizedAlerts' plugins need its Plugins trait. Depend on it with"
mv "$package/Package.swift.orig" "$package/Package.swift"

echo "== build-tool plugin: clean tables (a warning, no error)"
run "$log" swift build --package-path "$package" --scratch-path "$scratch"
check "the build passes" test "$status" -eq 0
check "a warning in Xcode's form, with its file:line:column" \
  shows "$log" "$french:1:1: warning: \"message.new.title\" is missing from fr's Localizable table (present in en) [table.missing-key]"

echo "== build-tool plugin: a missing ';' fails the build"
sed -i.orig '2s/;$//' "$french"
run "$log" swift build --package-path "$package" --scratch-path "$scratch"
check "the build fails" test "$status" -ne 0
check "the error in Xcode's form, with its file:line:column" \
  shows "$log" "$french:2:37: error: missing ';' after the value"
run "$log" swift build --package-path "$package" --scratch-path "$scratch"
check "it fails again on the next build (nothing marked it passed)" test "$status" -ne 0

echo "== command plugin: swift package lint-alerts"
run "$log" bash -c "cd '$package' && swift package --scratch-path '$scratch' lint-alerts --format xcode"
check "lint-alerts fails on the broken table" test "$status" -ne 0
check "lint-alerts gives the file:line:column" \
  shows "$log" "Sources/Relay/Resources/fr.lproj/Localizable.strings:2:37: error: missing ';' after the value"

mv "$french.orig" "$french"
run "$log" bash -c "cd '$package' && swift package --scratch-path '$scratch' lint-alerts --target Relay --strict"
check "lint-alerts --strict fails on the warning" test "$status" -ne 0
run "$log" bash -c "cd '$package' && swift package --scratch-path '$scratch' lint-alerts --target Relay"
check "lint-alerts passes once the table is fixed" test "$status" -eq 0
check "lint-alerts prints render-alert's report" shows "$log" "1 warning in 1 file"

echo "== build-tool plugin: fixed"
run "$log" swift build --package-path "$package" --scratch-path "$scratch"
check "the build passes again once the table is fixed" test "$status" -eq 0

finish plugins
