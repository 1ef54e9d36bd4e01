// The memory pane: every allocated view controller and who keeps it alive (strong references
// by property), its weak references as a count that opens on a click (dashed), the leaks
// grouped by their cause first.

import { cited, esc, reconcile } from "./dom.js";

// name → { sig, html }, kept until the view controller's memory entry is touched.
const rowCache = new Map();

const WEAK_OPEN_MAX = 500; // weak holders listed on an opened row before "+ N more"
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
    container.innerHTML = `<div class="empty">${state.application?.state === "notRunning" ? "The app is not running: nothing is allocated." : "Nothing is allocated."}</div>`;
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
    const open = view.weakOpen?.has(name) ?? false;
    const sig = `${leaked.has(name)}${view.selected === name}${causes.size > 1}${open}`;
    const cached = rowCache.get(name);
    if (cached && cached.sig === sig) { items.push({ key: name, html: cached.html }); continue; }
    const refs = memory[name]?.heldBy || [];
    // What keeps it alive: every strong holder. Weak references hold nothing: a count (a
    // stack of 10,000 is one short row), listed when the count is clicked.
    const chips = holderChips(name, refs, open);
    const classes = ["mem-row", leaked.has(name) ? "leaked" : "", view.selected === name ? "selected" : ""].filter(Boolean).join(" ");
    const title = leaked.has(name) ? `${name}: LEAKED — ${memory[name]?.leakCause || ""}` : name;
    const html = `<div class="${classes}" data-name="${esc(name)}"><span class="n" title="${esc(title)}">${esc(name)}</span>`
      + `<span class="h">${chips.join("")}</span>`
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

/**
 * Who holds `name`, as chips: every strong holder (or "nothing strong"); then, when `open`,
 * its weak references (at most WEAK_OPEN_MAX); then their count, `data-weak`, which lists or
 * hides them.
 * A view controller holding it carries `data-name`, for the panes that select by a click.
 */
export function holderChips(name, refs, open) {
  const weak = refs.filter((r) => !r.strong);
  const strong = refs.filter((r) => r.strong);
  const chips = [...strong, ...(open ? weak.slice(0, WEAK_OPEN_MAX) : [])].map((r) => {
    const cls = ["ref", r.strong ? "" : "weak", r.kind === "transitionView" ? "tv" : "", r.kind === "app" ? "app" : "", r.kind === "window" ? "win" : ""].filter(Boolean).join(" ");
    const holder = r.kind === "app" ? `app: ${r.label}` : r.kind === "transitionView" ? "UITransitionView" : r.holder;
    const prop = r.kind === "app" ? "" : `.${r.property}`;
    const link = r.kind === "viewController" && r.viewController ? ` data-name="${esc(r.viewController)}"` : "";
    return `<span class="${cls}"${link} title="${esc(`${r.holder}.${r.property} (${r.strong ? "strong" : "weak"})`)}">${esc(holder)}<wbr>${esc(prop)}</span>`;
  });
  if (!strong.length) chips.unshift(`<span class="ref weak">nothing strong</span>`);
  if (weak.length) {
    const n = weak.length.toLocaleString("en-US");
    const label = open ? "hide weak" : `${n} weak`;
    const tip = open ? "hide the weak references" : `${n} weak reference${weak.length === 1 ? "" : "s"} (they keep nothing alive): click to list them`;
    chips.push(`<span class="ref weak count" data-weak="${esc(name)}" role="button" tabindex="0" title="${esc(tip)}">${label}</span>`);
    if (open && weak.length > WEAK_OPEN_MAX) chips.push(`<span class="ref weak more">+ ${(weak.length - WEAK_OPEN_MAX).toLocaleString("en-US")} more weak</span>`);
  }
  return chips;
}
