#!/bin/sh
# `make dist`: packs a release navlab (built with the page inside; on Linux with
# --static-swift-stdlib) into .build/dist/navlab-VERSION-OS-ARCH.tar.gz and prints its size.
set -e
bin="${1:-.build/release/navlab}"
version=$("$bin" --version)
os=$(uname -s | tr '[:upper:]' '[:lower:]')
[ "$os" = darwin ] && os=macos
arch=$(uname -m)
name="navlab-$version-$os-$arch"
out=.build/dist
rm -rf "${out:?}/$name" "$out/$name.tar.gz"
mkdir -p "$out/$name"
cp "$bin" "$out/$name/navlab"
if [ "$os" = linux ]; then
    # The Swift runtime is inside (--static-swift-stdlib): nothing of Swift may be looked up at run time.
    if ldd "$out/$name/navlab" | grep -q 'libswift'; then
        ldd "$out/$name/navlab" | grep libswift >&2
        echo "make dist: navlab still needs Swift's libraries at run time (built without --static-swift-stdlib?)" >&2
        exit 1
    fi
    # Debug symbols are most of the file; a Mac's binary is left as it is (strip would break its signature).
    strip "$out/$name/navlab" 2>/dev/null || true
    needs="libedit2 and zlib1g (Debian packages; most systems have both)"
else
    needs="macOS 15 or later; libedit and zlib come with macOS"
fi
# Not signed nor notarised: a copy a browser downloaded is quarantined, and macOS refuses to run it.
quarantine=""
[ "$os" = macos ] && quarantine="
navlab is not signed nor notarised: if a browser downloaded the archive, macOS quarantines it and
the first run stops with a message that Apple cannot verify it. Once you trust where it came
from, either lift the quarantine from that one file (xattr says \"No such xattr\" if there is none):

    xattr -d com.apple.quarantine navlab

or, after that first try, click Open Anyway in System Settings > Privacy & Security.
"
cat >"$out/$name/README.txt" <<TEXT
NavLab $version ($os, $arch) — iOS view-controller hierarchies: a prompt, scripts and a live page.

navlab is one file: the page, the UIKit catalogue and the tutorials are built into it. It needs
$needs.
$quarantine
Install it anywhere on your PATH:

    mkdir -p "\$HOME/.local/bin" && install -m 755 navlab "\$HOME/.local/bin/navlab"
    # or: sudo install -m 755 navlab /usr/local/bin/

then: navlab --version; navlab tutorial; navlab (the prompt, and the page at the URL it prints).
TEXT
tar -C "$out" -czf "$out/$name.tar.gz" "$name"
size() { wc -c <"$1" | awk '{ printf "%.1f MB", $1 / 1048576 }'; }
echo "wrote $out/$name.tar.gz ($(size "$out/$name.tar.gz"); navlab itself $(size "$out/$name/navlab"))"
