// The hierarchy pane: containment drawn ├─ in grey, presentation ┄▸ in purple, each view
// controller's appearance, whether its view is loaded and in the window, leaks with their
// cause. One flat list of rows, keyed: a step redraws the rows of the view controllers it
// touched (and those whose place in the drawing moved), not the pane; long child lists fold.

import { FIRST_COMMAND, hint, esc, reconcile } from "./dom.js";
import { hierarchies, presentations, KIND_ICONS } from "./model.js";

const BIG = 80;   // a container with more children than this shows its ends
const ENDS = 25;

// name → { sig, html }: a row's HTML, kept until its view controller is touched or what else
// it shows (its place, the selection, the flash…) changes.
const rowCache = new Map();

/**
 * Draws the tree of `state`. `view.dirty` names the view controllers a step touched (their rows
 * are built again); null: everything may have changed. Returns the number of rows.
 */
export function renderTree(container, state, view) {
  if (!state) { container.innerHTML = `<div class="empty">Waiting for the model…</div>`; return; }
  if (!view.dirty) rowCache.clear();
  else for (const name of view.dirty) rowCache.delete(name);
  const vcs = state.viewControllers || {};
  const running = state.application?.state !== "notRunning";
  const items = [];
  const push = (key, text) => items.push({ key, html: text });
  push("§window", windowBlock(state));
  let empty = true;
  for (const _ in vcs) { empty = false; break; }
  if (empty) {
    push("§empty", running
      ? `<div class="empty">Nothing is allocated.</div>`
      : state.initial || state.application?.launches
        ? `<div class="empty">The app is not running. ${state.initial ? `Its Initial UI is <code>${esc(state.initial)}</code>: ` : ""}type ${hint("launch")}.</div>`
        : `<div class="empty first-visit"><p>No app yet. The best way in is a tutorial: <button type="button" class="primary" data-open-tutorials>Tutorials</button> plays one a step at a time, with what UIKit does at each.</p>`
          + `<p>Or start an app of your own — a navigation controller with a Home screen, launched: ${hint(FIRST_COMMAND)}. <b>help</b> lists every verb.</p></div>`);
    reconcile(container, items.filter((it) => it.html));
    return 0;
  }
  const presented = presentations(state);
  const leaked = new Set(state.leaked || []);
  const held = new Map();
  for (const h of state.holds || []) held.set(h.viewController, [...(held.get(h.viewController) || []), h.label]);
  const filter = (view.filter || "").toLowerCase();
  const matches = (name) => filter && findMatch(name, vcs[name], filter);
  let rows = 0;

  const rowHTML = (name, guide, connector, isPresented) => {
    const vc = vcs[name];
    const parentVC = vc.parent && vcs[vc.parent];
    // What the row shows besides its own entry: it is built again when any of it changes.
    const sig = [guide, connector, isPresented, leaked.has(name), view.selected === name, view.cursor === name, view.reveal === name, matches(name),
      view.flash?.added.has(name) ? "a" : view.flash?.changed.has(name) ? "c" : "", view.diff?.added.has(name) ? "a" : view.diff?.changed.has(name) ? "c" : "",
      view.collapsed.has(name), presented.has(name), state.window?.rootViewController === name, state.top === name,
      (held.get(name) || []).join("\u0001"), parentVC?.kind === "tabBar" ? `${parentVC.viewControllers.indexOf(name)}:${parentVC.selectedIndex}:${parentVC.viewControllers.length}` : ""].join("\u0002");
    const cached = rowCache.get(name);
    if (cached && cached.sig === sig) { rows++; return cached.html; }
    const built = buildRow(name, vc, guide, connector, isPresented);
    rowCache.set(name, { sig, html: built });
    return built;
  };

  const buildRow = (name, vc, guide, connector, isPresented) => {
    const classes = ["row", vc.appearance];
    if (isPresented) classes.push("presented");
    if (leaked.has(name)) classes.push("leaked");
    if (view.selected === name) classes.push("selected");
    if (view.cursor === name) classes.push("cursor");
    if (matches(name)) classes.push("match");
    if (view.reveal === name) classes.push("current-match");
    if (view.flash?.added.has(name)) classes.push("added");
    else if (view.flash?.changed.has(name)) classes.push("changed");
    if (view.diff?.added.has(name)) classes.push("diff-added");
    else if (view.diff?.changed.has(name)) classes.push("diff-changed");
    const kids = (vc.children?.length || 0) + (presented.has(name) ? 1 : 0);
    const icon = KIND_ICONS[vc.kind] || "▢";
    const twisty = kids ? ` data-toggle="${esc(name)}" title="${view.collapsed.has(name) ? "expand" : "collapse"} (${kids})"` : "";
    const tags = [];
    if (state.window?.rootViewController === name) tags.push(`<span class="tag root">root</span>`);
    if (vc.presentationStyle) {
      const requested = vc.modalPresentationStyle !== vc.presentationStyle ? ` title="modalPresentationStyle .${esc(vc.modalPresentationStyle)}, in effect .${esc(vc.presentationStyle)}"` : "";
      tags.push(`<span class="tag style"${requested}>presented ${esc(vc.presentationStyle)}</span>`);
    }
    const parent = vc.parent && vcs[vc.parent];
    if (parent?.kind === "tabBar") {
      const i = parent.viewControllers.indexOf(name);
      // More than five tabs: the fifth on are listed by the More tab (UIKit #55).
      const more = parent.viewControllers.length > 5 && i >= 4 ? ", under More" : "";
      tags.push(`<span class="tag">tab ${i}${parent.selectedIndex === i ? ", selected" : ""}${more}</span>`);
    }
    // selectedIndex reads NSNotFound while the More tab is selected (UIKit #56).
    if (vc.kind === "tabBar" && vc.viewControllers.length > 5 && vc.selectedIndex >= vc.viewControllers.length) {
      tags.push(`<span class="tag" title="selectedIndex reads NSNotFound (UIKit #56)">More tab selected</span>`);
    }
    tags.push(`<span class="tag ${esc(vc.appearance)}">${esc(vc.appearance)}</span>`);
    if (!vc.isViewLoaded) tags.push(`<span class="tag unloaded">view not loaded</span>`);
    else if (!vc.inWindow) tags.push(`<span class="tag outside">not in the window</span>`);
    if (vc.restored) tags.push(`<span class="tag">restored</span>`);
    for (const label of held.get(name) || []) tags.push(`<span class="tag held">held: ${esc(label)}</span>`);
    if (leaked.has(name)) tags.push(`<span class="tag leaked" title="${esc(state.memory?.[name]?.leakCause || "")}">LEAKED</span>`);
    if (state.top === name) tags.push(`<span class="tag top">← top</span>`);
    const cls = vc.class !== name && !name.startsWith(vc.class + "#") ? `<span class="cls">${esc(vc.class)}</span>` : "";
    rows++;
    // Very deep hierarchies: keep the last levels of the guide, say how deep it is.
    const shownGuide = guide.length > 96 ? `<span title="depth ${guide.length / 3}">⋯${guide.length / 3} </span>${guide.slice(-48)}` : guide;
    return `<div class="${classes.join(" ")}" data-name="${esc(name)}"${view.selected === name ? ` aria-selected="true"` : ""}><span class="guide">${shownGuide}${connector}</span>`
      + `<span class="icon"${twisty}>${kids && view.collapsed.has(name) ? "▸" : icon}</span>`
      + `<span class="name">${esc(name)}</span>${cls}<span class="tags">${tags.join("")}</span></div>`;
  };

  const seen = new Set();
  const walk = (name, guide, connector, childGuide, isPresented) => {
    if (seen.has(name) || !vcs[name]) return;
    seen.add(name);
    push(name, rowHTML(name, guide, connector, isPresented));
    if (view.collapsed.has(name)) return;
    const children = vcs[name].children || [];
    const items = [];
    const folded = children.length > BIG && !view.expanded.has(name);
    if (folded) {
      // Its ends, and the child on the way to the current Find match; "… N more" between.
      const keep = new Set();
      for (let i = 0; i < ENDS; i++) { keep.add(i); keep.add(children.length - 1 - i); }
      const toMatch = view.revealPath ? children.findIndex((c) => view.revealPath.has(c)) : -1;
      if (toMatch >= 0) keep.add(toMatch);
      let last = -1;
      for (const i of [...keep].sort((a, b) => a - b)) {
        if (i > last + 1) items.push({ more: i - last - 1, at: last + 1 });
        items.push({ name: children[i] });
        last = i;
      }
    } else {
      children.forEach((c) => items.push({ name: c }));
    }
    if (presented.has(name)) items.push({ name: presented.get(name), presented: true });
    items.forEach((item, i) => {
      const last = i === items.length - 1;
      const g = guide + childGuide;
      if (item.more) {
        push(`§more:${name}:${item.at}`, `<div class="row"><span class="guide">${g}├─ </span><span class="more" data-expand="${esc(name)}">… ${item.more} more in ${esc(name)} — show all</span></div>`);
        return;
      }
      const conn = item.presented ? `<span class="p">└┄▸ </span>` : last ? "└─ " : "├─ ";
      walk(item.name, g, conn, item.presented || last ? "   " : "│  ", item.presented);
    });
  };

  for (const h of hierarchies(state)) {
    if (h.kind === "leaked") {
      push(`§section:${h.root}`, `<div class="tree-section leak">Leaked — <span class="cause">${esc(h.cause)}</span></div>`);
    } else if (h.kind === "outside") {
      push(`§section:${h.root}`, `<div class="tree-section">Outside the window's hierarchy</div>`);
    } else {
      push(`§section:${h.root}`, `<div class="tree-section">rootViewController</div>`);
    }
    walk(h.root, "", "", "", vcs[h.root]?.presentationStyle != null);
  }
  reconcile(container, items.filter((it) => it.html));
  if (view.reveal && view.scrollToMatch) container.querySelector(".row.current-match")?.scrollIntoView({ block: "center" });
  return rows;
}

