// NavLab's page: wires the live event stream to the panes. The model lives in the server's
// Session (shared with the prompt); the page only shows it and sends commands.

import { api, connectEvents, keptState, keptStateShown, keepState, onJournal } from "./api.js";
import { $, esc, frameThrottle, debounce, FIRST_COMMAND } from "./dom.js";
import { sameDocument } from "./model.js";
import { applyPatch, Touched } from "./patch.js";
import { renderTree, treeOrder, findMatch, ancestors } from "./tree.js";
import { renderInspector } from "./inspector.js";
import { setUpTutorials, offerResume, openPanel } from "./tutorials.js";
import { exportHierarchy, shareLink, readShared, openScriptDialog, showProblem } from "./exporting.js";
import { setUpImport, importStoryboardFiles, isStoryboardFile } from "./importing.js";
import { renderPhone } from "./phone.js";
import { renderMemory } from "./memory.js";
import { renderStoryboard } from "./storyboard.js";
import { LogPane, printedStyle, printedText } from "./log.js";
import { renderTimeline, renderChanges } from "./timeline.js";
import { Console } from "./console.js";

const store = {
  // The document the panes show (Docs/Page.md: the state document + the page's extras): the live one, patched in place
  // by every `patch` event, or, while a past step is viewed, that step's (the live one is
  // reached again by undoing `trail` and applying `pending`).
  doc: null,
  docSeq: null,
  liveSeq: null,
  liveApp: null,     // the app's state now, for the prompt (also while a past step is shown)
  trail: [],         // while viewing: the operations that undo each travel patch, in order applied
  pending: [],       // live patches that came while a past step was shown or being fetched
  travelling: null,  // the seq being fetched
  history: null,     // GET /api/history, then kept up to date from the command events
  table: null,       // GET /api/verbs
  viewing: null,     // { seq, entry, diff } while a past step is shown
  selected: null,
  /** The tree row the arrow keys are on (Enter selects it). */
  cursor: null,
  /** GET /api/inspect's answer for the selected view controller at the step shown: { key, data }. */
  inspect: { key: null, name: null, data: null },
  filter: "",
  /** Find: the matches in tree order, and which one is current. */
  find: { matches: [], index: -1, revealPath: null },
  collapsed: new Set(),
  expanded: new Set(),
  flash: null,       // what the last live update changed, for a short highlight
  showAll: { timeline: false, memory: false },
  /** Memory rows whose weak references are listed (opened by clicking their count). */
  weakOpen: new Set(),
  lastLogEvent: 0,
  openAtTop: true,
  // The document drawn is this browser's kept copy (a snapshot of the session), until the
  // engine in the page has brought the session back and its state is in (no server only).
  fromCopy: false,
  // The engine brought back a state other than the copy drawn: lines typed meanwhile are not run.
  copyDiffered: false,
  // Why no copy was drawn at start ("none kept", "another journal"…), or "drawn".
  copyAtStart: null,
  // A patch did not fit: the whole document is being fetched again.
  stale: false,
};
const dirty = { model: true, timeline: true, header: true };
// The view controllers touched since the last render (their rows are built again); null:
// everything may have changed (a whole document, a reset).
let dirtyNames = null;
let scrollToMatch = false;

function markTouched(touched) {
  if (touched.all) dirtyNames = null;
  else if (dirtyNames) for (const n of touched.names) dirtyNames.add(n);
}

const logPane = new LogPane($("log"), $("log-count"));
const consolePane = new Console(
  { out: $("console-out"), hint: $("console-hint"), form: $("console-form"), input: $("command"), list: $("completions"), prompt: $("prompt") },
  { run: (text) => runTyped(text), table: () => store.table, state: () => store.doc },
);

const shown = () => store.doc;

// How long the last render of each pane took (ms), for the browser tests and the curious.
const timings = {};
// The document the panes show, for the browser tests (it must equal GET /api/state when live).
window.navlab = {
  timings, doc: () => store.doc, live: () => !store.fromCopy && !store.viewing && store.travelling == null,
  fromCopy: () => store.fromCopy, copyAtStart: () => store.copyAtStart,
};
const timed = (name, fn) => {
  const t = performance.now();
  fn();
  timings[name] = Math.round((performance.now() - t) * 10) / 10;
};

