#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked GNOME Keyring, so tests use a real
# Secret Service (the OS keychain on Linux) without touching the user's own keyring.
set -euo pipefail

if [ -n "${PLANDESK_KEYRING_READY:-}" ]; then exec "$@"; fi

missing=()
command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus)
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=(gnome-keyring)
if [ ${#missing[@]} -gt 0 ]; then
  echo "The tests need a Secret Service keychain. Install: sudo apt-get install -y ${missing[*]} (or run scripts/install-system-deps.sh)" >&2
  exit 1
fi

# Inside the new session: a throwaway keyring home, unlocked with a throwaway password.
exec dbus-run-session -- bash -c '
  set -euo pipefail
  export XDG_DATA_HOME="$(mktemp -d)/data" HOME_KEYRING_TMP=1
  mkdir -p "$XDG_DATA_HOME"
  eval "$(printf "plandesk-test" | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)" || true
  export PLANDESK_KEYRING_READY=1
  exec "$@"
' plandesk-keyring "$@" 2> >(grep -v "Failed to set fd limit" >&2)
