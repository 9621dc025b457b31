#!/usr/bin/env bash
# Installs the system tools the tests use when they are missing, before any test
# runs: Debian's Chromium (the statements' PDF, in the API tests and the browser
# journeys' server), its headless shell (the browser the journeys drive), a Java
# runtime for the Nu HTML checker (vnu-jar) that validates every page, and
# poppler-utils (pdftotext, pdftoppm) that read the statement's PDF, and PostgreSQL (a
# throwaway server per test run for the tests on that engine; pg_dump for its backups).
# Exits non-zero, naming what is missing, when it cannot install them.
set -uo pipefail

# tool|Debian package that provides it
TOOLS=(
  "/usr/bin/chromium|chromium"
  "/usr/lib/chromium/chromium-headless-shell|chromium-headless-shell"
  "java|default-jre-headless"
  "pdftotext|poppler-utils"
  "pdftoppm|poppler-utils"
  "/usr/bin/pg_ctlcluster|postgresql"
  "pg_dump|postgresql-client"
)

have() { if [[ $1 == /* ]]; then [ -x "$1" ]; else command -v "$1" >/dev/null 2>&1; fi; }

missing_packages() {
  local entry packages=()
  for entry in "${TOOLS[@]}"; do
    have "${entry%%|*}" || packages+=("${entry##*|}")
  done
  printf '%s\n' "${packages[@]}" | sort -u | grep -v '^$'
}

report_missing() {
  local entry
  for entry in "${TOOLS[@]}"; do
    have "${entry%%|*}" || echo "Missing test tool: ${entry%%|*} (Debian package ${entry##*|})" >&2
  done
}

mapfile -t packages < <(missing_packages)
[ ${#packages[@]} -eq 0 ] && exit 0

cannot() {
  report_missing
  echo "The tests cannot run: $1. Install the packages above, then run the tests again." >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || cannot "this system has no apt-get to install them with"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  cannot "installing them needs root or sudo without a password"
fi

echo "Installing ${packages[*]} (Debian packages) for the tests..."
"${SUDO[@]}" apt-get update -qq || cannot "apt-get update failed"
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null ||
  cannot "apt-get install ${packages[*]} failed"
mapfile -t packages < <(missing_packages)
[ ${#packages[@]} -eq 0 ] || cannot "they are still missing after the install"
echo "Test tools ready."
