#!/usr/bin/env bash
# Builds render-alert-server's container image with podman (docs/container.md) from the
# Containerfile at the repository's root: FROM scratch, the release tarball's static server
# binary, the parts of glibc it loads (what ldd lists, copied from this machine) and an
# /etc/passwd naming the non-root user 65532. No registry is needed.
#
#   scripts/build-image.sh [--tarball dist/render-alert-VERSION-linux-x86_64.tar.gz] [--tag TAG]
#
# Without --tarball, scripts/release.sh builds one first (minutes; reuses .build-release).
# Default TAG: localhost/render-alert-server:latest. Installs podman (Debian) when missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tarball=
tag=localhost/render-alert-server:latest
while [ $# -gt 0 ]; do
  case "$1" in
    --tarball) tarball=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --tag) tag=$2; shift 2 ;;
    *) echo "usage: scripts/build-image.sh [--tarball FILE] [--tag TAG]" >&2; exit 2 ;;
  esac
done

if ! command -v podman >/dev/null 2>&1; then
  echo "::group::installing podman runc"
  (apt-get update -qq && apt-get install -y -qq podman runc) || sudo apt-get install -y -qq podman runc
  echo "::endgroup::"
fi

context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
if [ -z "$tarball" ]; then
  tarball=$("$repo/scripts/release.sh" --output "$context/dist" | tail -n 1)
fi
tar -xzf "$tarball" -C "$context" --wildcards '*/render-alert-server'
mv "$context"/render-alert-*/render-alert-server "$context/render-alert-server"
rm -rf "$context"/render-alert-*/ "$context/dist"

# The C runtime the binary links, at the paths the loader looks for them: the loader itself
# (/lib64/ld-linux-x86-64.so.2, named in the binary) and libc, libm… under /lib/<multiarch>.
# And libgcc_s, which no binary names but glibc loads when a thread exits (pthread_exit unwinds
# through it): without it the server aborts as soon as one of its threads ends.
mkdir -p "$context/lib" "$context/lib64" "$context/etc"
ldd "$context/render-alert-server" > "$context/ldd"
libgcc_s="/lib/$(gcc -print-multiarch)/libgcc_s.so.1"
[ -e "$libgcc_s" ] || { echo "missing $libgcc_s (Debian: libgcc-s1)" >&2; exit 2; }
echo "$libgcc_s" >> "$context/ldd"
for library in $(grep -o '/[^ ]*' "$context/ldd"); do
  mkdir -p "$context$(dirname "$library")"
  cp -L "$library" "$context$library"
done
rm "$context/ldd"
if [ -z "$(ls "$context/lib64")" ]; then
  echo "no loader under /lib64 in ldd's list: build-image.sh expects Linux x86_64 with glibc" >&2
  exit 2
fi
# The user the image runs as (USER 65532:65532 in the Containerfile), named for tools that look
# it up; no home, no shell.
echo 'nonroot:x:65532:65532:render-alert-server:/nonexistent:/sbin/nologin' > "$context/etc/passwd"
echo 'nonroot:x:65532:' > "$context/etc/group"
cp "$repo/Containerfile" "$context/Containerfile"

# A build of FROM scratch with only COPY runs no container, so it needs none of the run flags a
# sandbox may want (scripts/test-image.sh); PODMAN_FLAGS adds global flags when one does.
# shellcheck disable=SC2086
podman ${PODMAN_FLAGS:-} build --quiet --file "$context/Containerfile" --tag "$tag" "$context" > /dev/null
podman image inspect --format '{{.Id}} {{.Size}}' "$tag" | {
  read -r id size
  echo "built $tag (${id:0:12}, $((size / 1024 / 1024)) MiB)"
}
