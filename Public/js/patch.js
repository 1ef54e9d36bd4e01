// JSON Patch (RFC 6902) on the page's document, in place: the server sends every step as the
// operations that take the document from one step to the next (`patch` events, time travel),
// never the whole document again. Only what NavLab sends is needed: add, remove, replace, and
// copy (a new view controller's entries copied from a like one's, then the fields that differ).

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
  for (let op of ops) {
    // `copy` is an `add` of (a deep copy of) the value at `from` (RFC 6902 §4.5).
    if (op.op === "copy") op = { op: "add", path: op.path, value: structuredClone(valueAt(doc, op.from)) };
    const keys = tokens(op.path);
    touched.note(op.op, keys);
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
  inverse.reverse();
  return { doc, inverse, touched };
}

/** The value `path` points at in `doc`; throws when there is none. */
function valueAt(doc, path) {
  let v = doc;
  for (const k of tokens(path)) {
    v = Array.isArray(v) ? v[Number(k)] : (v !== null && typeof v === "object" && Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined);
    if (v === undefined) throw new Error(`no ${path} in the document to copy`);
  }
  return v;
}
