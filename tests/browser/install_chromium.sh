#!/bin/sh
# Make Debian's Chromium available for the browser suite (Playwright never downloads one).
# Exit 0: $NEKOLIB_CHROMIUM (default /usr/bin/chromium) is there (installed now if needed).
# Exit 3: it is missing and cannot be installed here (no apt-get, not root, no registry).
CHROMIUM="${NEKOLIB_CHROMIUM:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install_chromium: $CHROMIUM missing and there is no apt-get to install it" >&2
  exit 3
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "install_chromium: $CHROMIUM missing; installing it needs root (apt-get install chromium)" >&2
    exit 3
  fi
fi
echo "install_chromium: apt-get install chromium (+ an emoji font for the screenshots)"
$SUDO apt-get update -q || exit 3
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium || exit 3
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q fonts-noto-color-emoji \
  || echo "install_chromium: no emoji font (screenshots show boxes for emoji)" >&2
[ -x "$CHROMIUM" ] || { echo "install_chromium: still no $CHROMIUM" >&2; exit 3; }
