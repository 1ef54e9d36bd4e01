// The inspector: everything about the selected view controller at the step the panes show.
// Its entry in the state document (every field), its app properties and what restoration
// brought back, its restoration identifier and path and what the archive holds there, what it
// presents and who presents it, its strong holders (weak ones as a count), the chain of strong
// references that keeps it alive (the `why` answer, drawn), and the notes and warnings that
// named it, each cited fact readable in place.

import { cited, esc } from "./dom.js";
import { KIND_ICONS } from "./model.js";
import { holderChips } from "./memory.js";

const LIST_ENDS = 10; // a long array shows this many at each end

// Fields shown in their own sections, not again in "Fields".
const NOTED = new Set(["properties"]);

/**
 * Draws the inspector for `name` in `state`. `extra` is GET /api/inspect's answer for that name
 * at that step (null while it is fetched); `history` the timeline, for the notes; `weakOpen`
 * whether its weak references are listed.
 */
export function renderInspector(container, titleEl, state, name, extra, history, weakOpen) {
  const vc = name && state?.viewControllers?.[name];
  if (!name) {
    titleEl.textContent = "";
    container.innerHTML = `<div class="empty">Select a view controller (click it in any pane, or move to it in the hierarchy with the arrow keys and press Enter) to see its fields, what restoration brought back, who holds it and why it is alive.</div>`;
    return;
  }
  titleEl.textContent = `step ${state?.seq ?? "?"}`;
  if (!vc) {
    container.innerHTML = `<div class="empty"><b>${esc(name)}</b> is not allocated at step ${esc(state?.seq)}.</div>`;
    return;
  }
  const leaked = (state.leaked || []).includes(name);
  const parts = [];
  const badges = [];
  if (state.window?.rootViewController === name) badges.push(`<span class="tag root">root</span>`);
  if (state.top === name) badges.push(`<span class="tag top">top</span>`);
  badges.push(`<span class="tag ${esc(vc.appearance)}">${esc(vc.appearance)}</span>`);
  if (vc.restored) badges.push(`<span class="tag restored">restored</span>`);
  if (leaked) badges.push(`<span class="tag leaked">LEAKED</span>`);
  parts.push(`<div class="in-head"><span class="icon">${KIND_ICONS[vc.kind] || "▢"}</span><span class="in-name">${esc(name)}</span>`
    + `<span class="cls">${esc(vc.class)}${vc.kind !== "plain" ? ` · ${esc(vc.kind)}` : ""}</span><div class="tags">${badges.join("")}</div></div>`);

  parts.push(section("Why it is alive", retainChain(name, extra, leaked, state)));
  parts.push(section("Held by", holders(name, state, weakOpen)));
  parts.push(section("Presentation", presentation(name, vc, state)));
  parts.push(section("State restoration", restoration(vc, extra)));
  parts.push(section("Properties", properties(vc)));
  parts.push(section("Fields", fields(vc)));
  parts.push(section("Notes and warnings", notes(name, history, state.seq)));
  container.innerHTML = parts.join("");
}

const section = (title, body) => `<section class="in-sec"><h3>${esc(title)}</h3>${body}</section>`;

/** A value as the state document has it, readably: nil, a list, a quoted string. */
function value(v) {
  if (v === null || v === undefined) return `<span class="nil">nil</span>`;
  if (Array.isArray(v)) {
    // A stack of 10,000: its ends and how many are between.
    if (v.length > 2 * LIST_ENDS) return `[${v.slice(0, LIST_ENDS).map(esc).join(", ")}, <span class="muted">… ${v.length - 2 * LIST_ENDS} more …</span>, ${v.slice(-LIST_ENDS).map(esc).join(", ")}] <span class="muted">(${v.length})</span>`;
    return v.length ? `[${v.map((x) => esc(x)).join(", ")}]` : "[]";
  }
  if (typeof v === "object") return esc(JSON.stringify(v));
  if (typeof v === "boolean") return `<span class="bool">${v}</span>`;
  return esc(v);
}

