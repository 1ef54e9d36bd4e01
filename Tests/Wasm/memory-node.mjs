// The browser build's memory at N view controllers, under node, as the page's worker holds
// it: the start module (navlab.wasm) opened, given the docs, the session restored from an
// N-line journal ("initial Nav(Item)", "launch", then "push Item"s, what `make bench` keeps),
// then the page's first requests and 14 commands (push Bench / pop in turn). Prints the
// WebAssembly memory (it only grows) fresh and after, and the bytes allocated at the end
// and at their peak. The module's memory does not depend on the JavaScript engine, so this is
// the figure `make bench` reads in Chromium, without a browser (about a second).
// usage: node Tests/Wasm/memory-node.mjs [--wasm PATH] [--lines N] [--json]
// (--json: the figures as one JSON object, bytes and milliseconds, for scripts/bench-web.py)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { putText } from "./put-text.mjs";

const args = process.argv.slice(2);
let wasmPath = ".build-wasm/navlab.wasm", n = 10_000, json = false;
for (let i = 0; i < args.length; i++) {
    if (args[i] === "--wasm") wasmPath = args[++i];
    else if (args[i] === "--lines") n = Number(args[++i]);
    else if (args[i] === "--json") json = true;
    else { console.error("usage: node Tests/Wasm/memory-node.mjs [--wasm PATH] [--lines N] [--json]"); process.exit(2); }
}
const module = await WebAssembly.compile(readFileSync(wasmPath));
const docs = JSON.parse(readFileSync(join(dirname(wasmPath), "navlab-docs.json"), "utf8"));
const encoder = new TextEncoder(), decoder = new TextDecoder();
const x = (await WebAssembly.instantiate(module, {})).exports;

const put = (text) => putText(x, text, encoder);
/** An answer buffer's status and body; the buffer freed. */
const answer = (r) => {
    const view = new DataView(x.memory.buffer);
    let at = r + 4;
    const u32 = () => { const v = view.getUint32(at, true); at += 4; return v; };
    const str = () => { const k = u32(); const s = decoder.decode(new Uint8Array(x.memory.buffer, at, k)); at += k; return s; };
    const status = u32(); str(); const body = str();
    x.navlab_free(r);
    return { status, body };
};
const request = (method, target, body = "") => {
    const a = [...put(method), ...put(target), ...put(body)];
    const r = answer(x.navlab_page_request(...a));
    for (let i = 0; i < a.length; i += 2) x.navlab_free(a[i]);
    if (r.status !== 200) throw new Error(`${method} ${target} ${body}: ${r.status} ${r.body.slice(0, 200)}`);
    return r;
};
const journal = () => {
    const r = x.navlab_page_journal();
    const k = new DataView(x.memory.buffer).getUint32(r, true);
    x.navlab_free(r);
    return k;
};
const stats = () => ({
    memory: x.memory.buffer.byteLength,
    inUse: x.navlab_bytes_in_use(),
    peak: x.navlab_peak_bytes_in_use ? x.navlab_peak_bytes_in_use() : NaN,
});

// A fresh session, as `make bench` measures it (its page open, no journal).
answer(x.navlab_page_open());
for (const text of docs) x.navlab_docs_add(...put(text));
request("GET", "/api/state");
journal();
const fresh = stats();

const lines = ["initial Nav(Item)", "launch", ...Array(n - 2).fill("push Item")];
const started = performance.now();
const [p, k] = put(lines.join("\n") + "\n");
const replayed = answer(x.navlab_page_replay(p, k));
x.navlab_free(p);
if (JSON.parse(replayed.body).status === "failed") throw new Error(`the journal failed: ${replayed.body.slice(0, 300)}`);
const afterReplay = stats();
const replayMs = performance.now() - started;
request("GET", "/api/state");
request("GET", "/api/history");
request("GET", "/api/log");
journal();
const commandsStarted = performance.now();
for (let i = 0; i < 18; i++) {
    request("POST", "/api/commands", i % 2 === 0 ? "push Bench" : "pop");
    request("GET", "/api/state");
    journal();
}
const commandsMs = performance.now() - commandsStarted;
const end = stats();
if (json) {
    console.log(JSON.stringify({ lines: n, fresh: fresh.memory, replayed: afterReplay.memory, memory: end.memory, inUse: end.inUse, peak: end.peak, replayMs, commandsMs }));
    process.exit(0);
}
const mb = (v) => (v / 1e6).toFixed(1);
console.log(`${n} lines: wasm memory ${mb(fresh.memory)} → ${mb(afterReplay.memory)} (replayed) → ${mb(end.memory)} MB ` +
    `(+${mb(end.memory - fresh.memory)} MB); allocated ${mb(end.inUse)} MB at the end, peak ${mb(end.peak)} MB; the replay took ${replayMs.toFixed(0)} ms, the 18 commands ${commandsMs.toFixed(0)} ms`);
