// Reading the state document (Docs/Page.md, "The state document"): the hierarchy as the page
// draws it. The engine computes everything about UIKit, and what each step changed; this only
// arranges it.

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