function draw() {
  const state = shown();
  if (dirty.header) renderHeader();
  if (dirty.model && state) {
    refreshFind();
    const current = store.find.matches[store.find.index] ?? null;
    const view = {
      selected: store.selected, cursor: store.cursor, reveal: current, revealPath: store.find.revealPath, filter: store.filter, collapsed: store.collapsed, expanded: store.expanded,
      flash: store.viewing ? null : store.flash, diff: store.viewing?.diff ?? null, showAllMemory: store.showAll.memory, weakOpen: store.weakOpen,
      dirty: dirtyNames, scrollToMatch,
    };
    timed("tree", () => renderTree($("tree"), state, view));
    if (store.openAtTop && state.top) {
      // The first drawing opens at the view controller on screen (at 1,000 it is far down).
      store.openAtTop = false;
      $("tree").querySelector(`.row[data-name="${CSS.escape(state.top)}"]`)?.scrollIntoView({ block: "center" });
    }
    timed("phone", () => renderPhone($("phone"), $("layers"), $("phone-device"), state));
    timed("memory", () => renderMemory($("memory"), $("memory-summary"), state, view));
    // The Storyboard tab shares the Memory pane's place: shown by itself the first time a
    // storyboard comes in.
    const boards = (state.storyboards || []).length;
    if (boards && !hadStoryboards) showPane("storyboard");
    hadStoryboards = boards > 0;
    timed("storyboard", () => renderStoryboard($("storyboard"), $("storyboard-summary"), state, (text) => runTyped(text)));
    drawInspector(state);
    fetchInspect();
    // The rows flashed now are built again, without the flash, next time.
    if (store.flash && dirtyNames) for (const set of [store.flash.added, store.flash.changed]) for (const n of set) dirtyNames.add(n);
    store.flash = null;
    dirtyNames = new Set();
    scrollToMatch = false;
    window.navlab.rendered = state.seq;
  }
  if (dirty.timeline) {
    timed("timeline", () => renderTimeline($("timeline"), $("timeline-count"), store.history, store.viewing?.seq ?? null, store.showAll.timeline));
    renderChanges($("changes"), store.viewing, store.viewing?.diff);
    logPane.highlight(store.viewing?.seq ?? null);
  }
  dirty.model = dirty.timeline = dirty.header = false;
}
const render = frameThrottle(draw);

// The Memory pane and the Storyboard tab take turns in one place (on a phone both are shown).
let hadStoryboards = false;
function showPane(which) {
  $("memory-pane").classList.toggle("tab-hidden", which !== "memory");
  $("storyboard-pane").classList.toggle("tab-hidden", which !== "storyboard");
  if (which !== "storyboard" && $("storyboard-pane").classList.contains("sb-wide")) enlargeStoryboard(false);
  if (which === "storyboard") invalidate("model");
}
document.addEventListener("click", (e) => {
  const tab = e.target.closest("[data-show-pane]");
  if (tab) showPane(tab.dataset.showPane);
});
function enlargeStoryboard(on) {
  $("storyboard-pane").classList.toggle("sb-wide", on);
  document.body.classList.toggle("sb-enlarged", on);
  $("storyboard-enlarge").setAttribute("aria-pressed", String(on));
  $("storyboard-enlarge").textContent = on ? "Back" : "Enlarge";
  invalidate("model");
}
$("storyboard-enlarge").addEventListener("click", () => enlargeStoryboard(!$("storyboard-pane").classList.contains("sb-wide")));
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && $("storyboard-pane").classList.contains("sb-wide")) enlargeStoryboard(false);
});

function invalidate(...parts) {
  for (const p of parts) dirty[p] = true;
  render();
}

function renderHeader() {
  // The chips describe what the panes show: a past step while one is viewed.
  const s = shown();
  const chips = [];
  if (s) {
    const app = s.application?.state ?? "notRunning";
    chips.push(`<span class="chip state-${esc(app)}">app <b>${esc(app)}</b></span>`);
    chips.push(`<span class="chip">${esc(s.device?.idiom ?? "iPhone")} <b>iOS ${esc(s.device?.version ?? s.device?.iOS ?? "")}</b></span>`);
    // The SDK the app is built with (UIKit #198); "(default)" when it is the device's own.
    if (s.device?.sdk != null) chips.push(`<span class="chip${s.device.sdk >= 27 && !s.application?.scenes ? " warn" : ""}" title="the SDK the app is built with">SDK <b>${esc(s.device.sdk)}</b>${s.device.sdkIsDefault ? " (default)" : ""}</span>`);
    // Several scenes on an iPad (UIKit #211): which one is in front, of how many.
    const sessions = s.sceneSessions ?? [];
    if (sessions.length > 1) chips.push(`<span class="chip" title="${esc(sessions.map((x) => `scene ${x.session}${x.front ? " in front" : x.connected ? " in the background" : " disconnected"}`).join(", "))}">scene <b>${esc(sessions[0].session)}</b> of ${sessions.length}</span>`);
    chips.push(`<span class="chip">seq <b>${esc(s.seq)}</b></span>`);
    chips.push(`<span class="chip">root <b>${esc(s.window?.rootViewController ?? "nil")}</b></span>`);
    if (s.top) chips.push(`<span class="chip">top <b>${esc(s.top)}</b></span>`);
    chips.push(`<span class="chip"><b>${(s.allocated || []).length}</b> allocated</span>`);
    if (s.leaked?.length) chips.push(`<span class="chip bad"><b>${s.leaked.length}</b> leaked</span>`);
    if (s.window?.transitionViews) chips.push(`<span class="chip warn"><b>${s.window.transitionViews}</b> UITransitionView${s.window.transitionViews > 1 ? "s" : ""}</span>`);
    consolePane.setPrompt(store.liveApp);
  }
  $("status-chips").innerHTML = chips.join("");
  $("command").placeholder = suggestion(store.viewing ? null : s);
  const v = store.viewing;
  $("viewing").hidden = !v;
  document.body.classList.toggle("viewing-past", !!v);
  if (v) $("viewing-label").textContent = `viewing step ${v.seq}: ${v.entry.command || "start"} · live is at ${store.liveSeq ?? "?"}`;
}

