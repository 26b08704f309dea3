#!/usr/bin/env bash
# What a package that uses the library alone pays: a temporary consumer package depends on this
# repository by path with the product LocalizedAlerts only and without the CommandLineTool trait
# (`traits: []`, as docs/library.md shows), and `swift package resolve` must fetch at most two
# packages and none of the HTTP service's. The service (Hummingbird, NIO, swift-crypto…) lives
# in its own package under Server/ for that.
#
# SwiftPM 6.3 does not prune a dependency's packages by the products a consumer uses: it
# resolves every package that an enabled target dependency names. render-alert's
# swift-argument-parser, Yams and ZIPFoundation are conditioned on the CommandLineTool trait,
# so with the trait off none is resolved (measured: 0 pinned, 0 checked out; 3 with it on).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/scripts/checks.sh"
maximum=2
server_stack="hummingbird swift-nio swift-crypto swift-service-lifecycle swift-log swift-prometheus"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
consumer="$work/Consumer"
mkdir -p "$consumer/Sources/Consumer"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15)],
    // As docs/library.md says: the library alone, without the command-line tool's trait.
    dependencies: [.package(name: "LocalizedAlerts", path: "$repo", traits: [])],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [.product(name: "LocalizedAlerts", package: "LocalizedAlerts")]
        ),
    ]
)
SWIFT
cat > "$consumer/Sources/Consumer/main.swift" <<'SWIFT'
import LocalizedAlerts

print(LocalizedAlertsVersion.current)
SWIFT

# A scratch folder and cache of its own: what was fetched is what this resolution needed.
status=0
swift package --package-path "$consumer" --scratch-path "$work/build" --cache-path "$work/cache" resolve \
  > "$work/resolve" 2>&1 || status=$?
sed 's/^/  resolve: /' "$work/resolve"
check "swift package resolve succeeds" test "$status" = 0

pins=0
if [ -f "$consumer/Package.resolved" ]; then
  pins=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1])).get("pins", [])))' "$consumer/Package.resolved")
fi
checkouts=0
if [ -d "$work/build/checkouts" ]; then
  checkouts=$(find "$work/build/checkouts" -mindepth 1 -maxdepth 1 -type d | wc -l)
fi
echo "  pinned: $pins; checked out: $checkouts $(ls "$work/build/checkouts" 2>/dev/null | tr '\n' ' ')"
check "at most $maximum packages pinned ($pins)" test "$pins" -le "$maximum"
check "at most $maximum packages checked out ($checkouts)" test "$checkouts" -le "$maximum"
no_server_stack() {
  local package
  for package in $server_stack; do
    if [ -e "$work/build/checkouts/$package" ]; then echo "  checked out: $package"; return 1; fi
  done
}
check "none of the HTTP service's packages ($server_stack)" no_server_stack

finish library-consumer
