#!/usr/bin/env bash
# Installs what the browser tests need when it is missing: Debian's Chromium,
# a Java runtime for the Nu HTML checker (vnu-jar) that validates every page,
# and poppler-utils (pdftotext, pdftoppm) that read the statement's PDF.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
{ command -v pdftotext && command -v pdftoppm; } >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing ${missing[*]} (Debian packages) for the browser tests..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium --version
java -version
pdftotext -v
