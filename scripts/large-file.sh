#!/usr/bin/env bash
# Reads a generated 1 GB .strings file (about 9.7 million entries) with render-alert lint and
# reports wall time and peak memory; then checks that a file over the 1 GiB reading limit is
# refused without being read. Needs about 3 GB of memory and 1 GB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/big.strings" <<'PY'
import sys
path, target, size, i = sys.argv[1], 1_000_000_000, 0, 0
with open(path, "w") as f:
    while size < target:
        chunk = "".join(f'/* Entry {n} */\n"key.{n:09d}" = "Value number {n}: some realistic text for a notification.";\n'
                        for n in range(i, i + 100_000))
        f.write(chunk); size += len(chunk); i += 100_000
print(f"generated {size:,} bytes, {i:,} entries")
PY
swift build -c release --product render-alert 2>&1 | tail -1
bin=$(swift build -c release --show-bin-path)/render-alert
/usr/bin/time -f "read 1 GB: %e s wall, %M KB peak resident" "$bin" lint "$work/big.strings" --format xcode
truncate -s 1100M "$work/huge.strings"
/usr/bin/time -f "refused 1.1 GB: %e s wall, %M KB peak resident" "$bin" lint "$work/huge.strings" --format xcode || true
