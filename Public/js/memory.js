// The memory pane: every allocated view controller and what holds it (strong references by
// property; weak ones dashed), the leaks grouped by their cause first.

import { cited, esc, reconcile } from "./dom.js";

// name → { sig, html }, kept until the view controller's memory entry is touched.
const rowCache = new Map();

const WEAK_SHOWN = 8; // weak holders listed on a row before "+ N more weak"
const FIRST = 250; // rows drawn until "show all" is clicked (leaked and selected ones always)

export function renderMemory(container, summaryEl, state, view) {
  if (!state) return;
  if (!view.dirty) rowCache.clear();
  else for (const name of view.dirty) rowCache.delete(name);
  const allocated = state.allocated || [];
  const leaked = new Set(state.leaked || []);
  const memory = state.memory || {};
  summaryEl.textContent = allocated.length
    ? `${allocated.length} allocated${leaked.size ? ` · ${leaked.size} leaked` : ""}`
    : "";
  if (!allocated.length) {
    container.innerHTML = `<div class="empty">Nothing is allocated.</div>`;
    return;
  }
  const items = [];
  const causes = new Set([...leaked].map((n) => memory[n]?.leakCause));
  if (leaked.size) {
    const byCause = new Map();
    for (const name of state.leaked) {
      const cause = memory[name]?.leakCause || "leaked";
      byCause.set(cause, [...(byCause.get(cause) || []), name]);
    }
    items.push({ key: "§leaks", html: `<div class="mem-leaks">${[...byCause].map(([cause, names]) => `<div>leaked: ${esc(names.join(", "))} — ${cited(cause)}</div>`).join("")}</div>` });
  }
  let rows = allocated;
  if (!view.showAllMemory && allocated.length > FIRST) {
    rows = allocated.filter((n, i) => i < FIRST || leaked.has(n) || n === view.selected);
  }
  for (const name of rows) {
    const sig = `${leaked.has(name)}${view.selected === name}${causes.size > 1}`;
    const cached = rowCache.get(name);
    if (cached && cached.sig === sig) { items.push({ key: name, html: cached.html }); continue; }
    const refs = memory[name]?.heldBy || [];
    // Every strong holder; weak ones (a container's children, each with a weak `parent`)
    // up to a few, then how many more: a stack of 10,000 is one short row.
    const weak = refs.filter((r) => !r.strong);
    const shownRefs = weak.length > WEAK_SHOWN ? [...refs.filter((r) => r.strong), ...weak.slice(0, WEAK_SHOWN)] : refs;
    const chips = shownRefs.map((r) => {
      const cls = ["ref", r.strong ? "" : "weak", r.kind === "transitionView" ? "tv" : "", r.kind === "app" ? "app" : "", r.kind === "window" ? "win" : ""].filter(Boolean).join(" ");
      const holder = r.kind === "app" ? `app: ${r.label}` : r.kind === "transitionView" ? "UITransitionView" : r.holder;
      const prop = r.kind === "app" ? "" : `.${r.property}`;
      return `<span class="${cls}" title="${esc(`${r.holder}.${r.property} (${r.strong ? "strong" : "weak"})`)}">${esc(holder + prop)}</span>`;
    });
    if (shownRefs.length < refs.length) {
      const more = refs.length - shownRefs.length;
      chips.push(`<span class="ref weak more" title="${more} more weak references (each child's parent)">+ ${more.toLocaleString("en-US")} more weak</span>`);
    }
    const strong = refs.some((r) => r.strong);
    const classes = ["mem-row", leaked.has(name) ? "leaked" : "", view.selected === name ? "selected" : ""].filter(Boolean).join(" ");
    const title = leaked.has(name) ? `${name}: LEAKED — ${memory[name]?.leakCause || ""}` : name;
    const html = `<div class="${classes}" data-name="${esc(name)}"><span class="n" title="${esc(title)}">${esc(name)}</span>`
      + `<span class="h">${strong ? "" : `<span class="ref weak">nothing strong</span>`}${chips.join("")}</span>`
      // One cause for every leak is said once, above; several are said on each row.
      + (leaked.has(name) && causes.size > 1 ? `<span class="cause">${cited(memory[name]?.leakCause || "")}</span>` : "") + `</div>`;
    rowCache.set(name, { sig, html });
    items.push({ key: name, html });
  }
  if (rows.length < allocated.length) {
    items.push({ key: "§more", html: `<a class="show-more" data-show-all="memory">show all ${allocated.length} (${allocated.length - rows.length} more)</a>` });
  }
  reconcile(container, items);
}
