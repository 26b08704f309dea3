#!/bin/sh
# An Xcode "Run Script" build phase that lints the target's localized tables; findings show in
# Xcode's issue navigator (file:line:column: error|warning: message) and an error stops the
# build. Paste this into Build Phases › + › New Run Script Phase, or call this file from it.
# With user script sandboxing (ENABLE_USER_SCRIPT_SANDBOXING, on by default since Xcode 15) the
# script may only read its declared inputs: set that build setting to No for the target, or
# list the tables as input files. RENDER_ALERT_PATHS overrides what is linted (default: the
# project's folder).
export PATH="$PATH:/opt/homebrew/bin:/usr/local/bin:$HOME/.mint/bin"
if ! command -v render-alert >/dev/null 2>&1; then
  echo "warning: render-alert is not installed (mint install or a release tarball; see the LocalizedAlerts README)"
  exit 0
fi
# shellcheck disable=SC2086 # RENDER_ALERT_PATHS holds several paths on purpose
exec render-alert lint ${RENDER_ALERT_PATHS:-"$SRCROOT"} --format xcode
