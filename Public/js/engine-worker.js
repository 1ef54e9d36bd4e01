// The browser host's worker: NavLab's engine (navlab.wasm, the same Swift sources as the
// native tool) runs here, off the page's thread, so a long script never freezes the page.
// Two modules (Web/build.sh): `wasm` (navlab.wasm) is the start module, which leaves out what a
// first visit rarely needs (`export swift|mermaid|dot`, `import`, `expect`, the tutorials); it answers a
// request that needs it with 501 (PageAnswer.notInThisBuild). The complete module (`full`, by
// default navlab-full.wasm beside it) is then compiled, given the journal as it was before
// that request, and asked again; it answers everything from then on.
// Messages in: {id, kind: "open", wasm, full, docs, journal} | {id, kind: "request", method, target, body}
// | {id, kind: "stats"} (the module's memory, for `make bench`) | {id, kind: "force-trap"}.
// Messages out: {id, status, type, body, messages: [{name, id, data}], journal} or
// {id, trap: "what happened"} when the module trapped (it is started again, with the
// journal, before the next message).

let x = null;
let wasmURL = null;
// The catalogue and the tutorials' texts (navlab-docs.json beside the module): fetched while
// the module starts, handed over before the first request that may read them — the first
// state on screen does not wait for them.
let docsURL = null, docs = null, docsGiven = false;
let journal = "";
// Event ids the page has seen: a module started again counts from 1, so its ids are moved
// past the last one sent (the page ignores an id it has seen, as a stream's reader does).
let idOffset = 0, lastId = 0;
const encoder = new TextEncoder(), decoder = new TextDecoder();

let wasmModule = null;
// The complete module: its URL, its compile (once, kept like wasmModule), and whether `x` is it.
let fullURL = null, fullModule = null, onFull = false;

async function compile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  // Streaming needs the server to say application/wasm; any other type is compiled from the bytes.
  if ((response.headers.get("Content-Type") || "").startsWith("application/wasm")) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

async function instantiate() {
  docs ||= fetch(docsURL).then((r) => {
    if (!r.ok) throw new Error(`${docsURL}: ${r.status} ${r.statusText}`);
    return r.json();
  });
  docs.catch(() => {}); // read (and reported) when first needed
  // Compiled once, while it arrives; a restart after a trap makes a new instance of it (of
  // the complete module once the page has moved to it).
  let module;
  if (onFull) {
    module = await compiledFull();
  } else {
    wasmModule ||= compile(wasmURL);
    try {
      module = await wasmModule;
    } catch (error) {
      wasmModule = null;
      throw error;
    }
  }
  const instance = await WebAssembly.instantiate(module, {});
  x = instance.exports;
  docsGiven = false;
}

function compiledFull() {
  fullModule ||= compile(fullURL);
  return fullModule.catch((error) => {
    fullModule = null;
    throw new Error(`NavLab's complete engine could not be loaded (${error.message}); try again`);
  });
}

/**
 * The start module answered 501: from now on the complete module answers. A fresh instance
 * of it gets the journal as it was before the request (the start module's instance, and
 * whatever it ran of that request, is dropped); then, given `nextID` (the start module's next
 * event id before the request), it numbers its events on from there, as the start module
 * would have. Gives the journal's replay answer.
 */
async function moveToFull(nextID) {
  const module = await compiledFull();
  x = (await WebAssembly.instantiate(module, {})).exports;
  onFull = true;
  docsGiven = false;
  const sent = lastId;
  readAnswer(x.navlab_page_open());
  await giveDocs();
  const replayed = journal ? replay(journal) : null;
  if (nextID) x.navlab_page_next_event_id(nextID);
  // Neither the fresh session's state message nor the replayed lines' messages are sent.
  lastId = sent;
  return replayed;
}

/** Whether `answer` is the start module's "only the complete module does that" (501). */
function needsFull(answer) {
  return !onFull && answer.status === 501;
}

/** Hands the docs to this instance of the module, once. */
async function giveDocs() {
  if (docsGiven) return;
  let texts;
  try {
    texts = await docs;
  } catch (error) {
    throw new Error(`NavLab's catalogue and tutorials could not be loaded (${error.message}); reload the page`);
  }
  // Allocated once and kept: the module reads them in place.
  for (const text of texts) x.navlab_docs_add(...put(text));
  docsGiven = true;
}

function put(text) {
  const bytes = encoder.encode(text);
  const p = x.navlab_alloc(bytes.length || 1);
  new Uint8Array(x.memory.buffer, p, bytes.length).set(bytes);
  return [p, bytes.length];
}

/** An answer buffer: [status][type][body][n][name, id, data]…, freed here. */
function readAnswer(r) {
  const view = new DataView(x.memory.buffer);
  let at = r + 4;
  const u32 = () => { const n = view.getUint32(at, true); at += 4; return n; };
  const str = () => { const n = u32(); const s = decoder.decode(new Uint8Array(x.memory.buffer, at, n)); at += n; return s; };
  const status = u32(), type = str(), body = str(), count = u32(), messages = [];
  for (let i = 0; i < count; i++) {
    const name = str(), id = u32() + idOffset, data = str();
    lastId = Math.max(lastId, id);
    messages.push({ name, id, data });
  }
  x.navlab_free(r);
  return { status, type, body, messages };
}

