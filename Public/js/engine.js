// The page without a server: NavLab's engine built for the browser (navlab.wasm), running in
// a Web Worker (engine-worker.js), answers the same requests as `navlab`'s HTTP server and
// sends the same event messages. The session is kept in this browser (localStorage: the
// lines that moved it), so a reload brings it back, as `navlab --resume` does at the prompt.

const JOURNAL_KEY = "navlab.journal";

export class Engine {
  constructor(config) {
    this.wasm = new URL(config.engine || "navlab.wasm", location.href).href;
    this.docs = new URL(config.docs || "navlab-docs.json", location.href).href;
    this.worker = new Worker(new URL("./engine-worker.js", import.meta.url));
    this.pending = new Map();
    this.next = 1;
    this.handlers = null;
    this.queued = [];
    this.worker.onmessage = (event) => this.answered(event.data);
    this.worker.onerror = (event) => this.note("NavLab's engine could not start in this browser", event.message || "the worker failed");
  }

  send(message) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  answered(a) {
    const waiting = this.pending.get(a.id);
    this.pending.delete(a.id);
    if (a.journal !== undefined) this.keep(a.journal);
    if (a.trap) {
      // A bug in the engine: the worker started it again from the journal; the page starts
      // again from that state.
      this.note("NavLab's engine stopped on an internal error and was started again",
        `${a.trap || "a trap"} — ${a.restarted ? "your session was brought back from this browser's copy; the command that caused it was not applied" : "it could not be started again: reload the page"}.`);
      if (a.state) this.dispatch([a.state]);
      waiting?.reject(Object.assign(new Error(`NavLab's engine stopped: ${a.trap}`), { status: 500 }));
      return;
    }
    if (a.replayFailed) this.note("Part of the saved session could not be brought back", a.replayFailed);
    this.dispatch(a.messages || []);
    waiting?.resolve(a);
  }

  dispatch(messages) {
    if (!this.handlers) { this.queued.push(...messages); return; }
    for (const m of messages) {
      const fn = this.handlers[m.name];
      if (!fn) continue;
      let data;
      try { data = JSON.parse(m.data); } catch { continue; }
      fn(data, m.id);
    }
  }

  keep(journal) {
    try { localStorage.setItem(JOURNAL_KEY, journal); } catch { /* private mode: the session lives as long as the tab */ }
  }

  note(title, message) {
    window.dispatchEvent(new CustomEvent("navlab-engine-note", { detail: { title, message } }));
  }

  /** Loads the module and brings back the session this browser kept. */
  async start() {
    let journal = "";
    try { journal = localStorage.getItem(JOURNAL_KEY) || ""; } catch { /* none */ }
    await this.send({ kind: "open", wasm: this.wasm, docs: this.docs, journal });
  }

  async request(method, target, body) {
    return this.send({ kind: "request", method, target, body: body || "" });
  }

  connect(handlers) {
    this.handlers = handlers;
    handlers.onStatus?.("live");
    const queued = this.queued;
    this.queued = [];
    this.dispatch(queued);
    handlers.onOpen?.();
  }

  /** Makes the module trap, as a bug would: the recovery is what a test checks. */
  forceTrap() {
    return this.send({ kind: "force-trap" }).catch(() => null);
  }

  /** A new session: what Reset does for the page (the journal is cleared too). */
  forget() {
    this.keep("");
  }
}