/**
 * The command box's placeholder: commands that work on the live state as it is (a fresh page
 * has no app, so `push` or `present` would fail there).
 */
function suggestion(s) {
  if (!s) return "help lists the verbs · Tab completes";
  const app = s.application ?? {};
  if (app.state === "notRunning" || !app.state) {
    return s.initial || app.launches ? "launch · help lists the verbs" : `${FIRST_COMMAND} · or open Tutorials · help`;
  }
  if (app.state !== "active") return "help lists the verbs · Tab completes";
  const vcs = s.viewControllers || {};
  const nav = (s.screen || []).some((n) => vcs[n]?.kind === "navigation");
  return `${nav ? "push Detail · " : ""}present Nav(Sheet) · help · Tab completes`;
}

// ---- the live stream ----

/** The whole document: on connect, after a reconnect the server could not catch up, a resync. */
function onState(data) {
  if (!data.state) return;
  store.stale = false;
  // Lines typed before the first state was in run now (each prints its own block).
  consolePane.clearWaiting();
  if (store.fromCopy) {
    // The engine's state replaces the copy drawn at start. The same: nothing to draw again.
    store.fromCopy = false;
    if (data.seq === store.docSeq && sameDocument(data.state, store.doc)) {
      window.navlab.seq = data.seq;
      invalidate("header");
      keepSnapshotSoon();
      return;
    }
    store.copyDiffered = true;
    const why = "This browser's copy of the session, drawn while NavLab's engine started, is not the state the engine brought back from the saved lines (the engine was updated, or the lines now run differently). The page now shows the engine's state. Lines typed meanwhile were not run: check them and run them again (↑ recalls them).";
    // A line of the journal that failed to run again is said first (it is why).
    if ($("script-dialog").open) showProblem($("script-title").textContent, `${$("script-intro").textContent} ${why}`);
    else showProblem("The session shown at start was out of date", why);
  }
  store.doc = data.state;
  store.docSeq = store.liveSeq = data.seq;
  store.liveApp = data.state.application?.state ?? null;
  store.viewing = null;
  store.trail = [];
  store.pending = [];
  dirtyNames = null;
  window.navlab.seq = data.seq;
  invalidate("header", "model", "timeline");
  keepSnapshotSoon();
}

/**
 * At start, with no server: the state this browser kept beside the session's lines, drawn at
 * once (before the engine has compiled its module and run them). The command box takes lines
 * meanwhile; they run, in order, once the engine's state is in and is this one.
 */
function drawKeptCopy(kept) {
  if (store.doc) return; // the engine was first
  store.doc = kept.state;
  store.docSeq = store.liveSeq = kept.seq;
  store.liveApp = kept.state.application?.state ?? null;
  store.fromCopy = true;
  dirtyNames = null;
  window.navlab.seq = kept.seq;
  setConnection("starting");
  dirty.header = dirty.model = dirty.timeline = true;
  draw();
}

/** A line typed in the command box: while the kept copy (or nothing yet) is shown, it waits for the engine. */
function runTyped(text) {
  if (!store.fromCopy && store.doc) return api.run(text);
  consolePane.showWaiting(text);
  return api.run(text, () => {
    if (store.copyDiffered) throw new Error("not run: the session changed when NavLab's engine started (see the note); check it, then run the line again");
  });
}

// The snapshot a reload draws first: the live document, written when the page is idle after
// the journal changed (a reload before that finds it tied to another journal and waits for the
// engine instead), or when the page goes away.
let snapshotPending = false;
function writeSnapshot() {
  snapshotPending = false;
  if (store.fromCopy || store.stale || store.viewing) return;
  // The live document not in yet (a reload: the engine's answer comes before its state, and
  // Safari, with no requestIdleCallback, gets here 200 ms after it): tried again in a while.
  if (store.travelling != null || store.docSeq !== store.liveSeq || !store.doc) { keepSnapshotSoon(); return; }
  keepState(store.doc);
}
function keepSnapshotSoon() {
  if (snapshotPending) return;
  snapshotPending = true;
  if (window.requestIdleCallback) requestIdleCallback(() => snapshotPending && writeSnapshot(), { timeout: 1000 });
  else setTimeout(() => snapshotPending && writeSnapshot(), 200);
}
addEventListener("pagehide", () => { if (snapshotPending) writeSnapshot(); });
onJournal(keepSnapshotSoon);

