#!/bin/sh
# `swift build …` or `swift test …` for make's debug builds (make build, test, check, docs,
# fuzz): each module compiled whole, by one compiler process (-wmo, still unoptimised: -Onone),
# its interface written by that same process, with one code-generation thread per core. A
# first build with the unit tests took 296 CPU-seconds here against 419 in SwiftPM's default
# (per-file batches, each batch and a separate module job reading the module's declarations
# and its imports again). No per-file incremental build, yet a rebuild here costs about the
# same: 35 s against 31 s after a new public function in NavLabCore (each module above it
# compiled again, whole), 19 s against 23 s after a statement added inside a function. Every
# make target passes the same flags, so none rebuilds another's output; a plain `swift build`
# (other flags) builds into the same .build, and the next make target rebuilds once.
# SwiftPM always asks for batch mode in a debug build, and the driver warns that -wmo
# overrides it, once per module: that one line is left out, everything else is shown.
set -u
SWIFT=${SWIFT:-swift}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
status=$(mktemp "${TMPDIR:-/tmp}/navlab-swift.XXXXXX")
trap 'rm -f "$status"' EXIT
run() {
    { $SWIFT "$@" -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc "$cores" -Xswiftc -no-emit-module-separately-wmo 2>&1
      echo $? >"$status"; } |
        grep --line-buffered -v "^warning: ignoring '-enable-batch-mode' because '-whole-module-optimization' was also specified$"
    return "$(cat "$status")"
}
run "$@" || exit $?
# SwiftPM sees only a target's direct dependencies, and without the driver's incremental check
# a module compiled against an older layout of one it reaches through another is not built
# again (scripts/stale-modules.py says why): those are built again here.
if [ "${1:-}" = build ] && command -v python3 >/dev/null 2>&1; then
    dir=$(dirname "$0")
    for _ in 1 2 3; do
        stale=$(python3 "$dir/stale-modules.py" .build)
        [ -n "$stale" ] || break
        echo "compiling again what was built against an older layout of the modules it imports: $stale"
        run "$@" || exit $?
    done
fi
exit 0