/** Whether Find's `query` (lower case) matches a view controller: its name or its class. */
export function findMatch(name, vc, query) {
  return name.toLowerCase().includes(query) || (vc?.class || "").toLowerCase().includes(query);
}

/**
 * Every view controller in the order the tree draws them when nothing is folded: each
 * hierarchy from its root, children before what it presents. Find counts and steps in it.
 */
export function treeOrder(state) {
  const vcs = state.viewControllers || {};
  const presented = presentations(state);
  const out = [];
  const seen = new Set();
  for (const h of hierarchies(state)) {
    const stack = [h.root];
    while (stack.length) {
      const name = stack.pop();
      if (seen.has(name) || !vcs[name]) continue;
      seen.add(name);
      out.push(name);
      if (presented.has(name)) stack.push(presented.get(name));
      const children = vcs[name].children || [];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return out;
}

/** `name` and the view controllers above it, through `parent` and the presenter. */
export function ancestors(state, name) {
  const vcs = state.viewControllers || {};
  const out = new Set();
  for (let n = name; n && vcs[n] && !out.has(n);) {
    out.add(n);
    const vc = vcs[n];
    n = vc.parent || (vc.presentationStyle != null ? vc.presentingViewController : null);
  }
  return out;
}

function windowBlock(state) {
  if (state.application?.state === "notRunning") return "";
  const subviews = state.windowSubviews || [];
  const head = `UIWindow${state.window?.isKeyWindow ? " (key)" : ""} · subviews, back to front`;
  const items = subviews.map((s) => {
    const classes = ["wv"];
    if (s.leftBehind) classes.push("left-behind");
    if (!s.visible) classes.push("hidden-layer");
    const label = s.kind === "rootView"
      ? `UIView — ${esc(state.window?.rootViewController ?? "nil")} (root view)`
      : `UITransitionView — presentation of ${esc(s.presented)}${s.leftBehind ? " (left behind)" : ""}`;
    const holds = s.viewControllers?.length ? s.viewControllers.join(", ") : "empty";
    return `<div class="${classes.join(" ")}"><span class="wv-kind">${label}</span><span class="wv-vcs">${esc(holds)}</span></div>`;
  });
  return `<div class="window-views"><div class="wv-head">${esc(head)}</div>${items.join("") || `<div class="wv"><span class="wv-vcs">no subviews</span></div>`}</div>`;
}
