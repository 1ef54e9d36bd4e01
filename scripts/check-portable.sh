#!/bin/sh
# Keeps Linux-only calls out of code that must also build and run on a Mac (`make test` runs it).
# Prints FILE:LINE: the reason, for each, and fails if there is any.
#
# In Swift (Sources/, Tests/, Fuzz/): `import Glibc`, glibc's struct fields (`sigaction`'s
# `__sigaction_handler`), `MSG_NOSIGNAL`, `SOCK_STREAM.rawValue` or a `/proc/` path must be inside
# an `#if` that names the platform (`canImport(Glibc)`, `os(Linux)`, or the `#else` of a
# `canImport(Darwin)`). In the scripts and the Makefile: GNU-only commands and flags.
#
# And what a Mac's set-up needs, read against Apple's tools (issue 40), wherever a grep finds it:
# `PREFIX=~/…` (zsh passes the ~ on as it is), Homebrew's `chromium` cask (macOS calls it
# damaged: Google Chrome instead), `wchar_t(bitPattern:)` (wchar_t is unsigned on Debian arm64),
# Web/toolchain.sh without `xcrun --find swiftc` (on a Mac /usr/bin/swiftc is a launcher), an
# install into a bin folder that may not exist without `mkdir -p` (or `install -d`) first,
# scripts/deps.sh asking for node where the browser build cannot run, and the README without
# the Xcode licence step or the macOS archive's quarantine.
#
# `check-portable.sh --self-test` puts each of those back, one at a time, in a scratch copy and
# fails unless the check then fails with its reason (`make test` runs it).
# POSIX sh and awk only, so that it runs on a Mac as it is.
set -e
if [ "${1:-}" = --self-test ]; then exec sh "$(dirname "$0")/check-portable-selftest.sh"; fi
cd "${CHECK_PORTABLE_ROOT:-$(dirname "$0")/..}"

