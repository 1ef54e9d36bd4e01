#!/bin/sh
# Builds NavLab's engine for the browser: NavLabCore and NavLabCommands (the same sources as
# the native tool) and Web/Sources as Embedded Swift for wasm32, linked with Web/runtime.c into
# two modules in $OUT (default .build-wasm):
#   navlab.wasm       the start module the page loads first: the same sources less the ones
#                     Web/Wasm/StartModule.swift lists (`export swift`, `import`, `expect`, the
#                     tutorials' routes, `navlab_run`, iOS 18's tabs and `tab`, SwiftUI hosting,
#                     `swipe`, `tapOutside`, `addSubview` and its kin, state restoration at
#                     launch, the `scene` commands), with that file in their place, which
#                     answers a request that needs them with 501 (PageAnswer.notInThisBuild), on
#                     which the page's worker loads
#   navlab-full.wasm  everything, what the native tool has.
# WASM_MODULES=full (or start) builds only that one (`make test` needs only the complete one).
# Needs only the installed Swift toolchain (its Embedded standard library for
# wasm32-unknown-none-wasm, clang and wasm-ld); wasm-opt (Debian's binaryen) makes them smaller
# when it is there.
set -e
cd "$(dirname "$0")/.."
OUT=${OUT:-.build-wasm}
OPT=${WASM_OPT_LEVEL:--Osize}
. Web/toolchain.sh
tables="$bin/../lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
for tool in "$bin/clang" "$bin/wasm-ld" "$tables"; do
    if [ ! -e "$tool" ]; then
        if [ "$(uname -s)" = Darwin ]; then
            echo "the browser build needs a Swift toolchain with Embedded Swift for WebAssembly ($tool is missing in $swiftc's toolchain):" \
                 "Xcode's has none. Install the Swift toolchain for macOS from swift.org (its .pkg; it has clang and wasm-ld)," \
                 "then select it for make: export TOOLCHAINS=\$(plutil -extract CFBundleIdentifier raw /Library/Developer/Toolchains/swift-latest.xctoolchain/Info.plist)" \
                 "(installed for you only: ~/Library/Developer/Toolchains/…). \`xcrun --find swiftc\` then names it" >&2
        else
            echo "the browser build needs a Swift toolchain with Embedded Swift for WebAssembly ($tool is missing):" \
                 "the swift.org toolchains for Linux have it (the swift:6.2 images too); a distribution's own Swift package may not" >&2
        fi
        exit 3
    fi
done
[ "$1" = --check ] && exit 0
mkdir -p "$OUT"
target="-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -enable-experimental-feature Extern -wmo -parse-as-library -Xfrontend -disable-stack-protector -Xcc -fno-pic"
# One module. Embedded Swift compiles again, inside each module, every function it uses from
# the modules it imports (their code is all available to it), so NavLabCore, NavLabCommands and
# Web/Sources built as three modules compiled most of the engine two or three times. Built as
# one module, NavLab, each function is compiled once and the optimizer sees every caller: the
# build takes about 40% less CPU and the module is 6% smaller. The sources still say `import
# NavLabCore` / `import NavLabCommands` (the native build has those modules): two empty modules
# of those names answer the imports. The catalogue and the tutorials are not compiled in:
# navlab-docs.json carries them, and Web/Wasm/HostDocs.swift stands in for the generated file
# that holds them natively (Sources/NavLabCommands/Generated/EmbeddedDocs.swift).
mkdir -p "$OUT/imports"
: > "$OUT/imports/empty.swift"
for name in NavLabCore NavLabCommands; do
    "$swiftc" $target -module-name "$name" "$OUT/imports/empty.swift" -emit-module -emit-module-path "$OUT/imports/$name.swiftmodule"
done
# Closure specialization copies a function for each closure passed to it (State.transition had 16
# copies): off, the module is 115 KB smaller and no slower than the goals need.
[ "$OPT" = -Onone ] || OPT="$OPT -Xllvm -sil-disable-pass=closure-specialize"
files="$(find Sources/NavLabCore Sources/NavLabCommands Web/Sources -name '*.swift' | grep -v '^Sources/NavLabCommands/Generated/' | LC_ALL=C sort) Web/Wasm/HostDocs.swift"
# The start module: those files less the paths StartModule.swift names on its `left out:`
# lines (a folder ends in /), and that file in their place.
left_out=$(sed -n 's|^// left out: ||p' Web/Wasm/StartModule.swift)
for p in $left_out; do
    [ -e "$p" ] || { echo "Web/Wasm/StartModule.swift leaves out $p, which does not exist" >&2; exit 1; }
done
start_files=
for f in $files; do
    keep=1
    for p in $left_out; do
        case $p in
            */) case $f in "$p"*) keep=0 ;; esac ;;
            *) if [ "$f" = "$p" ]; then keep=0; fi ;;
        esac
    done
    if [ $keep = 1 ]; then start_files="$start_files $f"; fi
done
start_files="$start_files Web/Wasm/StartModule.swift"
python3 scripts/embed-docs.py --json "$OUT/navlab-docs.json"
"$bin/clang" --target=wasm32-unknown-unknown -O2 -mbulk-memory -ffreestanding -nostdlib -c Web/runtime.c -o "$OUT/runtime.o"
# Each @_cdecl function the module has (the start module has no navlab_run).
exports=$(grep -ho '@_cdecl("[a-z_]*")' Web/Sources/*.swift | sed 's/@_cdecl("\(.*\)")/--export-if-defined=\1/')
module() { # NAME OBJECT FILE…
    name=$1 object=$2
    shift 2
    # shellcheck disable=SC2086
    "$swiftc" $target $OPT -module-name NavLab -I "$OUT/imports" "$@" -c -o "$OUT/$object"
    # shellcheck disable=SC2086
    "$bin/wasm-ld" --no-entry --gc-sections --strip-all -z stack-size=1048576 $exports \
        "$OUT/$object" "$OUT/runtime.o" "$tables" -o "$OUT/$name.raw.wasm"
    if [ "$OPT" != -Onone ] && command -v wasm-opt >/dev/null; then
        wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals "$OUT/$name.raw.wasm" -o "$OUT/$name.wasm"
    else
        cp "$OUT/$name.raw.wasm" "$OUT/$name.wasm"
    fi
    echo "built $OUT/$name.wasm ($(wc -c < "$OUT/$name.wasm") bytes)"
}
# The two are separate compiles (of the same sources, less some for the start module), run
# side by side: on two cores `make web` takes about as long as one did.
modules=${WASM_MODULES:-start full}
pids=
for m in $modules; do
    case $m in
        start) module navlab NavLabStart.o $start_files & pids="$pids $!" ;;
        full) module navlab-full NavLab.o $files & pids="$pids $!" ;;
        *) echo "WASM_MODULES: start and/or full, not $m" >&2; exit 2 ;;
    esac
done
status=0
for pid in $pids; do wait "$pid" || status=1; done
[ $status = 0 ] || exit 1
echo "and $OUT/navlab-docs.json ($(wc -c < "$OUT/navlab-docs.json") bytes)"
