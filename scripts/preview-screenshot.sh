#!/usr/bin/env bash
# Makes the pictures in docs/ (README, docs/cli.md) of `render-alert preview --format html`, from the bundled sample:
# docs/preview.png (light), docs/preview-dark.png (the same page in the dark scheme, as a system
# set to dark shows it) and docs/preview-matrix.png (the matrix of every payload in all 13
# languages). Needs Chromium (Debian: apt-get install chromium fonts-noto-cjk
# fonts-noto-color-emoji, for Japanese and emoji glyphs). RENDER_ALERT=path uses that binary
# instead of building a release one.
set -euo pipefail
cd "$(dirname "$0")/.."
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -z "${RENDER_ALERT:-}" ]]; then
  swift build -c release --product render-alert
  RENDER_ALERT=.build/release/render-alert
fi
"$RENDER_ALERT" preview \
  Resources/payloads/long-message.json Resources/payloads/missed-call.json \
  Resources/payloads/direct-message.json Resources/payloads/reaction.json \
  --language ar --language ja --language pt-PT --format html --output "$work/preview.html"
"$RENDER_ALERT" preview --format html --output "$work/all.html"
shoot() { # output size page [chromium flags]
  local output=$1 size=$2 page=$3
  shift 3
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile-$(basename "$output")" \
    --window-size="$size" "$@" --screenshot="$PWD/$output" "file://$page" 2>/dev/null
  echo "wrote $output"
}
shoot docs/preview.png 1280,1900 "$work/preview.html"
shoot docs/preview-dark.png 1280,1900 "$work/preview.html" --force-dark-mode
shoot docs/preview-matrix.png 1280,760 "$work/all.html"
