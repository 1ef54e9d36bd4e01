#!/bin/sh
# Installs what NavLab needs when it is missing: Debian packages, then (for tests) Python
# packages. Safe to run often. `deps.sh run` installs only what running NavLab needs;
# `deps.sh bench` also what `make bench` compares NavLab with (nginx, and wrk to load both).
set -e
here="$(dirname "$0")"
list="$here/debian-packages.txt"
need=""
for pkg in $(grep -v '^#' "$list"); do
    if [ "$1" = run ] && [ "$pkg" != make ] && [ "$pkg" != libedit-dev ] && [ "$pkg" != zlib1g-dev ] && [ "$pkg" != pkg-config ]; then continue; fi
    dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"
done
# node runs the browser build of the engine in `make test` (any packaged version will do).
if [ "$1" != run ] && ! command -v node >/dev/null; then need="$need nodejs"; fi
if [ "$1" = bench ]; then
    for pkg in nginx wrk; do dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"; done
fi
if [ -n "$need" ]; then
    echo "installing:$need"
    if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO=sudo; else
        echo "please install:$need (as root: apt-get install -y$need)" >&2; exit 1
    fi
    log="${TMPDIR:-/tmp}/navlab-apt.log"
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need; } >"$log" 2>&1 \
        || { tail -20 "$log" >&2; echo "apt-get failed; the full log is $log" >&2; exit 1; }
fi
[ "$1" = run ] && exit 0
missing=""
for mod in pytest pexpect selenium pyte; do
    python3 -c "import $mod" 2>/dev/null || missing="$missing $mod"
done
if [ -n "$missing" ]; then
    echo "installing Python packages:$missing"
    python3 -m pip install -q -r "$here/../Tests/requirements.txt" 2>/dev/null \
        || python3 -m pip install -q --break-system-packages -r "$here/../Tests/requirements.txt"
fi
