#!/bin/sh
# Make bubblewrap (bwrap) available: `nekolib grade` runs every hand-in in its sandbox.
# Exit 0: bwrap is there (installed now if needed) and can make a sandbox here.
# Exit 3: it is missing and cannot be installed (no apt-get, not root, no registry).
if ! command -v bwrap >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_bubblewrap: no bwrap and no apt-get to install it" >&2
    exit 3
  fi
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      SUDO="sudo -n"
    else
      echo "install_bubblewrap: no bwrap; installing it needs root (apt-get install bubblewrap)" >&2
      exit 3
    fi
  fi
  echo "install_bubblewrap: apt-get install bubblewrap"
  $SUDO apt-get update -q >/dev/null || exit 3
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q bubblewrap >/dev/null || exit 3
fi
bwrap --unshare-pid --unshare-net --ro-bind / / --proc /proc -- true || {
  echo "install_bubblewrap: bwrap is installed but cannot make namespaces here" >&2
  exit 3
}
