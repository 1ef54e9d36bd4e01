// `make test`'s browser-engine runner: each script through navlab.wasm under node, printed
// exactly as `navlab run FILE` (or `navlab check FILE` with --check) prints it natively.
// usage: node Web/run-node.mjs [--check|--keep-going] [--wasm PATH] FILE
import { readFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";

const args = process.argv.slice(2);
let mode = 0, wasmPath = ".build-wasm/navlab.wasm";
const files = [];
for (let i = 0; i < args.length; i++) {
    if (args[i] === "--check") mode = 2;
    else if (args[i] === "--keep-going") mode = 1;
    else if (args[i] === "--wasm") wasmPath = args[++i];
    else files.push(args[i]);
}
if (files.length !== 1) { console.error("usage: node Web/run-node.mjs [--check|--keep-going] [--wasm PATH] FILE"); process.exit(2); }

const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const x = instance.exports;
const encoder = new TextEncoder();

function put(text) {
    const bytes = encoder.encode(text);
    const p = x.navlab_alloc(bytes.length);
    new Uint8Array(x.memory.buffer, p, bytes.length).set(bytes);
    return [p, bytes.length];
}
// The catalogue and the tutorials, which the module leaves to its host (navlab-docs.json,
// built beside it): handed over before anything runs.
for (const text of JSON.parse(readFileSync(join(dirname(wasmPath), "navlab-docs.json"), "utf8"))) x.navlab_docs_add(...put(text));
const file = files[0];
const [np, nl] = put(file);
const [tp, tl] = put(readFileSync(file, "utf8"));
const r = x.navlab_run(np, nl, tp, tl, mode);
const view = new DataView(x.memory.buffer);
let at = r + 4;
const status = view.getUint32(at, true); at += 4;
const outLen = view.getUint32(at, true); at += 4;
const out = new Uint8Array(x.memory.buffer, at, outLen).slice(); at += outLen;
const errLen = view.getUint32(at, true); at += 4;
const err = new Uint8Array(x.memory.buffer, at, errLen).slice();
x.navlab_free(r); x.navlab_free(np); x.navlab_free(tp);
writeSync(1, out); writeSync(2, err);
process.exitCode = status;
