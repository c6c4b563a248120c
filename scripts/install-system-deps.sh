#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages PlanDesk's tests need. Safe to run again: it installs only
# what is missing. Needs root or sudo; prints the exact command to run when it has neither.
set -euo pipefail

PACKAGES=(
  libsecret-1-dev      # keytar (OS keychain module) builds from source against it, at npm install
  python3 make g++     # node-gyp, for keytar
  gnome-keyring dbus   # a real Secret Service for the keychain tests (scripts/with-keyring.sh)
  chromium             # the UI tests drive Debian's Chromium (no Playwright browser download)
  fonts-dejavu-core    # text in screenshots
  libreoffice-calc-nogui poppler-utils unzip python3-openpyxl   # exported xlsx/pdf are read back by independent readers
  openssl              # a throwaway certificate for the webhook test sender's TLS failure
  util-linux           # setpriv and unshare: the cache as an unprivileged user, a full disk
  rpm cpio             # the packaging check reads rpm packages (and builds one to test its reader)
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
  echo "PlanDesk's tests need these packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