/** The `why` answer as a chain of boxes: the root that holds it, each reference, the view controller. */
function retainChain(name, extra, leaked, state) {
  if (!extra) return `<div class="muted">…</div>`;
  const path = extra.retainPath || [];
  const cause = leaked ? `<div class="in-cause">leaked — ${cited(extra.leakCause || state.memory?.[name]?.leakCause || "")}</div>` : "";
  if (!path.length) {
    return `<div class="chain" data-chain="none"><div class="link root-none">reachable from no root</div></div>`
      + `<pre class="why">${esc(extra.why)}</pre>${cause}`;
  }
  const first = path[0];
  const kind = first.kind === "transitionView" ? "tv" : first.kind === "app" ? "app" : "win";
  const nodes = [`<div class="node ${kind}" data-holder="${esc(first.holder)}">${esc(first.holder)}</div>`];
  for (const ref of path) {
    nodes.push(`<div class="edge">.${esc(ref.property)}</div>`);
    const cls = ["node", "vc", ref.target === name ? "target" : "", (state.leaked || []).includes(ref.target) ? "leaked" : ""].filter(Boolean).join(" ");
    nodes.push(`<div class="${cls}" data-name="${esc(ref.target)}">${esc(ref.target)}</div>`);
  }
  const verdict = extra.reachable
    ? `<div class="in-ok">alive because the app can reach it</div>`
    : `<div class="in-cause">nothing the app can reach holds ${esc(name)}: leaked — ${cited(extra.leakCause || "")}</div>`;
  return `<div class="chain" data-chain="${esc(path.map((r) => r.target).join(" "))}">${nodes.join("")}</div>${verdict}`
    + `<div class="muted small">At the prompt: <code>why ${esc(name)}</code></div>`;
}

function holders(name, state, weakOpen) {
  return `<div class="refs">${holderChips(name, state.memory?.[name]?.heldBy || [], weakOpen).join("")}</div>`;
}

function presentation(name, vc, state) {
  const rows = [];
  const presented = vc.presentedViewController;
  if (presented) {
    const p = state.viewControllers?.[presented];
    rows.push(kv("presents", `<a class="vc-link" data-name="${esc(presented)}">${esc(presented)}</a>${p?.presentationStyle ? ` <span class="muted">(${esc(p.presentationStyle)})</span>` : ""}`));
  }
  if (vc.presentationStyle != null) {
    rows.push(kv("presented by", `<a class="vc-link" data-name="${esc(vc.presentingViewController)}">${esc(vc.presentingViewController)}</a>`));
    rows.push(kv("modalPresentationStyle", esc(vc.modalPresentationStyle)));
    rows.push(kv("in effect", esc(vc.presentationStyle) + (vc.presentationStyle !== vc.modalPresentationStyle ? ` <span class="muted">(adapted)</span>` : "")));
  } else if (vc.presentingViewController) {
    rows.push(kv("presentingViewController", `<a class="vc-link" data-name="${esc(vc.presentingViewController)}">${esc(vc.presentingViewController)}</a> <span class="muted">(inherited from its container)</span>`));
  }
  return rows.length ? `<table class="kv">${rows.join("")}</table>` : `<div class="muted">It presents nothing and is not presented.</div>`;
}

/** A restoration path that breaks after its slashes, not inside a class name. */
const path = (p) => p == null ? value(p) : esc(p).replaceAll("/", "/<wbr>");

function restoration(vc, extra) {
  const rows = [kv("restorationIdentifier", value(vc.restorationIdentifier)), kv("restorationPath", path(vc.restorationPath)), kv("restored", value(vc.restored))];
  let archive = "";
  const a = extra?.archive;
  if (!extra) archive = `<div class="muted">…</div>`;
  else if (!a) archive = `<div class="muted">The app has no restoration archive at this step.</div>`;
  else if (a.damaged) archive = `<div class="in-cause">The archive is damaged: ${esc(a.damaged)}</div>`;
  else if (!a.entry) {
    archive = `<div class="muted">The archive holds nothing at ${vc.restorationPath ? `<code>${esc(vc.restorationPath)}</code>` : "its path (it has no restoration identifier)"}.</div>`;
  } else {
    const e = a.entry;
    const keys = { ...e.viewState, ...e.state };
    archive = `<div class="in-sub">In the archive</div><table class="kv">`
      + kv("path", path(e.path)) + kv("class", esc(e.class)) + kv("found by", esc(e.foundBy)) + kv("relation", esc(e.relation))
      + (e.selectedIndex != null ? kv("selectedIndex", esc(e.selectedIndex)) : "")
      + Object.entries(keys).map(([k, v]) => kv(k, esc(v), "encoded")).join("")
      + `</table>`;
  }
  return `<table class="kv">${rows.join("")}</table>${archive}`;
}