function readText(r) {
  const n = new DataView(x.memory.buffer).getUint32(r, true);
  const s = decoder.decode(new Uint8Array(x.memory.buffer, r + 4, n));
  x.navlab_free(r);
  return s;
}

function request(method, target, body) {
  const args = [...put(method), ...put(target), ...put(body)];
  const answer = readAnswer(x.navlab_page_request(...args));
  for (let i = 0; i < args.length; i += 2) x.navlab_free(args[i]);
  return answer;
}

/** The kept journal run again (a reload, a restart): its answer, no messages. */
function replay(text) {
  const [p, n] = put(text);
  const answer = readAnswer(x.navlab_page_replay(p, n));
  x.navlab_free(p);
  return answer;
}

function trapMessage() {
  try {
    const p = x.navlab_trap_message();
    const bytes = new Uint8Array(x.memory.buffer, p);
    const end = bytes.indexOf(0);
    return decoder.decode(bytes.subarray(0, end < 0 ? 0 : end)).trim();
  } catch { return ""; }
}

self.onmessage = async (event) => {
  const m = event.data;
  try {
    if (m.kind === "open") {
      wasmURL = m.wasm;
      fullURL = m.full || wasmURL.replace(/\.wasm(?=$|[?#])/, "-full.wasm");
      docsURL = m.docs;
      journal = m.journal || "";
      await instantiate();
    }
    if (!x) await instantiate();
    let answer;
    if (m.kind === "open") {
      answer = readAnswer(x.navlab_page_open());
      if (journal) {
        await giveDocs();
        let replayedAnswer = replay(journal);
        // A journal with what only the complete module does (an `import`): it runs there.
        if (needsFull(replayedAnswer)) replayedAnswer = await moveToFull(0);
        const replayed = JSON.parse(replayedAnswer.body);
        if (replayed.status === "failed") m.replayFailed = replayed.error?.message || "a line failed";
        // The page starts from the state now: the replayed lines' messages are not sent.
        answer = { status: 200, type: "", body: "{}", messages: [connectMessage()] };
      }
    } else if (m.kind === "force-trap") {
      x.navlab_force_trap();
    } else if (m.kind === "stats") {
      // For `make bench`: the module's memory (it only grows), the heap in it, and what is allocated.
      const body = JSON.stringify({ memory: x.memory.buffer.byteLength, heap: x.navlab_heap_bytes(), inUse: x.navlab_bytes_in_use() });
      answer = { status: 200, type: "application/json", body, messages: [] };
    } else {
      await giveDocs();
      const sent = lastId;
      answer = request(m.method, m.target, m.body || "");
      if (needsFull(answer)) {
        // Its messages were never sent: the ids it used are free again.
        lastId = sent;
        const nextID = x.navlab_page_next_event_id(0);
        try {
          await moveToFull(nextID);
          answer = request(m.method, m.target, m.body || "");
        } catch (error) {
          if (onFull) throw error;
          // Not loaded (offline?): the start module again, from the journal (what it ran of
          // this request is dropped), and the request refused with why.
          await startAgain(sent);
          const message = `${error.message} — nothing was run`;
          answer = { status: 503, type: "application/json; charset=utf-8", body: JSON.stringify({ error: { status: 503, message } }), messages: [] };
        }
      }
    }
    journal = readText(x.navlab_page_journal());
    self.postMessage({ id: m.id, ...answer, journal, replayFailed: m.replayFailed });
  } catch (error) {
    // The optimised module traps without Swift's message (only the unoptimised one prints it).
    const raw = String(error && error.message || error);
    const what = trapMessage() || (error instanceof WebAssembly.RuntimeError ? `a bug in NavLab's engine (WebAssembly: ${raw})` : raw);
    // Started again with the journal before this answer goes out, so the page can go on.
    let restarted = false;
    try {
      await startAgain(lastId);
      restarted = true;
    } catch { x = null; }
    self.postMessage({ id: m.id, trap: what, restarted, state: restarted ? connectMessage() : null });
  }
};

/**
 * A fresh instance (of the complete module once the page has moved to it) with the journal
 * run again; its event ids follow `sent`, the last one sent.
 */
async function startAgain(sent) {
  x = null;
  idOffset = sent;
  await instantiate();
  readAnswer(x.navlab_page_open());
  await giveDocs();
  if (journal && needsFull(replay(journal))) await moveToFull(0);
  // The replayed lines' messages are not sent: the next ids follow the last one sent.
  lastId = sent;
}

/** The `state` message for the session as it is now. */
function connectMessage() {
  const r = request("GET", "/api/state", "");
  return { name: "state", id: lastId, data: `{"seq":${JSON.parse(r.body).seq},"state":${r.body}}` };
}
