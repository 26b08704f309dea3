#!/usr/bin/env bash
# What a machine without ICU sees: ICU's headers and pkg-config files are hidden in a mount
# namespace (as root), and building the C wrapper must give SwiftPM's install hint and the
# wrapper's own error saying what to install, rather than only "'unicode/ubrk.h' file not found".
# The same with pkg-config itself missing: SwiftPM says so.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
  echo "missing-icu: needs root and unshare to hide ICU; skipped"
  exit 0
fi
source "$repo/scripts/checks.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/empty"
multiarch=$(gcc -print-multiarch)
# SwiftPM asks pkg-config only when it plans a build afresh: each build starts from an empty
# scratch folder (the dependencies come from SwiftPM's cache).
build="rm -rf '$repo/.build-no-icu' && swift build --package-path '$repo' --scratch-path '$repo/.build-no-icu' --target CICU"

status=0
unshare -m bash -c "mount --bind '$work/empty' /usr/include/unicode && mount -t tmpfs tmpfs /usr/lib/$multiarch/pkgconfig && $build" > "$work/out" 2>&1 || status=$?
check "without ICU the build fails" test "$status" != 0
check "with SwiftPM's install hint" shows "$work/out" "warning: you may be able to install icu-uc using your system-packager:"
check "naming the package" shows "$work/out" "apt-get install libicu-dev"
check "and the wrapper's error" shows "$work/out" "error: \"ICU's headers were not found: install libicu-dev (apt-get) or icu4c (brew)"

unshare -m bash -c "mount --bind /dev/null \"\$(readlink -f \"\$(command -v pkg-config)\")\" && $build" > "$work/out" 2>&1 || true
check "without pkg-config, SwiftPM says so" shows "$work/out" "warning: failed to retrieve search paths with pkg-config; maybe pkg-config is not installed"

finish missing-icu
