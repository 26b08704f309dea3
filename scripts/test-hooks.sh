#!/usr/bin/env bash
# Tests the pre-commit hooks (.pre-commit-hooks.yaml) and the Xcode run-script phase
# (scripts/xcode-run-script.sh) against a temporary project with a broken table, and the
# commit-msg hook of this repository (scripts/hooks/commit-msg).
#
#   scripts/test-hooks.sh [--render-alert PATH] [--pre-commit PATH] [--full]
#
# Each hook's entry runs as pre-commit runs it (entry, no file names, render-alert on PATH).
# When pre-commit is installed (or named with --pre-commit), `pre-commit try-repo` runs the
# render-alert-lint-system hook for real; --full also runs render-alert-lint, which makes
# pre-commit build render-alert from source (a release build: minutes).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
binary="$repo/.build/debug/render-alert"
pre_commit=$(command -v pre-commit || true)
full=false
while [ $# -gt 0 ]; do
  case "$1" in
    --render-alert) binary=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --pre-commit) pre_commit=$2; shift 2 ;;
    --full) full=true; shift ;;
    *) echo "usage: scripts/test-hooks.sh [--render-alert PATH] [--pre-commit PATH] [--full]" >&2; exit 2 ;;
  esac
done
[ -x "$binary" ] || { echo "$binary is missing: run swift build first" >&2; exit 2; }
source "$repo/scripts/checks.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/project/App/en.lproj" "$work/project/App/fr.lproj"
ln -s "$binary" "$work/bin/render-alert"
project="$work/project"
fix() { printf '"call.missed.title" = "Appel manqué";\n' > "$project/App/fr.lproj/Localizable.strings"; }
breakTable() { printf '"call.missed.title" = "Appel manqué"\n' > "$project/App/fr.lproj/Localizable.strings"; }  # no ';'
finding="App/fr.lproj/Localizable.strings:1:37: error: missing ';'"
printf '"call.missed.title" = "Missed call";\n' > "$project/App/en.lproj/Localizable.strings"
breakTable

echo "== .pre-commit-hooks.yaml"
python3 - "$repo/.pre-commit-hooks.yaml" > "$work/hooks" <<'PY'
import re, shlex, sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
for hook in hooks:
    assert set(hook) <= {"id", "name", "description", "entry", "language", "files", "pass_filenames", "args"}, hook
    pattern = re.compile(hook["files"])
    assert all(pattern.search(f) for f in ["a/en.lproj/Localizable.strings", "b.stringsdict", "Localizable.xcstrings"]), hook["id"]
    assert not any(pattern.search(f) for f in ["App.swift", "strings.json", "x.strings.orig"]), hook["id"]
    assert hook["pass_filenames"] is False, hook["id"]
    print(hook["id"], hook["language"], shlex.join(shlex.split(hook["entry"]) + hook.get("args", [])))
PY
check "the hooks are well formed (files match tables only; the whole app is linted)" test -s "$work/hooks"
while read -r id language entry; do
  status=0
  (cd "$project" && PATH="$work/bin:$PATH" eval "$entry") > "$work/out" 2>&1 || status=$?
  check "$id ($language): fails on the broken table" test "$status" = 1
  check "$id: names the file and line" shows "$work/out" "App/fr.lproj/Localizable.strings"
done < "$work/hooks"

if [ -n "$pre_commit" ]; then
  echo "== pre-commit try-repo ($("$pre_commit" --version))"
  (cd "$project" && git init -q && git add -A && git -c user.name=t -c user.email=t@example.com commit -qm fixture)
  hooks=(render-alert-lint-system)
  $full && hooks+=(render-alert-lint)
  for hook in "${hooks[@]}"; do
    breakTable
    status=0
    (cd "$project" && PATH="$work/bin:$PATH" PRE_COMMIT_HOME="$work/pre-commit-home" "$pre_commit" try-repo "$repo" "$hook" --all-files) > "$work/out" 2>&1 || status=$?
    check "pre-commit $hook: fails on the broken table" test "$status" = 1
    check "pre-commit $hook: shows the finding" shows "$work/out" "1:37  ✖ error  missing ';'"
    fix
    status=0
    (cd "$project" && PATH="$work/bin:$PATH" PRE_COMMIT_HOME="$work/pre-commit-home" "$pre_commit" try-repo "$repo" "$hook" --all-files) > "$work/out" 2>&1 || status=$?
    check "pre-commit $hook: passes once fixed" test "$status" = 0
  done
else
  echo "(pre-commit is not installed: try-repo not run)"
fi

echo "== Xcode run-script phase"
breakTable
status=0
(cd "$work" && env -i PATH="$work/bin:/usr/bin:/bin" HOME="$work" SRCROOT="$project" "$repo/scripts/xcode-run-script.sh") > "$work/out" 2>&1 || status=$?
check "the phase fails the build on an error" test "$status" = 1
check "with the finding in Xcode's form, absolute path" shows "$work/out" "$project/$finding"
fix
status=0
(cd "$work" && env -i PATH="$work/bin:/usr/bin:/bin" HOME="$work" SRCROOT="$project" "$repo/scripts/xcode-run-script.sh") > "$work/out" 2>&1 || status=$?
check "it passes once fixed" test "$status" = 0
status=0
(cd "$work" && env -i PATH="/usr/bin:/bin" HOME="$work" SRCROOT="$project" "$repo/scripts/xcode-run-script.sh") > "$work/out" 2>&1 || status=$?
check "without render-alert: a warning, and the build goes on" bash -c "[ $status = 0 ] && grep -q '^warning: render-alert is not installed' '$work/out'"

echo "== commit-msg hook (scripts/hooks/commit-msg)"
message() { printf '%s\n\nWhy it changed.\n' "$1" > "$work/message"; "$repo/scripts/hooks/commit-msg" "$work/message" > "$work/out" 2>&1; }
check "a subject of 72 characters is accepted" message "$(printf 'x%.0s' $(seq 72))"
check "a subject of 72 characters with accents is accepted" message "Ünïcödé $(printf 'x%.0s' $(seq 64))"
rejected() { ! message "$1" && grep -q '^commit-msg: ' "$work/out"; }
check "a subject of 73 characters is rejected" rejected "$(printf 'x%.0s' $(seq 73))"
check "an empty subject is rejected" rejected ""

finish hooks
