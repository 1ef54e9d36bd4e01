// `make test`'s browser-engine runner: each script through the complete module (navlab-full.wasm; the
// start module has no navlab_run) under node, printed
// exactly as `navlab run FILE` (or `navlab check FILE` with --check) prints it natively.
// usage: node Tests/Wasm/run-node.mjs [--check|--keep-going] [--wasm PATH] FILE
//        node Tests/Wasm/run-node.mjs --batch [--wasm PATH] < JOBS
// --batch reads jobs from standard input, one a line: MODE (0 run, 1 run --keep-going,
// 2 check), a tab, a path. The module is compiled once and each job gets a fresh instance (a
// fresh memory, as a new process would); each answer is a line "STATUS OUTLEN ERRLEN" then
// that many bytes of standard output and of standard error.
import { readFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { putText } from "./put-text.mjs";

const args = process.argv.slice(2);
let mode = 0, wasmPath = ".build-wasm/navlab-full.wasm", batch = false;
const files = [];
for (let i = 0; i < args.length; i++) {
    if (args[i] === "--check") mode = 2;
    else if (args[i] === "--keep-going") mode = 1;
    else if (args[i] === "--batch") batch = true;
    else if (args[i] === "--wasm") wasmPath = args[++i];
    else files.push(args[i]);
}
if (batch ? files.length !== 0 : files.length !== 1) {
    console.error("usage: node Tests/Wasm/run-node.mjs [--check|--keep-going] [--wasm PATH] FILE\n       node Tests/Wasm/run-node.mjs --batch [--wasm PATH] < JOBS");
    process.exit(2);
}

const module = await WebAssembly.compile(readFileSync(wasmPath));
// The catalogue and the tutorials, which the module leaves to its host (navlab-docs.json,
// built beside it): handed to each instance before anything runs.
const docs = JSON.parse(readFileSync(join(dirname(wasmPath), "navlab-docs.json"), "utf8"));
const encoder = new TextEncoder();

/** One script in a fresh instance: [status, standard output, standard error]. */
async function run(file, mode) {
    const x = (await WebAssembly.instantiate(module, {})).exports;
    const put = (text) => putText(x, text, encoder);
    for (const text of docs) x.navlab_docs_add(...put(text));
    // The storyboards the script imports by file, read beside it as the native tool reads them.
    for (const line of readFileSync(file, "utf8").split("\n")) {
        const words = line.trim().split(/\s+/);
        if (words[0] !== "import" || words[1] !== "storyboard" || words.some((w) => w.startsWith("<<"))) continue;
        for (const path of words.slice(2)) {
            if (path.startsWith("#")) break;
            x.navlab_file_add(...put(path), ...put(readFileSync(join(dirname(file), path), "utf8")));
        }
    }
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
    return [status, out, err];
}

if (batch) {
    const jobs = readFileSync(0, "utf8").split("\n").filter((l) => l);
    for (const job of jobs) {
        const tab = job.indexOf("\t");
        const [status, out, err] = await run(job.slice(tab + 1), Number(job.slice(0, tab)));
        writeSync(1, `${status} ${out.length} ${err.length}\n`);
        writeSync(1, out);
        writeSync(1, err);
    }
} else {
    const [status, out, err] = await run(files[0], mode);
    writeSync(1, out); writeSync(2, err);
    process.exitCode = status;
}
