// JSON Patch (RFC 6902) on the page's document, in place: the server sends every step as the
// operations that take the document from one step to the next (`patch` events, time travel),
// never the whole document again. Only what NavLab sends is needed: add, remove, replace.
// The values NavLab adds leave out what every view controller has (its defaults) and what the
// document derives from other fields; `complete` and `derive` put them back, so the document
// is exactly GET /api/state (Sources/NavLabCommands/Page/PageCompact.swift says what is left out).

/** A view controller's entry in the document's order, with the default of each field left out
 * (`appearance` is derived: its null is only its place). */
const VC_FIELDS = [
  ["class"], ["kind"], ["parent", null], ["children", []], ["presentedViewController", null], ["presentingViewController", null],
  ["modalPresentationStyle", "automatic"], ["presentationStyle", null], ["definesPresentationContext", false],
  ["restorationIdentifier", null], ["restorationPath", null], ["isViewLoaded", false], ["inWindow", false], ["appearance", null],
  ["restored", false], ["properties", {}],
];
const LISTS_CHILDREN = new Set(["navigation", "tabBar", "page"]);

/** The fields derived from others: `appearance`, and the child lists' copies. */
export function derive(vc) {
  if (!vc || typeof vc !== "object") return;
  vc.appearance = vc.inWindow ? "appeared" : "disappeared";
  if (LISTS_CHILDREN.has(vc.kind)) vc.viewControllers = [...(vc.children || [])];
  if (vc.kind === "navigation") vc.topViewController = vc.children?.length ? vc.children[vc.children.length - 1] : null;
}

/** A view controller's entry as the server added it, made whole. */
export function completeViewController(v) {
  const out = {};
  for (const field of VC_FIELDS) {
    const key = field[0];
    if (key in v) out[key] = v[key];
    else if (field.length > 1) out[key] = structuredClone(field[1]);
  }
  if (LISTS_CHILDREN.has(v.kind)) out.viewControllers = [];
  if (v.kind === "navigation") out.topViewController = null;
  for (const key of Object.keys(v)) if (!(key in out)) out[key] = v[key];
  derive(out);
  return out;
}

/** One `heldBy` element made whole. */
export function completeHolder(h) {
  if (!h || typeof h !== "object") return h;
  const out = h.kind === undefined ? { holder: h.holder, kind: "viewController", viewController: h.holder } : {};
  for (const key of Object.keys(h)) if (key !== "strong") out[key] = h[key];
  out.strong = h.strong ?? true;
  return out;
}

/** A `memory` entry made whole. */
export function completeMemory(m) {
  if (!m || typeof m !== "object") return m;
  return { heldBy: (m.heldBy || []).map(completeHolder), leakCause: m.leakCause ?? null };
}

/** What an added value at these keys is, made whole. */
function complete(keys, value) {
  if (keys[0] === "viewControllers" && keys.length === 2 && value && typeof value === "object") return completeViewController(value);
  if (keys[0] === "memory" && keys.length === 2) return completeMemory(value);
  if (keys[0] === "memory" && keys.length === 4 && keys[2] === "heldBy") return completeHolder(value);
  return value;
}

/** A JSON Pointer (RFC 6901) as its tokens. */
export function tokens(path) {
  if (path === "") return [];
  if (path[0] !== "/") throw new Error(`not a JSON Pointer: ${path}`);
  return path.slice(1).split("/").map((t) => (t.includes("~") ? t.replace(/~1/g, "/").replace(/~0/g, "~") : t));
}

/**
 * What a patch touched, for redrawing only that: the view controllers whose entry or memory
 * entry changed (`names`), those it added, or everything (`all`: the root replaced).
 */
export class Touched {
  constructor() {
    this.names = new Set();
    this.added = new Set();
    this.all = false;
  }

