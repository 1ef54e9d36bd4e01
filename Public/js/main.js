// NavLab's page: wires the live event stream to the panes. The model lives in the server's
// Session (shared with the prompt); the page only shows it and sends commands.

import { api, connectEvents } from "./api.js";
import { $, esc, frameThrottle, debounce } from "./dom.js";
import { diffStates } from "./model.js";
import { renderTree } from "./tree.js";
import { renderPhone } from "./phone.js";
import { renderMemory } from "./memory.js";
import { LogPane } from "./log.js";
import { renderTimeline, renderChanges } from "./timeline.js";
import { Console } from "./console.js";

const store = {
  live: null,        // the state document now (SPEC §3 + the page's extras)
  history: null,     // GET /api/history
  table: null,       // GET /api/verbs
  viewing: null,     // { seq, entry, state, before, diff } while a past step is shown
  selected: null,
  filter: "",
  collapsed: new Set(),
  expanded: new Set(),
  flash: null,       // what the last live update changed, for a short highlight
  showAll: { timeline: false, memory: false },
  lastLogEvent: 0,
};
const dirty = { model: true, timeline: true, header: true };

const logPane = new LogPane($("log"), $("log-count"));
const consolePane = new Console(
  { out: $("console-out"), hint: $("console-hint"), form: $("console-form"), input: $("command"), list: $("completions"), prompt: $("prompt") },
  { run: (text) => api.run(text), table: () => store.table, state: () => store.live },
);

const shown = () => (store.viewing ? store.viewing.state : store.live);

// How long the last render of each pane took (ms), for the browser tests and the curious.
const timings = {};
window.navlab = { timings };
const timed = (name, fn) => {
  const t = performance.now();
  fn();
  timings[name] = Math.round((performance.now() - t) * 10) / 10;
};

const render = frameThrottle(() => {
  const state = shown();
  if (dirty.header) renderHeader();
  if (dirty.model && state) {
    const view = {
      selected: store.selected, filter: store.filter, collapsed: store.collapsed, expanded: store.expanded,
      flash: store.viewing ? null : store.flash, diff: store.viewing?.diff ?? null, showAllMemory: store.showAll.memory,
    };
    timed("tree", () => renderTree($("tree"), state, view));
    timed("phone", () => renderPhone($("phone"), $("layers"), $("phone-device"), state));
    timed("memory", () => renderMemory($("memory"), $("memory-summary"), state, view));
    store.flash = null;
  }
  if (dirty.timeline) {
    timed("timeline", () => renderTimeline($("timeline"), $("timeline-count"), store.history, store.viewing?.seq ?? null, store.showAll.timeline));
    renderChanges($("changes"), store.viewing, store.viewing?.diff);
    logPane.highlight(store.viewing?.seq ?? null);
  }
  dirty.model = dirty.timeline = dirty.header = false;
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
    chips.push(`<span class="chip">${esc(s.device?.idiom ?? "iPhone")} <b>iOS ${esc(s.device?.iOS ?? "")}</b></span>`);
    chips.push(`<span class="chip">seq <b>${esc(s.seq)}</b></span>`);
    chips.push(`<span class="chip">root <b>${esc(s.window?.rootViewController ?? "nil")}</b></span>`);
    if (s.top) chips.push(`<span class="chip">top <b>${esc(s.top)}</b></span>`);
    chips.push(`<span class="chip"><b>${(s.allocated || []).length}</b> allocated</span>`);
    if (s.leaked?.length) chips.push(`<span class="chip bad"><b>${s.leaked.length}</b> leaked</span>`);
    if (s.window?.transitionViews) chips.push(`<span class="chip warn"><b>${s.window.transitionViews}</b> UITransitionView${s.window.transitionViews > 1 ? "s" : ""}</span>`);
    consolePane.setPrompt(store.live?.application?.state);
  }
  $("status-chips").innerHTML = chips.join("");
  const v = store.viewing;
  $("viewing").hidden = !v;
  if (v) $("viewing-label").textContent = `viewing step ${v.seq}: ${v.entry.command || "start"} · live is at ${store.live?.seq ?? "?"}`;
}

// ---- the live stream ----

function onState(data) {
  if (!data.state) return; // superseded: a later state event carries the document
  const previous = store.live;
  store.live = data.state;
  if (previous && !store.viewing) {
    timed("diff", () => {
      const d = diffStates(previous, data.state);
      store.flash = { added: d.added, changed: new Set(d.changed.keys()) };
    });
  }
  window.navlab.seq = data.seq;
  invalidate("header", ...(store.viewing ? [] : ["model"]));
}

function onCommand(event) {
  consolePane.onCommand(event);
  if (event.timeline === "append" && event.entry && store.history) {
    const entries = store.history.entries;
    if (!entries.some((e) => e.seq === event.entry.seq)) {
      // A new step drops the redo branch, as the session does.
      const kept = entries.filter((e) => !e.undone).map((e) => (e.current ? { ...e, current: false } : e));
      kept.push({ ...event.entry, current: true, undone: false });
      store.history = { ...store.history, seq: event.entry.seq, cursor: kept.length - 1, entries: kept };
      if (event.entry.kind === "reset") logPane.reset([]);
      invalidate("timeline");
    }
  } else if (event.timeline === "move") {
    refreshHistory();
    refreshLog();
  }
}

function onLog(data, id) {
  if (id != null && id <= store.lastLogEvent) return; // replayed after a reconnect
  if (id != null) store.lastLogEvent = id;
  logPane.append(data.events, { step: true });
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

function setConnection(status) {
  const el = $("connection");
  el.dataset.state = status;
  el.querySelector(".label").textContent = status === "live" ? "live" : status === "offline" ? "offline" : "reconnecting";
}

// ---- time travel ----

async function viewStep(seq) {
  try {
    const at = await api.historyAt(seq);
    store.viewing = { seq, entry: at.entry, state: at.state, before: at.before, diff: diffStates(at.before, at.state) };
    invalidate("model", "header", "timeline");
  } catch (error) {
    console.warn("step:", error.message);
  }
}

function goLive() {
  if (!store.viewing) return;
  store.viewing = null;
  invalidate("model", "header", "timeline");
}

function stepBy(delta) {
  const entries = store.history?.entries || [];
  const at = entries.findIndex((e) => e.seq === (store.viewing?.seq ?? store.live?.seq));
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

document.addEventListener("click", (e) => {
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
$("memory").addEventListener("click", (e) => {
  const row = e.target.closest(".mem-row[data-name]");
  if (row) select(row.dataset.name, $("tree"));
});
$("tree-filter").addEventListener("input", (e) => {
  store.filter = e.target.value.trim();
  invalidate("model");
});

function select(name, reveal) {
  store.selected = store.selected === name ? null : name;
  invalidate("model");
  if (store.selected) {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      reveal.querySelector(`[data-name="${CSS.escape(name)}"]`)?.scrollIntoView({ block: "nearest" });
    }));
  }
}

// ---- start ----

async function start() {
  setConnection("connecting");
  connectEvents({
    state: onState,
    command: onCommand,
    log: onLog,
    onStatus: setConnection,
    onOpen: () => { refreshHistory(); refreshLog(); },
  });
  try {
    store.table = await api.verbs();
    consolePane.updateHint();
  } catch (error) {
    console.warn("verbs:", error.message);
  }
  $("command").focus();
}

start();
