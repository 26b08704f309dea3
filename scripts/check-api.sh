#!/usr/bin/env bash
# The public API of the two libraries, LocalizedAlerts and LocalizedAlertsReports, against its
# baseline in api/, with the toolchain's swift-api-digester: a declaration removed, renamed or
# changed in a way that breaks source fails the check, unless api/allowed-breakages.txt lists the
# digester's line for it. Additions pass.
#
#   scripts/check-api.sh            # what CI runs
#   scripts/check-api.sh --update   # after a deliberate change: rewrites the baselines
#   scripts/check-api.sh --baselines DIR   # against the baselines in DIR (its own test uses it)
#
# The baselines are the digester's JSON dumps, gzipped without a name or time (`gzip -n`) so
# that the same API gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

update=0
baselines=api
case "${1:-}" in
  --update) update=1 ;;
  --baselines) baselines=${2:?"usage: $0 --baselines DIR"} ;;
  "") ;;
  *) echo "usage: $0 [--update | --baselines DIR]" >&2; exit 2 ;;
esac

swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
digester="$swift_bin/swift-api-digester"
if ! [ -x "$digester" ]; then
  # Elsewhere on the PATH, or in Xcode's toolchain on macOS.
  digester=$(command -v swift-api-digester || xcrun --find swift-api-digester 2>/dev/null) || {
    echo "check-api: no swift-api-digester found (it ships with Swift's Linux toolchains and with Xcode)" >&2
    exit 1
  }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# LocalizedAlertsReports depends on LocalizedAlerts: one build gives both modules.
swift build --target LocalizedAlertsReports >"$work/build.log" 2>&1 || {
  tail -n 40 "$work/build.log" >&2
  echo "check-api: the libraries do not build" >&2
  exit 1
}
bin=$(swift build --show-bin-path)
# Swift modules, and the C targets' module maps (CICU, CByteScan) beside them.
search=(-I "$bin/Modules" -I "$bin")

allowlist=$baselines/allowed-breakages.txt
failed=0
for module in LocalizedAlerts LocalizedAlertsReports; do
  baseline="$baselines/$module.json.gz"
  if [ "$update" = 1 ]; then
    "$digester" -dump-sdk -module "$module" "${search[@]}" -swift-only -avoid-location -avoid-tool-args \
      -o "$work/$module.json" 2>"$work/$module.log" || { cat "$work/$module.log" >&2; exit 1; }
    # A module the digester cannot load dumps as an empty root: never a baseline.
    if ! grep -q '"kind": "TypeDecl"\|"declKind": "Struct"' "$work/$module.json"; then
      echo "check-api: the dump of $module is empty:" >&2
      cat "$work/$module.log" >&2
      exit 1
    fi
    gzip -n -9 -c "$work/$module.json" >"$baseline"
    echo "check-api: $baseline written"
    continue
  fi
  if ! [ -f "$baseline" ]; then
    echo "check-api: $baseline is missing: run scripts/check-api.sh --update" >&2
    exit 1
  fi
  gzip -dc "$baseline" >"$work/$module.baseline.json"
  "$digester" -diagnose-sdk -module "$module" "${search[@]}" -baseline-path "$work/$module.baseline.json" \
    -breakage-allowlist-path "$allowlist" -o "$work/$module.report" >"$work/$module.log" 2>&1 || true
  # The digester reports a module it cannot load and still prints an empty report: that is a
  # failure here, not "no breakage".
  if grep -q "Failed to load module\|error:" "$work/$module.log"; then
    echo "check-api: swift-api-digester could not read $module:" >&2
    cat "$work/$module.log" >&2
    exit 1
  fi
  # The report is section headers (/* Removed Decls */ …) with a line under each breakage.
  findings=$(grep -v '^/\*' "$work/$module.report" | grep -v '^[[:space:]]*$' || true)
  if [ -n "$findings" ]; then
    echo "check-api: $module breaks its public API against $baseline:"
    echo "$findings" | sed 's/^/  /'
    failed=1
  else
    echo "check-api: $module: no breaking change against $baseline"
  fi
done
if [ "$failed" = 1 ]; then
  cat >&2 <<'TEXT'
check-api: a user's code that compiled against the baseline may not compile now. If the change
is meant, run scripts/check-api.sh --update and commit the new baselines (the release notes
should say what broke); a breakage kept on purpose without a new baseline goes, as the
digester printed it, into api/allowed-breakages.txt.
TEXT
  exit 1
fi
