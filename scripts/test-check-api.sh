#!/usr/bin/env bash
# scripts/check-api.sh shown to fail: against baselines holding a public function the library
# does not have (a real one copied under another name, as if it had been removed since), the
# check must name it and fail; with the digester's line for it in the allowlist it must pass;
# against the committed baselines it must pass.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/scripts/checks.sh"
cd "$repo"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/removed"
cp api/LocalizedAlertsReports.json.gz "$work/removed/"
: >"$work/removed/allowed-breakages.txt"
# The first public type's first function, copied under a new name: prints the digester's line.
expected=$(gzip -dc api/LocalizedAlerts.json.gz | python3 -c '
import json, sys
root = json.load(sys.stdin)
for node in root["ABIRoot"]["children"]:
    functions = [child for child in node.get("children", [])
                 if child.get("declKind") == "Func" and not child["name"].startswith("_") and child["name"].isidentifier()]
    if node.get("declKind") in ("Struct", "Class", "Enum") and functions:
        copy = json.loads(json.dumps(functions[0]))
        old = copy["name"]
        copy["name"] = old + "RemovedForTheTest"
        copy["printedName"] = copy["printedName"].replace(old, copy["name"], 1)
        for key in ("usr", "mangledName"):
            copy[key] = copy[key] + "RemovedForTheTest"
        node["children"].append(copy)
        json.dump(root, open(sys.argv[1], "w"), indent=2)
        print("Func %s.%s has been removed" % (node["printedName"], copy["printedName"]))
        break
' "$work/removed/LocalizedAlerts.json")
gzip -n -c "$work/removed/LocalizedAlerts.json" >"$work/removed/LocalizedAlerts.json.gz"
echo "  expected: $expected"

passes() { scripts/check-api.sh "$@" >"$work/out" 2>&1 || { cat "$work/out"; return 1; }; }
fails_naming() {
  if scripts/check-api.sh --baselines "$work/removed" >"$work/out" 2>&1; then
    cat "$work/out"
    return 1
  fi
  grep -qF -- "$expected" "$work/out" || { cat "$work/out"; return 1; }
}

check "the committed baselines: no breaking change" passes
check "a function the library no longer has: named, and the check fails" fails_naming
echo "$expected" >"$work/removed/allowed-breakages.txt"
check "the same breakage in the allowlist: the check passes" passes --baselines "$work/removed"

finish check-api