/** A step: the operations that take the live document from seq `from` to `seq`. */
function onPatch(data) {
  if (!store.doc) return; // a resync is under way: its document includes this
  if (store.viewing || store.travelling != null) {
    // The panes show a past step: the live document is reached later, from here.
    if (data.from !== store.liveSeq) { resync(); return; }
    store.pending.push(data);
    store.liveSeq = data.seq;
    window.navlab.seq = data.seq;
    invalidate("header");
    return;
  }
  if (data.from !== store.docSeq) { resync(); return; }
  let result;
  try {
    result = applyPatch(store.doc, data.ops, new Touched(), { wantInverse: false });
  } catch (error) {
    console.warn("patch:", error.message);
    resync();
    return;
  }
  const { doc, touched } = result;
  store.doc = doc;
  store.docSeq = store.liveSeq = data.seq;
  store.liveApp = doc.application?.state ?? null;
  store.flash ??= { added: new Set(), changed: new Set() };
  for (const n of touched.added) store.flash.added.add(n);
  for (const n of touched.names) if (!touched.added.has(n)) store.flash.changed.add(n);
  markTouched(touched);
  window.navlab.seq = data.seq;
  invalidate("header", "model");
}

/** The document did not fit a patch (missed events, a new server): start from a whole one. */
function resync() {
  // Until the whole one is in, the document is not the session's (no snapshot is taken of it).
  store.stale = true;
  fetchWhole();
}
const fetchWhole = debounce(async () => {
  store.doc = null;
  try {
    const doc = await api.state();
    onState({ seq: doc.seq, state: doc });
  } catch (error) {
    console.warn("state:", error.message);
  }
}, 30);

function onCommand(event, id) {
  // One event per line: the step's calls (`events`, `log --json` elements less the seq and
  // command said once), what it printed (a call is given by its index in `events`), and its
  // timeline entry less what the event says already.
  if (id != null) event.id = id;
  const command = event.entry?.command ?? event.line;
  if (event.entry) event.entry = { command, comment: null, reason: null, ...event.entry };
  const log = (event.events || []).map((e) => ({ seq: event.seq, command, ...e }));
  if (log.length) appendLog(log, id);
  event.lines = (event.lines || []).map((l) => (typeof l === "number"
    ? (log[l] ? { style: printedStyle(log[l]), text: printedText(log[l]) } : { style: "callback", text: "" })
    : l));
  consolePane.onCommand(event);
  if (event.timeline === "append" && event.entry && store.history) {
    const entries = store.history.entries;
    if (!entries.some((e) => e.seq === event.seq)) {
      // A new step drops the redo branch, as the session does.
      const kept = entries.filter((e) => !e.undone);
      for (const e of kept) e.current = false;
      kept.push({ ...event.entry, seq: event.seq, status: event.status, events: log, current: true, undone: false });
      store.history = { ...store.history, seq: event.seq, cursor: kept.length - 1, entries: kept };
      if (event.entry.kind === "reset") logPane.reset([]);
      invalidate("timeline");
    }
  } else if (event.timeline === "move") {
    moveInHistory(event.seq);
  }
}

/** `undo` or `redo`: the cursor moves to the step `seq`; the log loses or regains its calls. */
function moveInHistory(seq) {
  const entries = store.history?.entries;
  const to = entries ? entries.findIndex((e) => e.seq === seq) : -1;
  if (to < 0) { refreshHistory(); refreshLog(); return; }
  const from = store.history.cursor;
  for (let k = Math.min(from, to); k <= Math.max(from, to); k++) {
    entries[k].current = k === to;
    entries[k].undone = k > to;
  }
  store.history = { ...store.history, seq, cursor: to };
  for (let k = from; k > to; k--) logPane.removeStep(entries[k].seq);
  for (let k = from + 1; k <= to; k++) {
    logPane.append((entries[k].events || []).filter((e) => e.callback !== "note" && e.callback !== "leak"), { step: true });
  }
  invalidate("timeline");
}

function appendLog(events, id) {
  if (id != null && id <= store.lastLogEvent) return; // replayed after a reconnect
  if (id != null) store.lastLogEvent = id;
  logPane.append(events, { step: true });
}

const refreshHistory = debounce(async () => {
  try {
    store.history = await api.history();
    consolePane.printEarlier(store.history.entries || []);
    invalidate("timeline");
  } catch (error) {
    console.warn("history:", error.message);
  }
}, 60);

const refreshLog = debounce(async () => {
  try {
    logPane.reset(await api.log());
  } catch (error) {
    console.warn("log:", error.message);
  }
}, 60);

let wasLive = false;
function setConnection(status) {
  // The engine in the page could not start: lines typed while its copy was shown wait no more
  // (each gets its own error).
  if (status === "offline" && store.fromCopy) consolePane.clearWaiting();
  const el = $("connection");
  el.dataset.state = status;
  if (status === "live") wasLive = true;
  el.querySelector(".label").textContent = status === "connecting" ? (wasLive ? "reconnecting" : "connecting") : status;
  el.title = status !== "starting" ? ""
    : store.fromCopy ? "Drawn from this browser's copy of the session: NavLab's engine is starting, and what you type runs when it is ready"
    : "NavLab's engine is starting in this page: what you type runs when it is ready";
}

// ---- time travel ----

/**
 * Shows the model as it was after step `seq`: the engine sends the operations from the live
 * document to the step before it, then the step's own, and what the step changed (`change`).
 * Costs the steps between, never a whole document.
 */