function properties(vc) {
  const props = Object.entries(vc.properties || {});
  if (!props.length) return `<div class="muted">No app properties are set.</div>`;
  const note = vc.restored ? `<div class="muted small">Restored from the archive: what its view and decodeRestorableState brought back are here.</div>` : "";
  return `<table class="kv" data-properties>${props.map(([k, v]) => kv(k, value(v), "", k)).join("")}</table>${note}`;
}

function fields(vc) {
  const rows = Object.entries(vc).filter(([k]) => !NOTED.has(k)).map(([k, v]) => kv(k, value(v)));
  return `<table class="kv" data-fields>${rows.join("")}</table>`;
}

function kv(key, html, cls = "", dataKey = null) {
  return `<tr class="${cls}"${dataKey != null ? ` data-key="${esc(dataKey)}"` : ""}><th>${esc(key)}</th><td>${html}</td></tr>`;
}

/** Whether `text` names `name` as a whole word (names hold letters, digits, `#`, `:`, `_`). */
function mentions(text, name) {
  let at = text.indexOf(name);
  while (at >= 0) {
    const before = at === 0 ? "" : text[at - 1];
    const after = text[at + name.length] ?? "";
    if (!/[\w#:]/.test(before) && !/[\w#]/.test(after)) return true;
    at = text.indexOf(name, at + 1);
  }
  return false;
}

const MAX_NOTES = 30;
let notesMemo = { key: null, html: "" };

/** The notes, warnings and leak reports of the steps up to `seq` that name `name`, newest first. */
function notes(name, history, seq) {
  const key = `${name}\u0001${seq}\u0001${history?.seq}\u0001${history?.entries?.length}\u0001${history?.cursor}`;
  if (notesMemo.key !== key) notesMemo = { key, html: notesHTML(name, history, seq) };
  return notesMemo.html;
}

function notesHTML(name, history, seq) {
  const found = [];
  for (const entry of history?.entries || []) {
    if (entry.undone || entry.seq > seq) continue;
    for (const e of entry.events || []) {
      if (e.callback !== "note" && e.callback !== "warning" && e.callback !== "leak") continue;
      if (!e.message || !mentions(e.message, name)) continue;
      found.push({ seq: entry.seq, command: entry.command, kind: e.callback, message: e.message });
    }
  }
  if (!found.length) return `<div class="muted">No note or warning has named it.</div>`;
  const shown = found.slice(-MAX_NOTES).reverse();
  return shown.map((n) => {
    const facts = [...new Set([...n.message.matchAll(/UIKit #\d+(?:(?:, #| and #|–)\d+)*/g)].flatMap((m) => [...m[0].matchAll(/\d+/g)].map((d) => d[0])))];
    const details = facts.map((f) => `<details class="in-fact" data-fact-inline="${f}"><summary>UIKit #${f}</summary><div class="fact-text muted">loading…</div></details>`).join("");
    const label = n.kind === "warning" ? "UIKit warning" : n.kind === "leak" ? "leak" : "note";
    return `<div class="in-note ${esc(n.kind)}"><div class="in-note-head"><span class="seq">step ${n.seq}</span> <code>${esc(n.command)}</code> · ${label}</div>`
      + `<div class="in-note-text">${cited(n.message)}</div>${details}</div>`;
  }).join("") + (found.length > MAX_NOTES ? `<div class="muted small">and ${found.length - MAX_NOTES} earlier</div>` : "");
}
