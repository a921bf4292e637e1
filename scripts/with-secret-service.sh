#!/usr/bin/env bash
# Runs a command with a real Secret Service (gnome-keyring) on a private D-Bus session and a
# throw-away HOME, so keychain tests talk to a real keychain and never touch the developer's own.
set -euo pipefail
if [ "${VOICEDESK_SECRET_SERVICE:-}" = "private" ]; then
  exec "$@"
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-secret-service: '$tool' is missing (Debian: apt-get install dbus gnome-keyring)." >&2
    exit 1
  fi
done
home="$(mktemp -d -t voicedesk-keyring-XXXXXX)"
trap 'rm -rf "$home"' EXIT
export VOICEDESK_SECRET_SERVICE=private
export VOICEDESK_REAL_HOME="$HOME"
HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_RUNTIME_DIR="$home/run" \
  dbus-run-session -- sh -c 'mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"; printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' sh "$@"