async function viewStep(seq) {
  if (store.travelling != null) { store.travelling = seq; return; } // the latest click wins
  store.travelling = seq;
  try {
    for (;;) {
      backToLive();
      const target = store.travelling;
      const at = await api.travel(target, store.docSeq);
      if (store.travelling !== target) continue; // another step was asked for meanwhile
      const touched = new Touched();
      let r = applyPatch(store.doc, at.before, touched);
      store.doc = r.doc;
      const trail = [r.inverse];
      if (at.step) {
        r = applyPatch(store.doc, at.step, touched);
        store.doc = r.doc;
        trail.push(r.inverse);
      }
      // What the step changed, as the engine knows it (PageChange).
      const diff = { added: new Set(at.change?.added), changed: new Set(at.change?.changed), lines: at.change?.lines || [] };
      store.trail = trail;
      store.docSeq = target;
      store.viewing = { seq: target, entry: at.entry, diff };
      markTouched(touched);
      break;
    }
  } catch (error) {
    console.warn("step:", error.message);
    store.travelling = null;
    store.viewing = null;
    resync();
    return;
  }
  store.travelling = null;
  invalidate("model", "header", "timeline");
}

/** Back to the live document: the travel undone, the live steps that came meanwhile applied. */
function backToLive() {
  if (!store.trail.length && !store.pending.length) return;
  const touched = new Touched();
  for (let i = store.trail.length - 1; i >= 0; i--) store.doc = applyPatch(store.doc, store.trail[i], touched, { wantInverse: false }).doc;
  store.trail = [];
  for (const p of store.pending) store.doc = applyPatch(store.doc, p.ops, touched, { wantInverse: false }).doc;
  store.pending = [];
  store.docSeq = store.liveSeq;
  store.liveApp = store.doc.application?.state ?? null;
  markTouched(touched);
}

function goLive() {
  if (!store.viewing) return;
  try {
    backToLive();
  } catch (error) {
    console.warn("live:", error.message);
    resync();
  }
  store.viewing = null;
  invalidate("model", "header", "timeline");
  keepSnapshotSoon();
}

function stepBy(delta) {
  const entries = store.history?.entries || [];
  const at = entries.findIndex((e) => e.seq === (store.viewing?.seq ?? store.liveSeq));
  const next = entries[Math.max(0, Math.min(entries.length - 1, (at < 0 ? entries.length - 1 : at) + delta))];
  if (next) viewStep(next.seq);
}

// ---- interaction ----

// A cited UIKit fact opens in place: what UIKit does, how NavLab shows it, the sources.
async function showFact(n) {
  const dialog = $("fact");
  $("fact-title").textContent = `UIKit #${n}`;
  $("fact-body").innerHTML = `<p class="muted">loading…</p>`;
  if (!dialog.open) dialog.showModal();
  try {
    const f = await api.fact(n);
    $("fact-title").textContent = `UIKit #${f.number} — ${f.title}`;
    $("fact-body").innerHTML = `<p class="muted">${esc(f.section)}</p>`
      + f.paragraphs.map((p) => `<p>${linkify(p)}</p>`).join("")
      + `<p class="muted">At the prompt: <code>explain ${f.number}</code> · all of them in Docs/UIKit.md</p>`;
  } catch (error) {
    $("fact-body").innerHTML = `<p class="error">${esc(error.message)}</p>`;
  }
}

