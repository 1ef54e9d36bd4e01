#!/bin/sh
# Keeps Linux-only calls out of code that must also build and run on a Mac (`make test` runs it).
# Prints FILE:LINE: the reason, for each, and fails if there is any.
#
# In Swift (Sources/, Tests/, Fuzz/): `import Glibc`, glibc's struct fields (`sigaction`'s
# `__sigaction_handler`), `MSG_NOSIGNAL`, `SOCK_STREAM.rawValue` or a `/proc/` path must be inside
# an `#if` that names the platform (`canImport(Glibc)`, `os(Linux)`, or the `#else` of a
# `canImport(Darwin)`). In the scripts and the Makefile: GNU-only commands and flags.
# POSIX sh and awk only, so that it runs on a Mac as it is.
set -e
cd "$(dirname "$0")/.."

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
        guarded = 0
        for (i = 1; i <= depth; i++) if (linux[i]) guarded = 1
        if (guarded) next
        line = $0
        sub(/\/\/.*/, "", line)            # a comment may name them
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
script_files=$( (ls scripts/*.sh Web/*.sh Makefile .ci/run Fuzz/*.sh; find Tests scripts -name '*.py') 2>/dev/null | grep -v 'scripts/check-portable.sh' || true)
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

problems=$(printf '%s\n%s\n' "$swift_problems" "$script_problems" | sed '/^$/d')
if [ -n "$problems" ]; then
    echo "$problems"
    echo "check-portable: Linux-only code outside a platform check (above); see scripts/check-portable.sh" >&2
    exit 1
fi
echo "check-portable: no Linux-only calls outside a platform check"
