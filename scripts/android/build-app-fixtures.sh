#!/bin/sh
# Regenerates Tests/LocalizationTests/Fixtures/android/built/: a small app compiled and linked by
# aapt2 (Debian's aapt, Android 10) from source/, read back by AndroidResourceTableTests.
#
#   app.apk           aapt2 compile --legacy + aapt2 link: resources.arsc, dense entries
#   app-sparse.apk    the same with --enable-sparse-encoding (minSdk 26): sparse type chunks
#   splits/           base.apk with split_config.fr.apk (fr, fr-rCA) and split_config.night.apk
#   app.aab           link --proto-format, laid out as a bundle by hand: base/resources.pb,
#                     base/manifest/AndroidManifest.xml, and a feature module tracking/ (package
#                     ID 0x80) with its own resources.pb
#   locales.txt       per input, libandroidfw's GetResourceLocales(true, true) (the oracle,
#                     scripts/android/resource-locales.cpp; needs android-libandroidfw-dev)
#
# There is no android.jar here: source/framework/ is a stand-in "android" package holding the
# three manifest attributes that sparse encoding and splits make aapt2 write.
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/Tests/LocalizationTests/Fixtures/android/built"
src="$out/source"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

aapt2 compile --dir "$src/framework/res" -o "$work/framework.zip"
aapt2 link -x -o "$work/framework.apk" --manifest "$src/framework/AndroidManifest.xml" "$work/framework.zip"

aapt2 compile --legacy --dir "$src/res" -o "$work/app.zip"
link() { aapt2 link -I "$work/framework.apk" --manifest "$src/AndroidManifest.xml" "$work/app.zip" "$@" 2>&1 | grep -v '^note:' >&2 || true; }
link -o "$out/app.apk"
link -o "$out/app-sparse.apk" --enable-sparse-encoding --min-sdk-version 26
rm -rf "$out/splits"
mkdir -p "$out/splits"
link -o "$out/splits/base.apk" --split "$out/splits/split_config.fr.apk:fr,fr-rCA" --split "$out/splits/split_config.night.apk:night"

# The bundle: each module's proto table and manifest where bundletool expects them.
link -o "$work/base-proto.apk" --proto-format
aapt2 compile --legacy --dir "$src/feature/res" -o "$work/feature.zip"
aapt2 link --proto-format -I "$work/framework.apk" --package-id 0x80 --manifest "$src/feature/AndroidManifest.xml" \
    -o "$work/feature-proto.apk" "$work/feature.zip"
mkdir -p "$work/aab/base/manifest" "$work/aab/tracking/manifest"
(cd "$work/aab/base" && unzip -q -o "$work/base-proto.apk" && mv AndroidManifest.xml manifest/)
(cd "$work/aab/tracking" && unzip -q -o "$work/feature-proto.apk" && mv AndroidManifest.xml manifest/)
rm -f "$out/app.aab"
(cd "$work/aab" && TZ=UTC find . -exec touch -t 198001010000 {} + && zip -q -X -D -0 -r "$out/app.aab" base tracking)

# The oracle's locale lists.
g++ -std=c++17 -O1 -w -I/usr/include/android -o "$work/resource-locales" "$root/scripts/android/resource-locales.cpp" \
    -L/usr/lib/x86_64-linux-gnu/android -landroidfw -lutils -Wl,-rpath,/usr/lib/x86_64-linux-gnu/android
{
    for input in app.apk app-sparse.apk "splits/base.apk splits/split_config.fr.apk splits/split_config.night.apk"; do
        # shellcheck disable=SC2086
        printf '%s\t%s\n' "$input" "$(cd "$out" && "$work/resource-locales" $input | paste -sd, -)"
    done
} > "$out/locales.txt"
cat "$out/locales.txt"
