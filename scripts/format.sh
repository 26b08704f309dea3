#!/usr/bin/env bash
# Formats the repository's Swift files with the toolchain's swift-format and .swift-format
# (CONTRIBUTING.md, "Formatting").
#
#   scripts/format.sh            # rewrites the files in place
#   scripts/format.sh --check    # changes nothing; lists every finding and fails if there is one
#
# The files: every Swift file git tracks, or would add (untracked, not ignored), in all the
# packages (the root, Server, Benchmarks, Fuzz, the plugins and the test fixtures), except the
# generated ones (*.generated.swift: their generators write them, and tests compare them
# byte for byte with the generators' output) and the DocC catalogs' tutorial code (*.docc/:
# listings shown to readers step by step, laid out by hand).
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac

files() {
  local file
  git ls-files -z --cached --others --exclude-standard -- '*.swift' \
    ':(exclude)*.generated.swift' ':(exclude)*.docc/*' \
    | while IFS= read -r -d '' file; do
      # A tracked file deleted in the working tree is listed too.
      if [ -f "$file" ]; then printf '%s\0' "$file"; fi
    done
}

if $check; then
  echo "swift-format $(swift format --version)"
  # --strict: a finding is an error, and the exit status says so.
  files | xargs -0 swift format lint --strict --parallel --configuration .swift-format
else
  files | xargs -0 swift format format --in-place --parallel --configuration .swift-format
fi
