#!/bin/sh
# The page's tests a second time in WebKit, Safari's engine (NAVLAB_BROWSER=webkit; see
# Tests/Browser/browserkit.py): `make test-browser` runs Tests/Browser, scripts/test-wasm.sh
# Tests/Web. On Linux WebKitGTK's MiniBrowser driven by WebKitWebDriver in an Xvfb display
# (Debian: webkit2gtk-driver and xvfb, which scripts/deps.sh installs); on a Mac Safari through
# safaridriver, once `sudo safaridriver --enable` has been run (the tests say so when it has not).
# Skipped, saying what is missing, where neither is there; NAVLAB_WEBKIT=0 skips it (it adds about
# 1.5 minutes to each of the two lanes of `make test` that run it).
# usage: test-webkit.sh PYTHON FOLDER [pytest arguments…]
python=$1 folder=$2
shift 2
if [ "${NAVLAB_WEBKIT:-1}" = 0 ]; then
    echo "$folder in WebKit: skipped (NAVLAB_WEBKIT=0)"
    exit 0
fi
if [ "$(uname -s)" != Darwin ]; then
    missing=""
    command -v WebKitWebDriver >/dev/null 2>&1 || missing="$missing WebKitWebDriver"
    ls /usr/lib/*/webkit2gtk-4.1/MiniBrowser >/dev/null 2>&1 || missing="$missing MiniBrowser"
    command -v Xvfb >/dev/null 2>&1 || [ -n "$DISPLAY" ] || missing="$missing Xvfb"
    if [ -n "$missing" ]; then
        echo "$folder in WebKit: skipped, not found:$missing (Debian's packages webkit2gtk-driver and xvfb, which make deps installs)"
        exit 0
    fi
fi
echo "$folder in WebKit (NAVLAB_BROWSER=webkit)"
NAVLAB_BROWSER=webkit exec "$python" -m pytest -q -rs "$folder" "$@"