/** `title <https://…>` from the server's plain text → a link; `code` spans → <code>. */
function linkify(text) {
  return esc(text)
    .replace(/ &lt;(https?:\/\/[^\s&]+)&gt;/g, (m, url) => ` <a href="${url}" target="_blank" rel="noopener noreferrer">↗</a>`)
    .replace(/`([^`]+)`/g, "<code>$1</code>");
}

/** A hint the page shows (`[data-hint]`, dom.js): clicked (or Enter), it runs in the command box. */
function followHint(e) {
  const code = e.target.closest("[data-hint]");
  if (code) {
    e.preventDefault();
    consolePane.submit(code.dataset.hint);
    return true;
  }
  if (e.target.closest("[data-open-tutorials]")) {
    e.preventDefault();
    openPanel();
    return true;
  }
  return false;
}
document.addEventListener("keydown", (e) => { if (e.key === "Enter" && e.target.closest?.("[data-hint]")) followHint(e); });
document.addEventListener("click", (e) => {
  if (followHint(e)) return;
  const fact = e.target.closest("a.fact");
  if (fact) { e.preventDefault(); showFact(fact.dataset.fact); return; }
  const more = e.target.closest("[data-show-all]");
  if (!more) return;
  store.showAll[more.dataset.showAll] = true;
  invalidate("model", "timeline");
});
$("timeline").addEventListener("click", (e) => {
  const entry = e.target.closest(".entry");
  if (entry) viewStep(Number(entry.dataset.seq));
});
$("timeline").addEventListener("keydown", (e) => {
  if (e.key === "ArrowUp" || e.key === "ArrowLeft") { e.preventDefault(); stepBy(-1); }
  if (e.key === "ArrowDown" || e.key === "ArrowRight") { e.preventDefault(); stepBy(1); }
});
$("viewing-live").addEventListener("click", goLive);
$("fact-close").addEventListener("click", () => $("fact").close());
$("script-close").addEventListener("click", () => $("script-dialog").close());
$("fact").addEventListener("click", (e) => { if (e.target === $("fact")) $("fact").close(); });
$("viewing-prev").addEventListener("click", () => stepBy(-1));
$("viewing-next").addEventListener("click", () => stepBy(1));
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && document.activeElement !== $("command") && !$("fact").open) goLive();
});

$("tree").addEventListener("click", (e) => {
  const toggle = e.target.closest("[data-toggle]");
  if (toggle) {
    const name = toggle.dataset.toggle;
    store.collapsed.has(name) ? store.collapsed.delete(name) : store.collapsed.add(name);
    invalidate("model");
    return;
  }
  const more = e.target.closest("[data-expand]");
  if (more) {
    store.expanded.add(more.dataset.expand);
    invalidate("model");
    return;
  }
  const row = e.target.closest(".row[data-name]");
  if (row) select(row.dataset.name, $("memory"));
});
/** A click on a "N weak" count (memory pane, inspector) lists or hides those references; true when it was one. */
function toggleWeak(e) {
  const count = e.target.closest("[data-weak]");
  if (!count) return false;
  const name = count.dataset.weak;
  if (store.weakOpen.has(name)) store.weakOpen.delete(name); else store.weakOpen.add(name);
  invalidate("model");
  return true;
}
/** Enter or Space on a focused "N weak" count clicks it. */
function weakKey(e) {
  if ((e.key === "Enter" || e.key === " ") && e.target.closest("[data-weak]")) {
    e.preventDefault();
    e.target.click();
  }
}
$("memory").addEventListener("click", (e) => {
  if (toggleWeak(e)) return;
  const row = e.target.closest(".mem-row[data-name]");
  if (row) select(row.dataset.name, $("tree"));
});
$("memory").addEventListener("keydown", weakKey);
$("tree-filter").addEventListener("input", (e) => {
  store.filter = e.target.value.trim();
  store.find = { matches: [], index: -1, revealPath: null };
  scrollToMatch = true;
  invalidate("model");
});

function select(name, reveal, { toggle = true } = {}) {
  store.selected = toggle && store.selected === name ? null : name;
  if (store.selected) store.cursor = store.selected;
  invalidate("model");
  if (store.selected) {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      reveal.querySelector(`[data-name="${CSS.escape(name)}"]`)?.scrollIntoView({ block: "nearest" });
    }));
  }
}

// ---- the inspector ----

const inspectKey = () => (store.selected ? `${store.docSeq}\u0001${store.selected}` : null);

/** Fetches the inspector's extras (retain path, archive entry) for the selection at the step shown. */
const fetchInspect = debounce(async () => {
  const key = inspectKey();
  if (!key || store.inspect.key === key || !shown()?.viewControllers?.[store.selected]) return;
  const [seq, name] = [store.docSeq, store.selected];
  try {
    const data = await api.inspect(name, seq);
    if (inspectKey() !== key) return;
    store.inspect = { key, name, data };
  } catch (error) {
    if (inspectKey() !== key) return;
    store.inspect = { key, name, data: { retainPath: [], why: error.message, reachable: false, archive: null } };
  }
  invalidate("model");
}, 60);

// What the inspector was last drawn from: it is drawn again only when one of these changed
// (not for a cursor move or a step elsewhere that left it as it was), and then keeps the
// facts that were open and where it was scrolled to.
let inspectorDrawn = [];

function drawInspector(state) {
  const name = store.selected;
  // While the next step's extras are fetched, the last ones for the same view controller stay
  // (a moment later they are replaced), rather than blinking to "…".
  const extra = store.inspect.key === inspectKey() ? store.inspect.data : store.inspect.name === name ? store.inspect.data : null;
  const entries = store.history?.entries;
  const inputs = [state, state?.seq, name, name && state?.viewControllers?.[name], extra, store.weakOpen.has(name), entries, entries?.length];
  if (inputs.length === inspectorDrawn.length && inputs.every((v, i) => v === inspectorDrawn[i])) return;
  const pane = $("inspector");
  const sameName = inspectorDrawn[2] === name;
  inspectorDrawn = inputs;
  const open = sameName ? [...pane.querySelectorAll("details[data-fact-inline][open]")].map((d) => d.dataset.factInline) : [];
  const scroll = sameName ? pane.scrollTop : 0;
  timed("inspector", () => renderInspector(pane, $("inspector-step"), state, name, extra, store.history, store.weakOpen.has(name)));
  for (const n of open) {
    const details = pane.querySelector(`details[data-fact-inline="${CSS.escape(n)}"]`);
    if (details) details.open = true;
  }
  pane.scrollTop = scroll;
}

// A cited fact opened in place under a note (a <details>): its text, fetched once.
const factTexts = new Map();
$("inspector").addEventListener("toggle", async (e) => {
  const details = e.target;
  if (!details.open || !details.dataset?.factInline) return;
  const n = details.dataset.factInline;
  const body = details.querySelector(".fact-text");
  try {
    if (!factTexts.has(n)) factTexts.set(n, api.fact(n));
    const f = await factTexts.get(n);
    details.querySelector("summary").textContent = `UIKit #${f.number} — ${f.title}`;
    body.classList.remove("muted");
    body.innerHTML = f.paragraphs.map((p) => `<p>${linkify(p)}</p>`).join("");
  } catch (error) {
    factTexts.delete(n);
    body.textContent = error.message;
  }
}, true);
$("inspector").addEventListener("click", (e) => {
  if (toggleWeak(e)) return;
  const link = e.target.closest("[data-name]");
  if (link && link.dataset.name !== store.selected) select(link.dataset.name, $("tree"));
});
$("inspector").addEventListener("keydown", weakKey);
$("phone").addEventListener("click", (e) => {
  const target = e.target.closest("[data-name]");
  if (target) select(target.dataset.name, $("tree"), { toggle: false });
});

