#!/usr/bin/env bash
# The browser tests drive Debian's Chromium at /usr/bin/chromium (playwright.config.ts): Playwright's own browser
# downloads are not reachable from these machines, and a new machine of this kind comes without Chromium. So the
# README's test command and CI install it from Debian when it is missing, rather than failing every browser test
# in a few milliseconds with "executable doesn't exist". Not root, or no apt-get: say what to do and fail.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests (apt-get)…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "The browser tests need /usr/bin/chromium: install Debian's chromium package (apt-get install chromium)." >&2
exit 1
