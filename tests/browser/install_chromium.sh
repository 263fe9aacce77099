#!/bin/sh
# Make Debian's Chromium available for the browser suite (Playwright never downloads one).
# Exit 0: $NEKOLIB_CHROMIUM (default /usr/bin/chromium) is there (installed now if needed).
# Exit 3: it is missing and cannot be installed here (no apt-get, not root, no registry).
CHROMIUM="${NEKOLIB_CHROMIUM:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
APT="$(dirname "$0")/../apt_install.sh"
sh "$APT" install_chromium chromium || exit 3
APT_UPDATED=1 sh "$APT" install_chromium fonts-noto-color-emoji \
  || echo "install_chromium: no emoji font (screenshots show boxes for emoji)" >&2
[ -x "$CHROMIUM" ] || { echo "install_chromium: still no $CHROMIUM" >&2; exit 3; }
