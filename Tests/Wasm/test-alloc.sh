#!/bin/sh
# The browser build's allocator under random use (Tests/Wasm/test-alloc.c, which says what is
# checked): built for wasm32 with the toolchain's clang, run under node.
set -e
cd "$(dirname "$0")/../.."
. Web/toolchain.sh
out=${OUT:-.build-wasm-test}
mkdir -p "$out"
"$bin/clang" --target=wasm32-unknown-unknown -O2 -mbulk-memory -ffreestanding -nostdlib -c Tests/Wasm/test-alloc.c -o "$out/test-alloc.o"
"$bin/wasm-ld" --no-entry "$out/test-alloc.o" -o "$out/test-alloc.wasm"
node --input-type=module -e '
import { readFileSync } from "node:fs";
const steps = 20000;
const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[1]), {});
const x = instance.exports;
try {
    x.run(steps);
} catch (error) {
    console.error(`the allocator failed a check (Tests/Wasm/test-alloc.c line ${x.failed_line()}) at step ${x.failed_step_number()}: ${error.message}`);
    process.exit(1);
}
console.log(`the allocator: ${steps} random steps, the heap consistent after each (${(x.memory.buffer.byteLength / 1e6).toFixed(1)} MB of memory)`);
' "$out/test-alloc.wasm"
