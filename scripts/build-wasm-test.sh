#!/bin/sh
# The browser build for `make test`: its two modules unoptimised (the same sources, built
# faster) into .build-wasm-test: navlab-full.wasm, which runs every script, and navlab.wasm, the
# start module, whose move to the complete one is tested (a change that breaks only it fails). Where the toolchain has no Embedded Swift for WebAssembly it says so and,
# on a Mac (Xcode's toolchain), succeeds: the browser build is then skipped (test-wasm.sh).
set -e
cd "$(dirname "$0")/.."
if ! sh Web/build.sh --check; then
    [ "$(uname -s)" = Darwin ] && { echo "test-wasm: skipped (see above)"; exit 0; }
    exit 1
fi
OUT=.build-wasm-test WASM_OPT_LEVEL=-Onone sh Web/build.sh
