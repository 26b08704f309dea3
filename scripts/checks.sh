# Sourced by scripts/test-*.sh: counted checks, and the closing "N passed, N failed" line.
passed=0
failed=0

# check DESCRIPTION COMMAND...: a pass when COMMAND (a program or a shell function) succeeds.
check() {
  local description=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok: $description"
  else
    failed=$((failed + 1))
    echo "FAILED: $description"
  fi
}

# shows FILE TEXT: FILE holds TEXT; otherwise says so and prints the end of FILE.
shows() {
  grep -qF -- "$2" "$1" && return 0
  echo "  $1 lacks: $2"
  sed 's/^/  | /' "$1" | tail -n 20
  return 1
}

# finish NAME: the closing line; fails when a check did.
finish() {
  echo "$1: $passed passed, $failed failed"
  test "$failed" -eq 0
}
