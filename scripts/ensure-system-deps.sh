#!/usr/bin/env bash
# Makes sure the Debian packages listed in scripts/system-packages.txt are installed.
# As root with apt-get (CI, a fresh build machine) it installs what is missing; otherwise it names
# what is missing and exits non-zero, so `npm test` fails with a clear message instead of midway.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mapfile -t wanted < <(grep -vE '^\s*(#|$)' "$here/system-packages.txt")
missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing system packages: ${missing[*]}" >&2
echo "Install them (Debian/Ubuntu: sudo apt-get install ${missing[*]}) and run the command again." >&2
exit 1
