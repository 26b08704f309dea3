#!/usr/bin/env bash
# Builds self-contained render-alert and render-alert-server binaries for Linux x86_64, for CI
# images and the server's container image (scripts/build-image.sh): the Swift standard library,
# Foundation's parts, ICU (with its data) and libstdc++ are linked in statically, so that each
# binary needs only the C library (the loader, libc and libm) of the version it was built
# against or later: glibc 2.36 on Debian 12.
#
#   scripts/release.sh [--output DIR]     # default DIR: dist/
#
# Writes DIR/render-alert-VERSION-linux-x86_64.tar.gz (render-alert, render-alert-server,
# completions for both in bash, zsh and fish, LICENSE, README.md, CONTRIBUTING.md and the docs/
# pages the README links to) and
# DIR/render-alert-VERSION-linux-x86_64.tar.gz.sha256 (`sha256sum -c` reads it). The sample app
# and payloads are built into render-alert.
# Needs: Swift 6.1+, libicu-dev (its static archives), g++'s libstdc++.a.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
output="$repo/dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --output) output=$2; shift 2 ;;
    *) echo "usage: scripts/release.sh [--output DIR]" >&2; exit 2 ;;
  esac
done
[ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] || { echo "release.sh builds on Linux x86_64 only" >&2; exit 2; }
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$repo/Sources/LocalizedAlerts/Support/Version.swift")
name="render-alert-$version-linux-x86_64"

# The linker takes the first libNAME it meets along the search path. Package.swift finds ICU
# through pkg-config, whose -L/usr/lib/<arch> would come first; these pkg-config files (found
# first through PKG_CONFIG_PATH) name a folder holding only static archives instead, so that
# -licuuc, -licui18n, -licudata and -lstdc++ (from Swift's static runtime) are all static.
# -static-libgcc leaves out libgcc_s.
static="$repo/.build-release/static"
mkdir -p "$static/lib" "$static/pkgconfig"
multiarch=$(gcc -print-multiarch)
for library in icuuc icui18n icudata; do
  archive="/usr/lib/$multiarch/lib$library.a"
  [ -f "$archive" ] || { echo "missing $archive: apt-get install libicu-dev" >&2; exit 2; }
  ln -sf "$archive" "$static/lib/"
done
ln -sf "$(g++ -print-file-name=libstdc++.a)" "$static/lib/"
# zlib (ZIPFoundation, for .ipa archives), static as well.
[ -f "/usr/lib/$multiarch/libz.a" ] || { echo "missing /usr/lib/$multiarch/libz.a: apt-get install zlib1g-dev" >&2; exit 2; }
ln -sf "/usr/lib/$multiarch/libz.a" "$static/lib/"
cat > "$static/pkgconfig/zlib.pc" <<PC
Name: zlib
Description: zlib, static
Version: $(pkg-config --modversion zlib 2>/dev/null || echo 1)
Cflags: -I/usr/include
Libs: -L$static/lib -lz
PC
icu_version=$(pkg-config --modversion icu-uc)
cat > "$static/pkgconfig/icu-uc.pc" <<PC
Name: icu-uc
Description: ICU common and data libraries, static
Version: $icu_version
Cflags: -I/usr/include
Libs: -L$static/lib -licuuc -licudata -lstdc++ -lm -lpthread
PC
cat > "$static/pkgconfig/icu-i18n.pc" <<PC
Name: icu-i18n
Description: ICU internationalization library, static
Version: $icu_version
Requires: icu-uc
Cflags: -I/usr/include
Libs: -L$static/lib -licui18n
PC

# Both products from the Server package, which depends on the root package: one scratch folder,
# so that the library is compiled once for both binaries.
for product in render-alert render-alert-server; do
  PKG_CONFIG_PATH="$static/pkgconfig" swift build --package-path "$repo/Server" --scratch-path "$repo/.build-release" \
    -c release --product "$product" --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
done

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
mkdir -p "$staging/$name/completions"
for product in render-alert render-alert-server; do
  binary="$repo/.build-release/release/$product"
  cp "$binary" "$staging/$name/$product"
  strip "$staging/$name/$product"
  "$binary" --generate-completion-script bash > "$staging/$name/completions/$product.bash"
  "$binary" --generate-completion-script zsh > "$staging/$name/completions/_$product"
  "$binary" --generate-completion-script fish > "$staging/$name/completions/$product.fish"
done
cp "$repo/LICENSE" "$repo/README.md" "$repo/CONTRIBUTING.md" "$staging/$name/"
# The pages the README links to, with their images.
mkdir -p "$staging/$name/docs"
cp "$repo"/docs/*.md "$repo"/docs/*.png "$staging/$name/docs/"
mkdir -p "$output"
# Sorted names, fixed owner and times: the same tree gives the same archive.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' \
  -C "$staging" -cf - "$name" | gzip -n -9 > "$output/$name.tar.gz"
(cd "$output" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$output/$name.tar.gz"
