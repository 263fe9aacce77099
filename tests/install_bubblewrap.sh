#!/bin/sh
# Make bubblewrap (bwrap) available: `nekolib grade` runs every hand-in in its sandbox.
# Exit 0: bwrap is there (installed now if needed) and can make a sandbox here.
# Exit 3: it is missing and cannot be installed (no apt-get, not root, no registry).
if ! command -v bwrap >/dev/null 2>&1; then
  sh "$(dirname "$0")/apt_install.sh" install_bubblewrap bubblewrap || exit 3
fi
bwrap --unshare-pid --unshare-net --ro-bind / / --proc /proc -- true || {
  echo "install_bubblewrap: bwrap is installed but cannot make namespaces here" >&2
  exit 3
}
