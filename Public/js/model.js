// Reading SPEC §3's state document: the hierarchy as the page draws it, and what changed
// between two states. The server computes everything about UIKit; this only arranges it.

/** presenter name → the view controller it presents (each presents at most one). */
export function presentations(state) {
  const map = new Map();
  for (const [name, vc] of Object.entries(state.viewControllers || {})) {
    if (vc.presentationStyle != null && vc.presentingViewController) map.set(vc.presentingViewController, name);
  }
  return map;
}

/**
 * The hierarchies to draw, in order: the window's root first, then every other tree of
 * allocated view controllers (leaked, or held by the app), each from its topmost ancestor
 * through `parent` and the presenting view controller.
 */
export function hierarchies(state) {
  const vcs = state.viewControllers || {};
  const presented = presentations(state);
  const seen = new Set();
  const out = [];
  const mark = (name) => {
    const stack = [name];
    while (stack.length) {
      const n = stack.pop();
      if (seen.has(n) || !vcs[n]) continue;
      seen.add(n);
      stack.push(...(vcs[n].children || []));
      if (presented.has(n)) stack.push(presented.get(n));
    }
  };
  const root = state.window?.rootViewController;
  if (root && vcs[root]) {
    out.push({ root, kind: "window" });
    mark(root);
  }
  for (const name of state.allocated || Object.keys(vcs)) {
    if (seen.has(name)) continue;
    let top = name;
    const guard = new Set();
    while (!guard.has(top)) {
      guard.add(top);
      const vc = vcs[top];
      const up = vc.parent || (vc.presentationStyle != null ? vc.presentingViewController : null);
      if (!up || !vcs[up]) break;
      top = up;
    }
    if (seen.has(top)) continue;
    const cause = state.memory?.[top]?.leakCause;
    out.push({ root: top, kind: cause ? "leaked" : "outside", cause });
    mark(top);
  }
  return out;
}

/** Short description of a view controller's kind, for icons and labels. */
export const KIND_ICONS = { plain: "▢", navigation: "☰", tabBar: "▦", split: "◫", page: "❐", container: "◰" };

const COMPARED = ["parent", "children", "presentedViewController", "presentingViewController", "presentationStyle",
  "isViewLoaded", "inWindow", "appearance", "selectedIndex", "viewControllers", "properties", "restored"];

/**
 * What changed from `before` to `after`: view controllers added and removed, and for the
 * others the fields that differ; plus the window and the leaks.
 */
export function diffStates(before, after) {
  const a = before?.viewControllers || {};
  const b = after?.viewControllers || {};
  const added = Object.keys(b).filter((n) => !(n in a));
  const removed = Object.keys(a).filter((n) => !(n in b));
  const changed = new Map();
  for (const name of Object.keys(b)) {
    if (!(name in a)) continue;
    const fields = [];
    for (const key of COMPARED) {
      const x = JSON.stringify(a[name][key] ?? null);
      const y = JSON.stringify(b[name][key] ?? null);
      if (x !== y) fields.push({ key, from: a[name][key] ?? null, to: b[name][key] ?? null });
    }
    if (fields.length) changed.set(name, fields);
  }
  const lines = [];
  const rootA = before?.window?.rootViewController ?? null;
  const rootB = after?.window?.rootViewController ?? null;
  if (rootA !== rootB) lines.push({ kind: "mod", text: `window.rootViewController: ${show(rootA)} → ${show(rootB)}` });
  const tvA = before?.window?.transitionViews ?? 0;
  const tvB = after?.window?.transitionViews ?? 0;
  if (tvA !== tvB) lines.push({ kind: tvB > tvA ? "del" : "mod", text: `UITransitionViews in the window: ${tvA} → ${tvB}` });
  const appA = before?.application?.state, appB = after?.application?.state;
  if (appA !== appB) lines.push({ kind: "mod", text: `application state: ${appA ?? "—"} → ${appB}` });
  if (added.length) lines.push({ kind: "add", text: `+ allocated: ${names(added)}` });
  if (removed.length) lines.push({ kind: "del", text: `− deallocated: ${names(removed)}` });
  const leakA = new Set(before?.leaked || []);
  const newLeaks = (after?.leaked || []).filter((n) => !leakA.has(n));
  if (newLeaks.length) lines.push({ kind: "del", text: `leaked: ${names(newLeaks)}` });
  elementLines(lines, "screen", before?.screen || [], after?.screen || []);
  for (const [name, fields] of changed) {
    for (const f of fields) {
      if (f.key === "inWindow") continue; // appearance says it
      if (Array.isArray(f.from) || Array.isArray(f.to)) elementLines(lines, `${name}.${f.key}`, f.from || [], f.to || []);
      else if (isObject(f.from) || isObject(f.to)) keyLines(lines, `${name}.${f.key}`, f.from || {}, f.to || {});
      else lines.push({ kind: "mod", text: `${name}.${f.key}: ${show(f.from)} → ${show(f.to)}` });
    }
  }
  return { added: new Set(added), removed, changed, lines };
}

const LISTED = 12; // names written out in one line before "and N more"

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const show = (v) => (v === null || v === undefined ? "nil" : isObject(v) || Array.isArray(v) ? JSON.stringify(v) : String(v));
const names = (list) => (list.length > LISTED ? `${list.slice(0, LISTED).join(", ")} and ${list.length - LISTED} more` : list.join(", "));

/**
 * An array's change as its elements: those added, those removed, and, when the same elements
 * only changed places, the new order (short lists only). Never the whole array: a push on a
 * stack of 10,000 is one line, `+ Details`.
 */
function elementLines(lines, label, from, to) {
  const a = new Set(from), b = new Set(to);
  const plus = to.filter((x) => !a.has(x));
  const minus = from.filter((x) => !b.has(x));
  if (plus.length) lines.push({ kind: "add", text: `${label}: + ${names(plus)}${plus.length === 1 ? ` (at ${to.indexOf(plus[0])})` : ""}` });
  if (minus.length) lines.push({ kind: "del", text: `${label}: − ${names(minus)}` });
  if (!plus.length && !minus.length) {
    lines.push({ kind: "mod", text: to.length <= LISTED ? `${label}: reordered to ${names(to)}` : `${label}: reordered (${to.length} elements)` });
  }
}

/** An object's change (a view controller's `properties`) as the keys set, changed and removed. */
function keyLines(lines, label, from, to) {
  for (const key of Object.keys(to)) {
    if (!(key in from)) lines.push({ kind: "add", text: `${label}.${key}: + ${show(to[key])}` });
    else if (JSON.stringify(from[key]) !== JSON.stringify(to[key])) lines.push({ kind: "mod", text: `${label}.${key}: ${show(from[key])} → ${show(to[key])}` });
  }
  for (const key of Object.keys(from)) if (!(key in to)) lines.push({ kind: "del", text: `${label}.${key}: − ${show(from[key])}` });
}

/** Whether two state documents are the same JSON (objects' key order aside). */
export function sameDocument(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameDocument(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.prototype.hasOwnProperty.call(b, k) || !sameDocument(a[k], b[k])) return false;
  return true;
}