swift_files=$(find Sources Tests Fuzz -name '*.swift' -not -path '*/.build*' 2>/dev/null | sort)
# shellcheck disable=SC2086
swift_problems=$(awk '
    FNR == 1 { depth = 0 }
    # The #if stack: for each level, whether its branch is Linux-only.
    /^[ \t]*#if[ \t(]/ {
        depth++
        cond[depth] = $0
        linux[depth] = ($0 ~ /canImport\(Glibc\)|os\(Linux\)/)
        # Whether every branch so far is for Darwin: then the #else is for Linux.
        darwin[depth] = ($0 ~ /canImport\(Darwin\)|os\(macOS\)/)
        next
    }
    /^[ \t]*#elseif/ {
        linux[depth] = ($0 ~ /canImport\(Glibc\)|os\(Linux\)/)
        darwin[depth] = darwin[depth] && ($0 ~ /canImport\(Darwin\)|os\(macOS\)/)
        next
    }
    /^[ \t]*#else/ { linux[depth] = darwin[depth]; darwin[depth] = 0; next }
    /^[ \t]*#endif/ { if (depth > 0) depth--; next }
    {
        line = $0
        sub(/\/\/.*/, "", line)            # a comment may name them
        # Not portable on any platform: wchar_t is Int32 on a Mac and on x86_64 Linux, UInt32 on arm64 Linux.
        if (line ~ /wchar_t\(bitPattern:/) { printf "%s:%d: wchar_t(bitPattern:) does not compile where wchar_t is unsigned (Debian on arm64): use wchar_t(truncatingIfNeeded:)\n", FILENAME, FNR; bad = 1 }
        guarded = 0
        for (i = 1; i <= depth; i++) if (linux[i]) guarded = 1
        if (guarded) next
        reason = ""
        if (line ~ /^[ \t]*import[ \t]+Glibc/) reason = "import Glibc outside #if canImport(Glibc): use #if canImport(Darwin) import Darwin #else import Glibc #endif"
        else if (line ~ /__sigaction_handler/) reason = "glibc layout of struct sigaction (Darwin: __sigaction_u.__sa_handler)"
        else if (line ~ /MSG_NOSIGNAL/) reason = "MSG_NOSIGNAL is not on Darwin (there: SO_NOSIGPIPE on the socket)"
        else if (line ~ /SOCK_STREAM\.rawValue|SOCK_DGRAM\.rawValue|RUSAGE_SELF\.rawValue/) reason = "glibc enum form of a constant (an Int32 on Darwin)"
        else if (line ~ /"\/proc\//) reason = "/proc is Linux only"
        else if (line ~ /posix_spawn_file_actions_t\(\)/) reason = "glibc form of posix_spawn_file_actions_t (an optional pointer on Darwin)"
        else if (line ~ /Glibc\./) reason = "a Glibc-qualified call outside #if canImport(Glibc)"
        if (reason != "") { printf "%s:%d: %s\n", FILENAME, FNR, reason; bad = 1 }
    }
' $swift_files)

# Scripts, the Makefile and the Python tests: what BSD tools (macOS) do not have. `scripts/deps.sh` runs apt-get
# only on its Debian path, which it reaches only when apt-get exists.
# The Python tests and scripts too (for /proc, and the commands they run).
script_files=$( (ls scripts/*.sh Web/*.sh Makefile .ci/run Fuzz/*.sh; find Tests scripts -name '*.py') 2>/dev/null | grep -v '^scripts/check-portable' || true)
# shellcheck disable=SC2086
script_problems=$(awk '
    {
        line = $0
        if (line ~ /^[ \t]*#/) next
        reason = ""
        if (line ~ /tail[^|;]*--pid/) reason = "tail --pid is GNU only"
        else if (line ~ /(^|[^a-z_-])nproc([^a-z_]|$)/ && line !~ /hw\.ncpu|getconf/) reason = "nproc is GNU only (getconf _NPROCESSORS_ONLN works on both)"
        else if (line ~ /--output-sync/) reason = "--output-sync needs GNU make 4 (macOS ships 3.81)"
        else if (line ~ /sed[ \t]+-i([ \t]|$)/) reason = "sed -i without a suffix is GNU only (sed -i.bak works on both)"
        else if (line ~ /readlink[ \t]+-f/) reason = "readlink -f is GNU only"
        else if (line ~ /stat[ \t]+-c/) reason = "stat -c is GNU only (BSD: stat -f)"
        else if (line ~ /date[ \t]+-d/) reason = "date -d is GNU only"
        else if (line ~ /grep[ \t]+-[a-zA-Z]*P/) reason = "grep -P is GNU only"
        else if (line ~ /xargs[ \t]+-r/) reason = "xargs -r is GNU only"
        else if (line ~ /apt-get|dpkg/ && FILENAME !~ /\.py$/ && FILENAME != "scripts/deps.sh" && FILENAME != ".ci/run") reason = "apt-get/dpkg: Debian only (scripts/deps.sh has the Debian and Mac paths)"
        else if (line ~ /"\/proc\/|[ \t]\/proc\//) reason = "/proc is Linux only"
        if (reason != "") { printf "%s:%d: %s\n", FILENAME, FNR, reason; bad = 1 }
    }
' $script_files)

# The Mac's set-up, in everything a reader or make follows: the docs, the scripts, the tests.
setup_files=$( (ls README.md Docs/*.md Fuzz/README.md Formula/*.rb scripts/*.sh Web/*.sh Makefile .ci/run .github/workflows/*.yml; find Tests scripts -name '*.py' -o -name '*.sh') 2>/dev/null \
    | grep -v -e '^scripts/check-portable' | sort -u || true)
# shellcheck disable=SC2086
setup_problems=$(awk '
    FNR == 1 { made = 0; prev = "" }
    {
        line = $0
        reason = ""
        if (line ~ /PREFIX=~/) reason = "PREFIX=~/… reaches make with a literal ~ in zsh (a Mac'"'"'s shell): write PREFIX=\"$HOME/…\""
        else if (line ~ /--cask[ \t]+chromium/) reason = "Homebrew'"'"'s chromium cask is not signed and macOS calls it damaged: suggest Google Chrome"
        else if (line ~ /install[ \t]+-m[ \t]*[0-7]+/ && line ~ /\.local\/bin|PREFIX\)\/bin/ && line !~ /mkdir -p/ && prev !~ /mkdir -p|install -d/) reason = "installs into a bin folder that may not exist: mkdir -p it first (install -d in the Makefile)"
        if (reason != "") { printf "%s:%d: %s\n", FILENAME, FNR, reason; bad = 1 }
        if (line !~ /^[ \t]*$/) prev = line
    }
' $setup_files)
# What must be there: checked by file.
setup_missing=""
grep -v '^[[:space:]]*#' Web/toolchain.sh | grep -qF 'swiftc=$(xcrun --find swiftc' \
    || setup_missing="$setup_missing
Web/toolchain.sh: on a Mac /usr/bin/swiftc is a launcher: find the toolchain with xcrun --find swiftc (it honours TOOLCHAINS)"
grep -q 'xcodebuild -license accept' README.md \
    || setup_missing="$setup_missing
README.md: the Mac set-up says nothing of Xcode's licence (open Xcode once, or sudo xcodebuild -license accept): make stops at it until then"
for f in README.md scripts/dist.sh; do
    grep -q 'xattr -d com.apple.quarantine' "$f" \
        || setup_missing="$setup_missing
$f: the macOS archive is not signed nor notarised: say how to lift its quarantine (xattr -d com.apple.quarantine)"
done
# node is asked for only where the browser build can run (Web/build.sh --check): on a Mac with
# Xcode alone it never runs.
node_problem=$(awk '
    /^[ \t]*if / { depth++; browser[depth] = ($0 ~ /build\.sh"? --check/); next }
    /^[ \t]*fi([ \t;]|$)/ { if (depth > 0) depth--; next }
    /need="\$need node"/ {
        ok = 0
        for (i = 1; i <= depth; i++) if (browser[i]) ok = 1
        if (!ok) printf "%s:%d: node is asked for where the browser build may not run: only inside if sh …/Web/build.sh --check\n", FILENAME, FNR
    }
' scripts/deps.sh)

problems=$(printf '%s\n%s\n%s\n%s\n%s\n' "$swift_problems" "$script_problems" "$setup_problems" "$setup_missing" "$node_problem" | sed '/^$/d')
if [ -n "$problems" ]; then
    echo "$problems"
    echo "check-portable: Linux-only code outside a platform check, or a Mac set-up finding put back (above); see scripts/check-portable.sh" >&2
    exit 1
fi
echo "check-portable: no Linux-only calls outside a platform check, and the Mac set-up as issue 40 left it"
