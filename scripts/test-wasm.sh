#!/bin/sh
# `make test-wasm`: the engine built for the browser (unoptimised: the same sources, built
# faster), every script and tutorial through the complete module under node compared byte for
# byte with the native `navlab run` and `navlab check`; the page's worker moving a session from
# the start module to the complete one (Tests/Wasm/test-swap.mjs); the allocator under random use
# (Tests/Wasm/test-alloc.sh); then the page as a static folder
# with both modules in headless Chromium, then in WebKit (Tests/Web). usage: test-wasm.sh NAVLAB PYTHON FILE…
set -e
cd "$(dirname "$0")/.."
navlab=$1 python=$2
shift 2
sh scripts/check-engine.sh
if ! sh Web/build.sh --check; then
    # Xcode's toolchain has no WebAssembly support; on Linux the toolchain always has it.
    if [ "$(uname -s)" = Darwin ]; then echo "test-wasm: skipped (see above)"; exit 0; fi
    exit 1
fi
# `make test` builds the module beside the native build (WASM_TEST_BUILT=1); alone, build it here.
[ "$WASM_TEST_BUILT" = 1 ] || sh scripts/build-wasm-test.sh
"$python" scripts/test-wasm.py "$navlab" .build-wasm-test/navlab-full.wasm "$@"
node Tests/Wasm/test-swap.mjs .build-wasm-test/navlab.wasm .build-wasm-test/navlab-full.wasm
sh Tests/Wasm/test-alloc.sh
NAVLAB="$navlab" NAVLAB_WASM=.build-wasm-test/navlab.wasm "$python" -m pytest -q -rs Tests/Web
NAVLAB="$navlab" NAVLAB_WASM=.build-wasm-test/navlab.wasm sh scripts/test-webkit.sh "$python" Tests/Web