// ---- Find and the keyboard ----

/** The matches of Find's text in tree order; the current one is kept when it still matches. */
function refreshFind() {
  const state = shown();
  const query = store.filter.toLowerCase();
  const before = store.find.matches[store.find.index];
  if (!query || !state) {
    store.find = { matches: [], index: -1, revealPath: null };
  } else {
    const vcs = state.viewControllers || {};
    const matches = treeOrder(state).filter((n) => findMatch(n, vcs[n], query));
    let index = before ? matches.indexOf(before) : -1;
    if (index < 0 && matches.length) index = 0;
    store.find = { matches, index, revealPath: index >= 0 ? ancestors(state, matches[index]) : null };
    // The way to the match is open: rows folded by hand above it unfold.
    if (store.find.revealPath) for (const n of store.find.revealPath) if (n !== matches[index]) store.collapsed.delete(n);
  }
  const { matches, index } = store.find;
  $("find-count").textContent = !query ? "" : matches.length ? `${index + 1} of ${matches.length.toLocaleString("en-US")}` : "no match";
  $("find-count").classList.toggle("none", Boolean(query) && !matches.length);
  $("find-prev").disabled = $("find-next").disabled = matches.length < 2;
}

function findStep(delta) {
  const { matches } = store.find;
  if (!matches.length) return;
  const index = (store.find.index + delta + matches.length) % matches.length;
  // The next render keeps this one current (it is looked up by name) and opens the way to it.
  store.find = { matches, index, revealPath: null };
  store.cursor = matches[index];
  scrollToMatch = true;
  invalidate("model");
}

$("find-next").addEventListener("click", () => findStep(1));
$("find-prev").addEventListener("click", () => findStep(-1));
$("tree-filter").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); findStep(e.shiftKey ? -1 : 1); }
  if (e.key === "Escape") {
    e.preventDefault();
    e.stopPropagation();
    e.target.value = "";
    store.filter = "";
    invalidate("model");
    $("tree").focus();
  }
});

/** The drawn tree rows, top to bottom. */
const treeRows = () => [...$("tree").querySelectorAll(".row[data-name]")];

function moveCursor(name) {
  if (!name) return;
  store.cursor = name;
  invalidate("model");
  requestAnimationFrame(() => requestAnimationFrame(() => {
    $("tree").querySelector(`.row[data-name="${CSS.escape(name)}"]`)?.scrollIntoView({ block: "nearest" });
  }));
}

