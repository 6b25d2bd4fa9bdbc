#!/usr/bin/env bash
# Installs what the full test suite needs beyond Node and npm: Debian's chromium (browser tests)
# and postgresql (the API suite's server mode). Needs root and apt-get; elsewhere it says what is missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${need[*]} from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "Missing: ${need[*]}. Install them with: sudo apt-get install ${need[*]}" >&2
  exit 1
fi
