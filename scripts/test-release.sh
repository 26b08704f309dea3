#!/usr/bin/env bash
# Checks the release tarball scripts/release.sh makes (built first unless --tarball names one):
# the checksum, that both binaries need nothing beyond the C runtime (ldd), and that they work
# unpacked in a temporary folder and run from another one, with the repository, the Swift
# toolchain and the system's ICU out of sight when the machine allows (a mount namespace, as
# root): the sample built into render-alert, ICU's data linked into both, and
# render-alert-server answering on a loopback port (its compiled-in OpenAPI document and its
# metrics among the answers) and stopping cleanly on SIGTERM.
#
#   scripts/test-release.sh [--tarball dist/render-alert-VERSION-linux-x86_64.tar.gz]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tarball=
if [ "${1:-}" = --tarball ]; then tarball=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); fi
if [ -z "$tarball" ]; then
  output=$(mktemp -d)
  tarball=$("$repo/scripts/release.sh" --output "$output" | tail -n 1)
fi
source "$repo/scripts/checks.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
name=$(basename "$tarball" .tar.gz)
check "the checksum file matches" bash -c "cd '$(dirname "$tarball")' && sha256sum --quiet -c '$name.tar.gz.sha256'"
mkdir "$work/install" "$work/elsewhere"
tar -xzf "$tarball" -C "$work/install"
binary="$work/install/$name/render-alert"
server="$work/install/$name/render-alert-server"
check "the tarball holds both binaries, completions, licence and README" \
  test -x "$binary" -a -x "$server" -a -s "$work/install/$name/completions/_render-alert" \
  -a -s "$work/install/$name/completions/_render-alert-server" -a -s "$work/install/$name/LICENSE" -a -s "$work/install/$name/README.md"
