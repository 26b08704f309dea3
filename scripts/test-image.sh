#!/usr/bin/env bash
# Checks the container image scripts/build-image.sh builds (docs/container.md): run with the
# sample tables (Resources/strings) mounted read-only on a read-only root, it must answer
# POST /v1/localize exactly as `render-alert localize --batch` does for the same requests, serve
# /healthz and /readyz, run as a non-root user, hold no shell, reload its tables on SIGHUP and
# exit 0 soon after `podman stop` (SIGTERM).
#
#   scripts/test-image.sh [--image TAG] [--render-alert PATH]
#
# Default TAG: localhost/render-alert-server:latest; default render-alert: .build/debug's (built
# when missing). The container runs with extra flags that a CI sandbox needs and a usual machine
# does not (docs/container.md shows the plain commands): cgroupfs and runc, open-file and
# process limits no higher than the sandbox's (podman would otherwise raise them and fail), and
# the host's network (no network namespace there), so that the server listens on a free
# loopback port rather than 0.0.0.0:8080. Only 127.0.0.1 is ever sent a request.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
image=localhost/render-alert-server:latest
render_alert=
while [ $# -gt 0 ]; do
  case "$1" in
    --image) image=$2; shift 2 ;;
    --render-alert) render_alert=$2; shift 2 ;;
    *) echo "usage: scripts/test-image.sh [--image TAG] [--render-alert PATH]" >&2; exit 2 ;;
  esac
done
source "$repo/scripts/checks.sh"
podman image exists "$image" || { echo "no image $image: run scripts/build-image.sh first" >&2; exit 2; }
if [ -z "$render_alert" ]; then
  render_alert="$repo/.build/debug/render-alert"
  [ -x "$render_alert" ] || swift build --package-path "$repo" --product render-alert
fi

global=(--cgroup-manager cgroupfs)
sandbox=(--runtime runc --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --network host)
work=$(mktemp -d)
name="render-alert-server-test-$$"
trap 'podman "${global[@]}" rm --force --time 0 "$name" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"

check "the image runs as a numeric non-root user (65532:65532)" \
  test "$(podman image inspect --format '{{.Config.User}}' "$image")" = 65532:65532
check "the entrypoint is the server" \
  test "$(podman image inspect --format '{{json .Config.Entrypoint}}' "$image")" = '["/render-alert-server"]'
no_shell() { ! podman "${global[@]}" run --rm "${sandbox[@]}" --entrypoint /bin/sh "$image" -c true >/dev/null 2>&1; }
check "the image has no shell" no_shell
echo "  image size: $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.1f MiB", $1 / 1048576}')"

podman "${global[@]}" run --detach --name "$name" "${sandbox[@]}" --read-only \
  --volume "$repo/Resources/strings:/tables:ro" \
  "$image" --strings /tables --host 127.0.0.1 --port "$port" > /dev/null
# eventually SECONDS COMMAND...: COMMAND succeeds within SECONDS, tried every 0.1 s.
eventually() {
  local tries=$(($1 * 10))
  shift
  for _ in $(seq "$tries"); do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}
healthy() { curl -sf --max-time 2 "$url/healthz" > "$work/healthz" 2>/dev/null; }
check "the server starts and /healthz answers 200" eventually 30 healthy
if ! healthy; then
  podman "${global[@]}" logs "$name" 2>&1 | tail -n 20 | sed 's/^/  container: /'
  finish image
fi
check "/healthz says ok" shows "$work/healthz" '"status":"ok"'
podman "${global[@]}" logs "$name" > "$work/stdout" 2> "$work/stderr" || true
check "its first line says where it listens" shows "$work/stdout" "listening on $url"
readyz() { curl -s --max-time 5 -o "$work/readyz" -w '%{http_code}' "$url/readyz"; }
check "/readyz answers 200" test "$(readyz)" = 200
check "/readyz reports the first generation of the tables" shows "$work/readyz" '"generation":1'
pid=$(podman "${global[@]}" inspect --format '{{.State.Pid}}' "$name")
check "the process runs as uid 65532" bash -c "grep -qE '^Uid:\s+65532\s' /proc/$pid/status"

# The same requests to the container and to the CLI: an answer is the CLI's batch line without
# its "line" member, byte for byte, except that a diagnostic's "file" names the request rather
# than the batch's line.
cat > "$work/requests" <<'NDJSON'
{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr-CA","en"],"id":"fr"}
{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":"ja","id":"ja"}
{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["3"]}}},"languages":["ar"],"id":"ar"}
{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["2"]}}},"languages":["he","en"],"id":"he"}
{"payload":{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["pt-PT"],"id":"pt"}
{"payload":{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["pt-PT"],"fallback":"development-region","id":"pt-fallback"}
{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["de-AT","en"],"mode":"device","id":"de-device"}
NDJSON
"$render_alert" localize --batch --strings "$repo/Resources/strings" < "$work/requests" > "$work/cli" 2> /dev/null || true
line=0
while IFS= read -r request; do
  line=$((line + 1))
  id=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["id"])' "$request")
  expected=$(sed -n "${line}p" "$work/cli" | sed "s/^{\"line\":$line,/{/; s/\"file\":\"line $line\"/\"file\":\"request\"/g")
  served=$(curl -s --max-time 10 "$url/v1/localize" --data-binary "$request")
  same() { [ -n "$expected" ] && [ "$served" = "$expected" ] || { echo "  served:   $served"; echo "  expected: $expected"; return 1; }; }
  check "POST /v1/localize ($id) answers as render-alert localize --batch" same
done < "$work/requests"
sendable=$(grep -c '"sendable":true' "$work/cli" || true)
check "the comparison covers sendable and refused answers ($sendable of $line sendable)" test "$sendable" -ge 4 -a "$sendable" -lt "$line"

# SIGHUP reads the read-only tables again: the generation goes up.
podman "${global[@]}" kill --signal HUP "$name" > /dev/null
reloaded() { readyz > /dev/null && grep -q '"generation":2' "$work/readyz"; }
check "SIGHUP reloads the mounted tables (generation 2)" eventually 10 reloaded

# podman stop sends SIGTERM (the image's STOPSIGNAL) and waits up to 10 s before SIGKILL.
start=$(date +%s%N)
podman "${global[@]}" stop --time 10 "$name" > /dev/null
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
status=$(podman "${global[@]}" inspect --format '{{.State.ExitCode}}' "$name")
check "podman stop: exit status 0 ($status)" test "$status" = 0
check "podman stop: stopped in ${elapsed_ms} ms (under 5 s, without SIGKILL)" test "$elapsed_ms" -lt 5000
podman "${global[@]}" logs "$name" > "$work/stdout" 2> "$work/stderr" || true
check "the server logged its graceful stop" shows "$work/stderr" "stopped"

finish image