$("tree").addEventListener("keydown", (e) => {
  const state = shown();
  if (!state) return;
  const rows = treeRows();
  if (!rows.length) return;
  const names = rows.map((r) => r.dataset.name);
  let at = names.indexOf(store.cursor);
  const vc = state.viewControllers?.[store.cursor];
  switch (e.key) {
    case "ArrowDown": moveCursor(names[at < 0 ? 0 : Math.min(names.length - 1, at + 1)]); break;
    case "ArrowUp": moveCursor(names[at < 0 ? 0 : Math.max(0, at - 1)]); break;
    case "Home": moveCursor(names[0]); break;
    case "End": moveCursor(names[names.length - 1]); break;
    case "PageDown": moveCursor(names[Math.min(names.length - 1, Math.max(0, at) + 20)]); break;
    case "PageUp": moveCursor(names[Math.max(0, at - 20)]); break;
    case "ArrowRight":
      if (vc && store.collapsed.has(store.cursor)) { store.collapsed.delete(store.cursor); dirtyNames = null; invalidate("model"); }
      else if (at >= 0) moveCursor(names[Math.min(names.length - 1, at + 1)]);
      break;
    case "ArrowLeft": {
      const kids = vc ? (vc.children?.length || 0) + (vc.presentedViewController ? 1 : 0) : 0;
      if (vc && kids && !store.collapsed.has(store.cursor)) { store.collapsed.add(store.cursor); dirtyNames = null; invalidate("model"); }
      else if (vc) moveCursor(vc.parent || (vc.presentationStyle != null ? vc.presentingViewController : null));
      break;
    }
    case "Enter": case " ":
      if (store.cursor) select(store.cursor, $("memory"), { toggle: false });
      break;
    default: return;
  }
  e.preventDefault();
});
$("tree").addEventListener("focus", () => {
  if (!store.cursor) moveCursor(store.selected || treeRows()[0]?.dataset.name);
});
document.addEventListener("keydown", (e) => {
  if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
  const active = document.activeElement;
  if (active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA")) return;
  e.preventDefault();
  $("tree-filter").focus();
  $("tree-filter").select();
});

// ---- export, share, open ----

document.addEventListener("click", async (e) => {
  const item = e.target.closest("[data-export]");
  if (!item) return;
  $("export-menu").open = false;
  try {
    await exportHierarchy(item.dataset.export, { state: shown(), seq: store.viewing ? store.docSeq : null });
  } catch (error) {
    showProblem("Cannot export", error.message);
  }
});
document.addEventListener("click", (e) => {
  const menu = $("export-menu");
  if (menu.open && !e.target.closest("#export-menu")) menu.open = false;
});
$("share").addEventListener("click", async () => {
  try {
    await shareLink();
  } catch (error) {
    showProblem("Cannot make a share link", error.message);
  }
});
$("open-script").addEventListener("change", async (e) => {
  const file = e.target.files?.[0];
  e.target.value = "";
  $("export-menu").open = false;
  if (file) openScriptDialog(await file.text(), { source: `the file ${file.name}` });
});
setUpImport();
setUpTutorials();
let dragDepth = 0;
const carriesFile = (e) => [...(e.dataTransfer?.types || [])].includes("Files");
document.addEventListener("dragenter", (e) => { if (carriesFile(e)) { dragDepth++; $("drop-hint").hidden = false; } });
document.addEventListener("dragleave", (e) => { if (carriesFile(e) && --dragDepth <= 0) { dragDepth = 0; $("drop-hint").hidden = true; } });
document.addEventListener("dragover", (e) => { if (carriesFile(e)) e.preventDefault(); });
document.addEventListener("drop", async (e) => {
  if (!carriesFile(e)) return;
  e.preventDefault();
  dragDepth = 0;
  $("drop-hint").hidden = true;
  const files = [...(e.dataTransfer.files || [])];
  if (!files.length) return;
  // `.storyboard` files: imported together, as Import… opens them (they reference each other).
  const boards = files.filter(isStoryboardFile);
  if (boards.length) {
    const others = files.filter((f) => !isStoryboardFile(f));
    if (others.length) {
      showProblem("Cannot open the dropped files", `${others.map((f) => f.name).join(", ")} ${others.length === 1 ? "is" : "are"} not a .storyboard file, and ${boards.map((f) => f.name).join(", ")} ${boards.length === 1 ? "is" : "are"}: `
        + "drop the .storyboard files together to import them, or one .navlab script by itself to open it.");
      return;
    }
    if (await importStoryboardFiles(boards)) showPane("storyboard");
    return;
  }
  const file = files[0];
  if (!/\.navlab$|\.txt$/i.test(file.name) && file.type && !file.type.startsWith("text/")) {
    openScriptDialog(null, { source: `the file ${file.name}`, error: `${file.name} is not a .navlab script (it is ${file.type}): drop a text file of NavLab commands, or .storyboard files to import them` });
    return;
  }
  openScriptDialog(await file.text(), { source: `the file ${file.name}` });
});

// ---- start ----

// The engine in the page (no server) says when it had to start again, or could not bring a
// saved session back.
window.addEventListener("navlab-engine-note", (event) => showProblem(event.detail.title, event.detail.message, event.detail));

async function start() {
  // Opened from disk: nothing can run (js/from-disk.js says so and what to run instead).
  if (location.protocol === "file:") return;
  setConnection("connecting");
  const kept = keptState();
  connectEvents({
    state: onState,
    patch: onPatch,
    command: onCommand,
    onStatus: setConnection,
    onOpen: () => { refreshHistory(); refreshLog(); },
  });
  const copy = await kept;
  store.copyAtStart = copy ? copy.skipped || "drawn" : null;
  if (copy?.kept) {
    drawKeptCopy(copy.kept);
    // Painted in the next frame; the engine starts its work after it.
    requestAnimationFrame(() => setTimeout(keptStateShown, 0));
  } else {
    keptStateShown();
    if (copy && !store.doc && $("connection").dataset.state === "connecting") setConnection("starting");
  }
  try {
    store.table = await api.verbs();
    consolePane.updateHint();
  } catch (error) {
    console.warn("verbs:", error.message);
  }
  // Without scrolling: at a phone's width the box is at the foot of the page, and a first visit
  // starts at the top (the header, the hierarchy with its hints).
  $("command").focus({ preventScroll: true });
  const shared = await readShared(location.hash);
  if (shared) openScriptDialog(shared.text, { source: "the link you opened", error: shared.error });
  else offerResume();
}

// A share link pasted into a tab that shows the page already: only the fragment changes, and
// the page loads nothing — it opens the link's script as at start.
addEventListener("hashchange", async () => {
  const shared = await readShared(location.hash);
  if (shared) openScriptDialog(shared.text, { source: "the link you opened", error: shared.error });
});

start();
