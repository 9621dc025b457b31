#!/usr/bin/env bash
# Run by `npm start` before the build: the statement's Export as PDF prints with
# Chromium (CHROMIUM_PATH, default Debian's /usr/bin/chromium). When it is
# missing, Debian's chromium package is installed if this user can (root, or sudo
# without a password); otherwise this says why PDF export will be unavailable.
# It never fails the start: the portal runs without PDF export and its
# statement page says so.
set -uo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0

unavailable() {
  echo "PDF export will be unavailable: Chromium was not found at $CHROMIUM and $1." >&2
  echo "To enable it, install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium, then restart." >&2
  exit 0
}

if [ "$CHROMIUM" != /usr/bin/chromium ]; then
  unavailable "CHROMIUM_PATH names another place than the one Debian's package installs to"
fi
command -v apt-get >/dev/null 2>&1 || unavailable "this system has no apt-get to install it with"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  unavailable "installing it needs root or sudo without a password"
fi

echo "Installing Debian's chromium for the statements' PDF export..."
if ! { "${SUDO[@]}" apt-get update -qq &&
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq chromium >/dev/null; }; then
  unavailable "apt-get could not install the chromium package"
fi
[ -x "$CHROMIUM" ] || unavailable "the chromium package did not install it there"
"$CHROMIUM" --version
