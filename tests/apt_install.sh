#!/bin/sh
# Install Debian packages with apt-get, as root or with passwordless sudo (the browser suite's
# Chromium, the grader's bubblewrap). Usage: apt_install.sh WHO PACKAGE...
# Exit 0: installed. Exit 3: it cannot be done here (no apt-get, not root, no registry).
# APT_UPDATED=1 skips `apt-get update` (a second call right after a first).
WHO="$1"
shift
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$WHO: no apt-get to install $*" >&2
  exit 3
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "$WHO: installing $* needs root (apt-get install $*)" >&2
    exit 3
  fi
fi
echo "$WHO: apt-get install $*"
[ "${APT_UPDATED:-0}" = 1 ] || $SUDO apt-get update -q || exit 3
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "$@" || exit 3
