// The HTTP interface (Docs/Page.md, "The HTTP interface"). Beyond loopback the server printed a URL with ?token=…;
// the page passes it on (a header for fetch, the query for EventSource, which has no headers).

import { started, host, copyPainted } from "./start.js";
import { keptSnapshot } from "./engine.js";

const token = new URLSearchParams(location.search).get("token");

// Served by `navlab`, the page talks to it over HTTP and Server-Sent Events. Served as a
// static folder (`make web`), whose navlab-host.json says {"host": "browser"}, it runs the
// engine itself, in a Web Worker (engine.js, started by start.js): the same requests, the
// same answers.
let engine = null;
const ready = started.then((e) => { engine = e; });

/** Makes the engine in the page trap, as a bug would (tests of the recovery); nothing with a server. */
export async function forceEngineTrap() {
  await ready;
  if (engine) await engine.forceTrap();
}

/** The engine's memory in this page, for `make bench`: { memory, heap, inUse } in bytes; null with a server. */
export async function engineStats() {
  await ready;
  return engine ? JSON.parse((await engine.send({ kind: "stats" })).body) : null;
}

/**
 * With no server: the state this browser kept beside the session's lines, when it belongs to
 * them and to this build of the engine — { kept: { seq, state } | null, skipped: why not }.
 * Served by `navlab`: null (the server has the session).
 */
export async function keptState() {
  const config = await host;
  return config.host === "browser" ? keptSnapshot(config.build ?? null) : null;
}

/** The kept copy drawn at start is on screen (or none will be): the engine in the page may start its work. */
export function keptStateShown() {
  copyPainted();
}

/** Keeps `doc` (the live document the page drew) as the state a reload draws first; nothing with a server. */
export function keepState(doc) {
  return engine ? engine.keepSnapshot(doc) : null;
}

/** `fn` is called after each answer of the engine in the page whose journal was kept. */
export function onJournal(fn) {
  ready.then(() => { if (engine) engine.onJournal = fn; });
}

/** "browser" when the engine runs in this page (no server), "server" otherwise. */
export async function hostKind() {
  await ready;
  return engine ? "browser" : "server";
}

function withToken(path) {
  if (!token) return path;
  return path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
}

/**
 * The body of a request as text; a refusal throws its message (the server's JSON error).
 * Every request waits until the engine (or the server's page) is ready, in the order made;
 * `options.guard`, called then, may still refuse it by throwing.
 */
async function requestText(path, options = {}) {
  await ready;
  options.guard?.();
  if (engine) {
    const answer = await engine.request(options.method || "GET", path, options.body || "");
    if (answer.status >= 400) {
      let message = `${answer.status}`;
      try { message = JSON.parse(answer.body).error?.message || message; } catch { if (answer.body) message = answer.body; }
      throw Object.assign(new Error(message), { status: answer.status });
    }
    return answer.body;
  }
  const headers = { ...(options.headers || {}) };
  if (token) headers["X-NavLab-Token"] = token;
  const response = await fetch(path, { ...options, headers, cache: "no-store" });
  const text = await response.text();
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try { message = JSON.parse(text).error?.message || message; } catch { if (text) message = text; }
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return text;
}

async function request(path, options = {}) {
  const text = await requestText(path, options);
  try { return text ? JSON.parse(text) : null; } catch { return { error: { message: text } }; }
}

export const api = {
  state: () => request("/api/state"),
  history: () => request("/api/history"),
  historyAt: (seq) => request(`/api/history/${encodeURIComponent(seq)}`),
  /** Time travel from the step the page shows: { entry, before: ops to the step before, step: its ops }. */
  travel: (seq, from) => request(`/api/history/${encodeURIComponent(seq)}?from=${encodeURIComponent(from)}`),
  log: () => request("/api/log"),
  verbs: () => request("/api/verbs"),
  /** The built-in tutorials: { tutorials: [{ name, title, summary, steps }] }. */
  tutorials: () => request("/api/tutorials"),
  /** One tutorial to play: { name, title, summary, steps: [{ narration, commands: [{ text, line, expect, run }] }] }. */
  tutorial: (name) => request(`/api/tutorials/${encodeURIComponent(name)}`),
  /** A UIKit fact a note cites: { number, title, section, paragraphs }. */
  fact: (n) => request(`/api/facts/${encodeURIComponent(n)}`),
  /** The inspector's extras for NAME at step SEQ: retain path, `why`, archive entry. */
  inspect: (name, seq) => request(`/api/inspect?name=${encodeURIComponent(name)}${seq != null ? `&seq=${encodeURIComponent(seq)}` : ""}`),
  /** The session as a script (`navlab`) or the hierarchy at SEQ (`mermaid`, `dot`), as text. */
  exportText: (format, seq) => requestText(`/api/export/${encodeURIComponent(format)}${seq != null ? `?seq=${encodeURIComponent(seq)}` : ""}`),
  /**
   * Runs command text (one line or several) in the shared session. `guard`, called when the
   * engine is ready and before the text is sent, may refuse it by throwing.
   */
  run: (text, guard) => request("/api/commands", { method: "POST", headers: { "Content-Type": "text/plain; charset=utf-8" }, body: text, guard }),
};

/**
 * Opens /api/events. `handlers` has one function per event type (state, patch, command, log) plus
 * onStatus("live" | "connecting" | "offline") and onOpen. EventSource reconnects by itself
 * and sends Last-Event-ID, so the server replays what was missed.
 */
export function connectEvents(handlers) {
  ready.then(() => (engine ? engine.connect(handlers) : connectStream(handlers)));
}

function connectStream(handlers) {
  const source = new EventSource(withToken("/api/events"));
  const parse = (fn) => (message) => {
    let data;
    try { data = JSON.parse(message.data); } catch { return; }
    fn(data, message.lastEventId ? Number(message.lastEventId) : null);
  };
  for (const type of ["state", "patch", "command"]) {
    if (handlers[type]) source.addEventListener(type, parse(handlers[type]));
  }
  source.addEventListener("open", () => {
    handlers.onStatus?.("live");
    handlers.onOpen?.();
  });
  source.addEventListener("error", () => {
    handlers.onStatus?.(source.readyState === EventSource.CLOSED ? "offline" : "connecting");
  });
  return source;
}
