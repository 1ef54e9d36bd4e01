#!/bin/sh
# Installs what NavLab needs when it is missing, then (for tests) the Python packages. Safe to
# run often. `deps.sh run` installs only what running NavLab needs; `deps.sh bench` also what
# `make bench` compares NavLab with (nginx, and wrk to load both) and measures the browser build
# with (brotli, binaryen's wasm-opt).
#   Debian: Debian packages (apt-get, through sudo when not root).
#   A Mac:  Xcode 26 brings Swift, libedit and zlib; Homebrew the rest. Never sudo.
set -e
here="$(dirname "$0")"
PYTHON="${PYTHON:-python3}"

python_packages() {
    missing=""
    for mod in pytest pexpect selenium pyte; do
        "$PYTHON" -c "import $mod" 2>/dev/null || missing="$missing $mod"
    done
    if [ -n "$missing" ]; then
        echo "installing Python packages:$missing"
        # A Python that is "externally managed" (Debian's, Homebrew's) refuses a plain install:
        # then into the user's own site-packages.
        "$PYTHON" -m pip install -q -r "$here/../Tests/requirements.txt" 2>/dev/null \
            || "$PYTHON" -m pip install -q --user -r "$here/../Tests/requirements.txt" 2>/dev/null \
            || "$PYTHON" -m pip install -q --user --break-system-packages -r "$here/../Tests/requirements.txt"
    fi
}

if [ "$(uname -s)" = Darwin ]; then
    if ! command -v swift >/dev/null 2>&1 || ! xcrun --find swift >/dev/null 2>&1; then
        echo "NavLab needs Xcode 26 (Swift 6.2): install it from the App Store, open it once, then run make again" >&2
        exit 1
    fi
    # Until Xcode's licence is agreed to, its tools print "You have not agreed to the Xcode
    # license agreements" (or ask for sudo to agree) and stop.
    case "$(swift --version 2>&1)" in
        *"icense"*)
            echo "Xcode's licence is not agreed to yet: open Xcode once (it asks, then installs its components), or run: sudo xcodebuild -license accept" >&2
            exit 1 ;;
    esac
    version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -n 1)
    set -- "$1" $version
    if [ -z "$2" ] || [ "$2" -lt 6 ] || { [ "$2" -eq 6 ] && [ "$3" -lt 2 ]; }; then
        echo "NavLab needs Swift 6.2 or later (Xcode 26); this is: $(swift --version 2>&1 | head -n 1)" >&2
        echo "install Xcode 26 from the App Store; if several are installed, choose it in Xcode > Settings > Locations" >&2
        exit 1
    fi
    [ "$1" = run ] && exit 0
    # Swift Testing (`swift test`) comes with Xcode, not with the Command Line Tools alone; the
    # Makefile points DEVELOPER_DIR at /Applications/Xcode.app when the tools are selected.
    developer="${DEVELOPER_DIR:-$(xcode-select -p 2>/dev/null)}"
    case "$developer" in
        *CommandLineTools*)
            echo "make test needs Xcode 26 (its Swift Testing), not only the Command Line Tools: install Xcode from the App Store" >&2
            exit 1 ;;
    esac
    need=""
    command -v "$PYTHON" >/dev/null 2>&1 || need="$need python"
    # node runs the browser build of the engine in `make test`, which needs a swift.org
    # toolchain (Xcode's has no WebAssembly: `make test` then skips it, saying so): only then.
    if sh "$here/../Web/build.sh" --check >/dev/null 2>&1; then
        command -v node >/dev/null 2>&1 || need="$need node"
    fi
    if [ "$1" = bench ]; then
        command -v nginx >/dev/null 2>&1 || need="$need nginx"
        command -v wrk >/dev/null 2>&1 || need="$need wrk"
    fi
    if [ -n "$need" ]; then
        if ! command -v brew >/dev/null 2>&1; then
            echo "please install:$need (with Homebrew, https://brew.sh: brew install$need)" >&2
            exit 1
        fi
        echo "installing (Homebrew):$need"
        # shellcheck disable=SC2086
        brew install -q $need
    fi
    python_packages
    exit 0
fi

list="$here/debian-packages.txt"
need=""
if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "scripts/deps.sh knows Debian (apt-get) and macOS (Homebrew); here, install by hand: Swift 6.2+, make, pkg-config, libedit and zlib (headers), Python 3 and pip, Chromium and chromedriver" >&2
    [ "$1" = run ] && exit 0
    python_packages
    exit 0
fi
for pkg in $(grep -v '^#' "$list"); do
    if [ "$1" = run ] && [ "$pkg" != make ] && [ "$pkg" != libedit-dev ] && [ "$pkg" != zlib1g-dev ] && [ "$pkg" != pkg-config ]; then continue; fi
    dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"
done
# node runs the browser build of the engine in `make test` (any packaged version will do).
if [ "$1" != run ] && ! command -v node >/dev/null; then need="$need nodejs"; fi
if [ "$1" = bench ]; then
    # brotli: the module's compressed size; binaryen: wasm-opt, which `make web` shrinks the module with.
    for pkg in nginx wrk brotli binaryen; do dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"; done
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
python_packages
