#!/usr/bin/env bash
# Makes sure the Debian packages listed in scripts/system-deps/packages.txt are installed.
#   ensure.sh           every listed package (what `npm test` needs)
#   ensure.sh install   only what `npm install` needs
# As root with apt-get (CI, a fresh build machine) it installs what is missing; otherwise it prints
# the exact command to run and exits non-zero, so the command fails with a clear message up front
# instead of a native build error midway.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
phase="${1:-test}"

# keytar needs libsecret only on Linux; macOS and Windows build against their own keychains.
if [ "$(uname -s)" != "Linux" ]; then
  exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  # Not Debian or Ubuntu: apt names do not apply. Check what the build needs by its own name.
  if [ "$phase" = "install" ] && ! pkg-config --exists libsecret-1 2>/dev/null; then
    echo "VoiceDesk: npm install needs the libsecret development files and pkg-config to build keytar." >&2
    echo "Install them with your package manager (Fedora: sudo dnf install libsecret-devel pkgconf;" >&2
    echo "Arch: sudo pacman -S libsecret pkgconf) and run npm install again." >&2
    exit 1
  fi
  exit 0
fi

wanted=()
while read -r pkg when _; do
  case "$pkg" in '' | '#'*) continue ;; esac
  if [ "$phase" = "install" ] && [ "${when:-test}" != "install" ]; then continue; fi
  wanted+=("$pkg")
done <"$here/packages.txt"

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
echo "VoiceDesk: missing system packages: ${missing[*]}" >&2
echo "Install them and run the command again:" >&2
echo "  sudo apt-get install ${missing[*]}" >&2
exit 1
