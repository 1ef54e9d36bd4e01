// The page without a server: NavLab's engine built for the browser (navlab.wasm), running in
// a Web Worker (engine-worker.js), answers the same requests as `navlab`'s HTTP server and
// sends the same event messages. The session is kept in this browser (localStorage: the
// lines that moved it), so a reload brings it back, as `navlab --resume` does at the prompt.
// Beside those lines the page keeps the last state it drew, tied to them, so that a reload
// draws the session at once, before the worker has compiled the module and run the lines.

const JOURNAL_KEY = "navlab.journal";
const SNAPSHOT_KEY = "navlab.snapshot";
/** A kept session that could not be brought back, as it was (Engine.setAside). */
const SET_ASIDE_KEY = "navlab.journal.set-aside";
/** The snapshot's layout; one of another layout is not read. */
const SNAPSHOT_FORMAT = 1;
/**
 * Sessions bigger than this keep no snapshot (localStorage holds about 5 MB per origin, which
 * the journal needs first): their reload waits for the worker, as before. A view controller
 * is about 750 characters of the page's document (1,500 pushed ones: 1.1 million).
 */
export const SNAPSHOT_MAX_VIEW_CONTROLLERS = 1500;
export const SNAPSHOT_MAX_CHARS = 1_500_000;

/** What ties a snapshot to the journal it was drawn after: its length and FNV-1a hash. */
export function journalTag(journal) {
  let h = 0x811c9dc5;
  for (let i = 0; i < journal.length; i++) {
    h ^= journal.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${journal.length}:${h.toString(16).padStart(8, "0")}`;
}

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** Whether this browser ran NavLab's engine for this page before (it keeps a journal). */
export function ranHereBefore() {
  return read(JOURNAL_KEY) !== null;
}

/**
 * The state the page drew last, when it still belongs to the journal kept beside it and to the
 * engine `build` (the host's: index.html's marker or navlab-host.json, when one names it):
 * { kept: { seq, state }, skipped: null }, or { kept: null, skipped: why not } (the page shows
 * why in window.navlab.copyAtStart()).
 */
export function keptSnapshot(build) {
  const text = read(SNAPSHOT_KEY);
  if (text === null) return { kept: null, skipped: "none kept" };
  let snapshot;
  try { snapshot = JSON.parse(text); } catch { return { kept: null, skipped: "not JSON" }; }
  if (!snapshot || snapshot.format !== SNAPSHOT_FORMAT || typeof snapshot.state !== "object" || !snapshot.state
      || typeof snapshot.state.seq !== "number" || typeof snapshot.state.viewControllers !== "object") {
    return { kept: null, skipped: "not a snapshot of this page" };
  }
  if ((snapshot.build ?? null) !== (build ?? null)) return { kept: null, skipped: "another build of the engine" };
  if (snapshot.journal !== journalTag(read(JOURNAL_KEY) || "")) return { kept: null, skipped: "another journal" };
  return { kept: { seq: snapshot.state.seq, state: snapshot.state }, skipped: null };
}

export class Engine {
  /** Makes the worker at once: it takes 100 ms or so to start, whatever else the page does. */
  constructor() {
    this.worker = new Worker(new URL("./engine-worker.js", import.meta.url));
    this.pending = new Map();
    this.next = 1;
    this.handlers = null;
    this.queued = [];
    this.build = null;
    /** The journal last kept (what a snapshot is tied to); null before the first answer. */
    this.journal = null;
    /** Called after an answer's journal is kept and its messages handed on (the page keeps its snapshot then). */
    this.onJournal = null;
    /** The journal's tag and the seq of the snapshot written last. */
    this.snapshotKey = null;
    this.worker.onmessage = (event) => this.answered(event.data);
    this.worker.onerror = (event) => {
      this.note("NavLab's engine could not start in this browser", event.message || "the worker failed");
      this.handlers?.onStatus?.("offline");
    };
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
    if (a.replayFailed) this.setAside(a.replayFailed, a.journal || "");
    this.dispatch(a.messages || []);
    if (a.journal !== undefined) this.onJournal?.();
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
    this.journal = journal;
    try {
      localStorage.setItem(JOURNAL_KEY, journal);
    } catch {
      // Full (or private mode): the journal comes first, so the snapshot makes room for it.
      try {
        localStorage.removeItem(SNAPSHOT_KEY);
        this.snapshotKey = null;
        localStorage.setItem(JOURNAL_KEY, journal);
      } catch { /* the session lives as long as the tab */ }
    }
  }

  /**
   * Keeps `state` (the document the page drew, at the journal last kept) as the snapshot a
   * reload draws first. Too big a session keeps none. Returns what was done, for the tests.
   */
  keepSnapshot(state) {
    if (this.journal === null) return "no journal yet";
    let count = 0;
    for (const _ in state.viewControllers || {}) if (++count > SNAPSHOT_MAX_VIEW_CONTROLLERS) break;
    let outcome = "too big";
    // Still too big: the snapshot was removed already.
    if (count > SNAPSHOT_MAX_VIEW_CONTROLLERS && this.snapshotKey === outcome) return outcome;
    if (count <= SNAPSHOT_MAX_VIEW_CONTROLLERS) {
      const tag = journalTag(this.journal);
      // The same lines and step: the snapshot written last is this one.
      if (this.snapshotKey === `${tag} ${state.seq}`) return "unchanged";
      const text = JSON.stringify({ format: SNAPSHOT_FORMAT, build: this.build, journal: tag, state });
      if (text.length <= SNAPSHOT_MAX_CHARS) {
        try {
          localStorage.setItem(SNAPSHOT_KEY, text);
          this.snapshotKey = `${tag} ${state.seq}`;
          return "kept";
        } catch {
          outcome = "no room";
        }
      }
    }
    this.snapshotKey = outcome;
    try { localStorage.removeItem(SNAPSHOT_KEY); } catch { /* none */ }
    return outcome;
  }

  note(title, message, extra = {}) {
    window.dispatchEvent(new CustomEvent("navlab-engine-note", { detail: { title, message, ...extra } }));
  }

  /**
   * The kept session stopped at a line that does not run (an older NavLab's, or data damaged
   * in storage): the session as kept is set aside (SET_ASIDE_KEY, and offered to save), and
   * the page goes on from the lines before that one — a fresh session when there were none.
   */
  setAside(error, kept) {
    const saved = this.openedWith || "";
    try { localStorage.setItem(SET_ASIDE_KEY, saved); } catch { /* no room: it is offered to save below */ }
    const fresh = !kept.trim();
    this.note(fresh ? "The saved session could not be brought back" : "Part of the saved session could not be brought back",
      `${error}. ${fresh ? "It was set aside and a fresh session started" : "The lines before that one were brought back and the session goes on from there; the whole of it was set aside"}: Save it below to keep it as a script.`,
      { text: saved, file: "navlab-set-aside.navlab" });
  }

  /** Loads the module (config: navlab-host.json) and brings back the session this browser kept. */
  async start(config) {
    this.build = config.build ?? null;
    const journal = read(JOURNAL_KEY) || "";
    this.openedWith = journal;
    this.opened = false;
    await this.send({
      kind: "open",
      wasm: new URL(config.engine || "navlab.wasm", location.href).href,
      docs: new URL(config.docs || "navlab-docs.json", location.href).href,
      journal,
    });
    this.opened = true;
  }

  /** The page is served by `navlab` after all: the worker made in advance goes. */
  stop() {
    this.worker.terminate();
  }

  async request(method, target, body) {
    return this.send({ kind: "request", method, target, body: body || "" });
  }

  connect(handlers) {
    this.handlers = handlers;
    // A module that could not start (the worker said why): nothing is live.
    handlers.onStatus?.(this.opened ? "live" : "offline");
    const queued = this.queued;
    this.queued = [];
    this.dispatch(queued);
    handlers.onOpen?.();
  }

  /** Makes the module trap, as a bug would: the recovery is what a test checks. */
  forceTrap() {
    return this.send({ kind: "force-trap" }).catch(() => null);
  }

  /** A new session: the journal and the snapshot drawn from it are cleared together. */
  forget() {
    this.keep("");
    try { localStorage.removeItem(SNAPSHOT_KEY); } catch { /* none */ }
  }
}
