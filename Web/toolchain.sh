# Sourced by Web/build.sh and Web/test-alloc.sh: `swiftc`, the compiler of the toolchain in use
# (kept as found: its name is what makes the driver a compiler), and `bin`, the directory of
# that toolchain (symbolic links followed; clang and wasm-ld are beside it). Plain `readlink`,
# not GNU's `readlink -f`, so that it reads the same on a Mac.
#
# On a Mac, /usr/bin/swiftc is a launcher that runs the selected toolchain's compiler: the
# toolchain is what `xcrun --find swiftc` names — Xcode's, or the swift.org toolchain that
# TOOLCHAINS selects (`export TOOLCHAINS=swift`, or its bundle identifier), which xcrun honours.
# Elsewhere, the swiftc on the PATH.
if [ "$(uname -s)" = Darwin ] && command -v xcrun >/dev/null 2>&1; then
    swiftc=$(xcrun --find swiftc 2>/dev/null) || swiftc=""
else
    swiftc=$(command -v swiftc) || swiftc=""
fi
if [ -z "$swiftc" ]; then
    if [ "$(uname -s)" = Darwin ]; then
        echo "no Swift compiler found (xcrun --find swiftc): the browser build needs the Swift toolchain for macOS from swift.org (it has wasm-ld; Xcode's has not)," \
             "selected with: export TOOLCHAINS=\$(plutil -extract CFBundleIdentifier raw /Library/Developer/Toolchains/swift-latest.xctoolchain/Info.plist)" >&2
    else
        echo "no Swift compiler found (swiftc on the PATH): the browser build needs a swift.org toolchain for Linux (it has wasm-ld)" >&2
    fi
    exit 3
fi
real=$swiftc
while [ -L "$real" ]; do
    link=$(readlink "$real")
    case $link in /*) real=$link ;; *) real=$(dirname "$real")/$link ;; esac
done
bin=$(cd "$(dirname "$real")" && pwd -P)