# A reader of the unpacked README follows its links without the repository.
check "every relative link in the tarball's README names a file in the tarball" bash -c "
  cd '$work/install/$name' && missing=\$(grep -oE '\]\([^)#:]+' README.md | cut -c3- | sort -u | while read -r link; do [ -e \"\$link\" ] || echo \"\$link\"; done)
  [ -z \"\$missing\" ] || { echo \"missing: \$missing\"; exit 1; }"

# Only glibc's own libraries (and the kernel's vDSO) may be needed.
for file in "$binary" "$server"; do
  ldd "$file" > "$work/ldd"
  sed "s/^/  ldd $(basename "$file"): /" "$work/ldd"
  check "ldd $(basename "$file"): nothing beyond the C runtime (libc, libm, the loader)" \
    bash -c "! grep -vE '^\s*(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|/lib64/ld-linux-x86-64\.so\.2)[ (]' '$work/ldd'"
done

# Runs the binary in $work/elsewhere with a bare environment; with a mount namespace, the
# repository, the toolchain and the system's ICU libraries are hidden behind empty folders.
hide=()
for path in "$repo" /opt/swift /usr/share/icu; do [ -d "$path" ] && hide+=("$path"); done
icu_libraries=$(ls /usr/lib/"$(gcc -print-multiarch)"/libicu*.so* 2>/dev/null || true)
isolated=false
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then isolated=true; fi
run() {
  # With pidfile set, the process's id is written there (the shell's, which exec keeps).
  local script="cd '$work/elsewhere' && ${pidfile:+echo \$\$ > '$pidfile' && }exec env -i PATH=/usr/bin:/bin HOME='$work' TMPDIR='$work' '${executable:-$binary}' \"\$@\""
  if $isolated; then
    local mounts=""
    for path in "${hide[@]}"; do mounts+="mount -t tmpfs tmpfs '$path' && "; done
    for library in $icu_libraries; do mounts+="mount --bind /dev/null '$library' && "; done
    unshare -m bash -c "$mounts $script" render-alert "$@"
  else
    bash -c "$script" render-alert "$@"
  fi
}
if $isolated; then
  echo "  (running with ${hide[*]} and the system's libicu hidden)"
  # A control: the debug build, which loads the toolchain's libraries, cannot start there.
  if [ -x "$repo/.build/debug/render-alert" ]; then
    cp "$repo/.build/debug/render-alert" "$work/control"
    control_fails() { ! executable="$work/control" run --version >/dev/null 2>&1; }
    check "(control) a debug build cannot start where the toolchain is hidden" control_fails
  fi
else
  echo "  (not root: running without hiding the repository and toolchain)"
fi

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$repo/Sources/LocalizedAlerts/Support/Version.swift")
check "--version" test "$(run --version)" = "$version"
run > "$work/preview" 2>&1 || true
check "the default preview shows the built-in sample" grep -q "missed-call.json  206 bytes" "$work/preview"
echo '{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["3"]}}},"languages":["ar"]}' > "$work/request"
run localize --batch --payload-only < "$work/request" > "$work/localized" 2>&1 || true
check "ICU's data is inside (Arabic plural rules and digits)" grep -q '٣ رسائل غير مقروءة' "$work/localized"
mkdir -p "$work/elsewhere/App/en.lproj"
printf '"a" = "b"\n"c" = "d";\n' > "$work/elsewhere/App/en.lproj/Localizable.strings"
status=0
run lint App --format xcode > "$work/lint" 2>&1 || status=$?
check "lint exits 1 on a missing ';'" test "$status" = 1
check "lint gives the finding's file:line:column" grep -q "^App/en.lproj/Localizable.strings:1:10: error: missing ';'" "$work/lint"
no_unpacked_sample() { ! ls "$work" | grep -q render-alert-sample; }
check "the unpacked sample is removed" no_unpacked_sample

# The server, from the same isolated folder, on the sample tables copied beside it.
cp -R "$repo/Resources/strings" "$work/elsewhere/strings"
executable="$server" pidfile="$work/server.pid" run --strings strings --port 0 --log-level warning \
  > "$work/server.out" 2> "$work/server.err" &
runner=$!
for _ in $(seq 300); do
  grep -qs '^listening on ' "$work/server.out" && break
  kill -0 "$runner" 2>/dev/null || break
  sleep 0.1
done
server_pid=$(cat "$work/server.pid" 2>/dev/null || echo "$runner")
url=$(sed -n 's/^listening on //p' "$work/server.out" | head -n 1)
check "render-alert-server starts (listening on ${url:-nothing})" test -n "$url"
if [ -n "$url" ]; then
  curl -s --max-time 10 "$url/healthz" > "$work/healthz" || true
  check "render-alert-server: /healthz" shows "$work/healthz" '"status":"ok"'
  curl -s --max-time 10 "$url/v1/localize" -d "$(cat "$work/request")" > "$work/served" || true
  check "render-alert-server: ICU's data is inside (Arabic plural rules and digits)" shows "$work/served" '٣ رسائل غير مقروءة'
  # The OpenAPI document is compiled in: no resource bundle beside the binary to find.
  curl -s --max-time 10 "$url/openapi.json" > "$work/openapi" || true
  check "render-alert-server: the OpenAPI document is inside" shows "$work/openapi" '"openapi": "3.1.0"'
  curl -s --max-time 10 "$url/metrics" > "$work/metrics" || true
  check "render-alert-server: /metrics counts the requests" shows "$work/metrics" 'render_alert_http_requests_total{endpoint="/v1/localize",method="POST",status="200"} 1'
fi
kill -TERM "$server_pid" 2>/dev/null || true
for _ in $(seq 150); do kill -0 "$runner" 2>/dev/null || break; sleep 0.1; done
kill -KILL "$server_pid" 2>/dev/null || true
status=0
wait "$runner" || status=$?
check "render-alert-server exits 0 within 15 s of SIGTERM" test "$status" = 0
[ "$status" = 0 ] || sed 's/^/  server: /' "$work/server.err" | tail -n 20

finish release
