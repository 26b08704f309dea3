#!/usr/bin/env bash
# action.yml, step "Lint localized strings": annotations (--format github) in the log, the same
# findings as JSON for the summary, and SARIF when asked. Never fails itself: the exit status
# goes to $GITHUB_OUTPUT (status=…) and the action's last step fails the job with it.
set -o pipefail  # no -u: macOS runners may run bash 3.2, where an empty array is "unbound"
out="${RUNNER_TEMP:-/tmp}/render-alert"
mkdir -p "$out"

# Inputs hold one path a line.
paths=()
while IFS= read -r line; do [ -n "$line" ] && paths+=("$line"); done <<< "${INPUT_PATHS:-.}"
arguments=("${paths[@]}")
payloads=()
while IFS= read -r line; do [ -n "$line" ] && payloads+=("$line"); done <<< "${INPUT_PAYLOADS:-}"
[ ${#payloads[@]} -gt 0 ] && arguments+=(--payloads "${payloads[@]}")
[ "${INPUT_STRICT:-false}" = true ] && arguments+=(--strict)
[ -n "${INPUT_BASELINE:-}" ] && arguments+=(--baseline "$INPUT_BASELINE")

"$RENDER_ALERT" lint "${arguments[@]}" --format github
status=$?
"$RENDER_ALERT" lint "${arguments[@]}" --format json > "$out/lint.json"
{
  echo "status=$status"
  echo "json=$out/lint.json"
} >> "$GITHUB_OUTPUT"
if [ "${INPUT_UPLOAD_SARIF:-false}" = true ]; then
  "$RENDER_ALERT" lint "${arguments[@]}" --format sarif > "$out/render-alert.sarif"
  echo "sarif=$out/render-alert.sarif" >> "$GITHUB_OUTPUT"
fi
exit 0
