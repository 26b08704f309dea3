#!/usr/bin/env bash
# action.yml, step "Set up render-alert": the binary named by the render-alert input, else one
# on PATH, else built from the action's own source. Writes path=<binary> to $GITHUB_OUTPUT.
set -euo pipefail
binary=${INPUT_RENDER_ALERT:-}
if [ -n "$binary" ]; then
  [ -x "$binary" ] || { echo "::error title=render-alert::the render-alert input ($binary) is not an executable file"; exit 2; }
elif binary=$(command -v render-alert); then
  :
else
  configuration=${INPUT_CONFIGURATION:-release}
  echo "::group::Building render-alert ($configuration) from $GITHUB_ACTION_PATH"
  swift build --package-path "$GITHUB_ACTION_PATH" -c "$configuration" --product render-alert
  echo "::endgroup::"
  binary="$(swift build --package-path "$GITHUB_ACTION_PATH" -c "$configuration" --show-bin-path)/render-alert"
fi
"$binary" --version
echo "path=$binary" >> "$GITHUB_OUTPUT"