  note(op, keys) {
    const [top, name, field] = keys;
    if (!keys.length || ((top === "viewControllers" || top === "memory") && name === undefined)) { this.all = true; return; }
    if (top !== "viewControllers" && top !== "memory") return;
    this.names.add(name);
    if (top === "viewControllers" && field === undefined) {
      if (op === "add") this.added.add(name);
      else if (op === "remove") this.added.delete(name);
    }
  }
}

/**
 * Applies `ops` to `doc` in place. Returns the document (a new one when the root is replaced),
 * the operations that undo it (to apply in the order given), and what it touched. Throws on an
 * operation that does not fit the document: the caller then asks for the whole document.
 */
export function applyPatch(doc, ops, touched = new Touched(), { wantInverse = true } = {}) {
  const inverse = [];
  const derived = new Set();
  for (const raw of ops) {
    const keys = tokens(raw.path);
    const op = raw.op === "add" || raw.op === "replace" ? { ...raw, value: complete(keys, raw.value) } : raw;
    touched.note(op.op, keys);
    if (keys[0] === "viewControllers" && keys.length > 1) derived.add(keys[1]);
    if (!keys.length) {
      if (op.op !== "replace" && op.op !== "add") throw new Error(`cannot ${op.op} the whole document`);
      if (wantInverse) inverse.push({ op: "replace", path: "", value: doc });
      doc = op.value;
      continue;
    }
    let parent = doc;
    for (let i = 0; i < keys.length - 1; i++) {
      parent = Array.isArray(parent) ? parent[Number(keys[i])] : parent?.[keys[i]];
      if (parent == null || typeof parent !== "object") throw new Error(`no ${op.path} in the document`);
    }
    const last = keys[keys.length - 1];
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length || (op.op !== "add" && index >= parent.length)) {
        throw new Error(`index out of range: ${op.path}`);
      }
      if (op.op === "add") {
        parent.splice(index, 0, op.value);
        if (wantInverse) inverse.push({ op: "remove", path: op.path.replace(/-$/, String(index)) });
      } else if (op.op === "remove") {
        const [old] = parent.splice(index, 1);
        if (wantInverse) inverse.push({ op: "add", path: op.path, value: old });
      } else if (op.op === "replace") {
        if (wantInverse) inverse.push({ op: "replace", path: op.path, value: parent[index] });
        parent[index] = op.value;
      } else {
        throw new Error(`unsupported operation ${op.op}`);
      }
    } else {
      const had = Object.prototype.hasOwnProperty.call(parent, last);
      if (op.op === "add" || op.op === "replace") {
        if (op.op === "replace" && !had) throw new Error(`no ${op.path} to replace`);
        if (wantInverse) inverse.push(had ? { op: "replace", path: op.path, value: parent[last] } : { op: "remove", path: op.path });
        parent[last] = op.value;
      } else if (op.op === "remove") {
        if (!had) throw new Error(`no ${op.path} to remove`);
        if (wantInverse) inverse.push({ op: "add", path: op.path, value: parent[last] });
        delete parent[last];
      } else {
        throw new Error(`unsupported operation ${op.op}`);
      }
    }
  }
  for (const name of derived) derive(doc?.viewControllers?.[name]);
  inverse.reverse();
  return { doc, inverse, touched };
}

/** The view controllers and top-level fields `ops` will touch, before applying them. */
export function touchedBy(ops) {
  const touched = new Touched();
  for (const op of ops) touched.note(op.op, tokens(op.path));
  return touched;
}

/**
 * The parts of `doc` that model.js's diffStates reads, limited to the view controllers named:
 * with `copy`, a copy (taken before a step, which changes them in place).
 */
export function diffParts(doc, names, copy) {
  const dup = copy ? (v) => (v === undefined ? v : structuredClone(v)) : (v) => v;
  const vcs = {};
  for (const name of names) {
    const vc = doc.viewControllers?.[name];
    if (vc) vcs[name] = dup(vc);
  }
  return { window: dup(doc.window), application: dup(doc.application), leaked: dup(doc.leaked), screen: dup(doc.screen), viewControllers: vcs };
}
