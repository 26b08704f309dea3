#!/usr/bin/env bash
# Makes docs/preview.png, the README's picture of `render-alert preview --format html`, from the
# bundled sample. Needs Chromium (Debian: apt-get install chromium fonts-noto-cjk
# fonts-noto-color-emoji, for Japanese and emoji glyphs).
set -euo pipefail
cd "$(dirname "$0")/.."
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift run -c release render-alert preview \
  Resources/payloads/long-message.json Resources/payloads/missed-call.json Resources/payloads/group-message.json \
  --language ar --language ja --language pt-PT --format html --output "$work/preview.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
  --window-size=1280,1330 --screenshot="$PWD/docs/preview.png" "file://$work/preview.html" 2>/dev/null
echo "wrote docs/preview.png"
