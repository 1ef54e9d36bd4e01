#!/bin/sh
# Installs the Debian packages NavLab needs when they are missing. Safe to run often.
set -e
need=""
for pkg in $(cat "$(dirname "$0")/debian-packages.txt" | grep -v '^#'); do
    dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"
done
[ -z "$need" ] && exit 0
echo "installing:$need"
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO=sudo; else
    echo "please install:$need (as root: apt-get install -y$need)" >&2; exit 1
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need
