// The Storyboard tab: the storyboards `import storyboard` read, drawn as a map — each scene a
// box (its class, its storyboard ID; a reference says what it stands for), relationships and
// embeds solid arrows, the segues a scene performs dashed ones labelled kind · identifier, the
// initial view controller marked, the scenes that have instances now highlighted. A storyboard
// reference is joined to the scene it stands for in the other storyboard by a dashed cyan
// arrow labelled "reference": storyboards joined so are one drawing, a box around each. The
// segues the screen can perform (the document's `segues`, the engine's list) are buttons, on
// the map and above it: a click runs `segue ID from NAME` as the command box would. The map
// zooms (the pane head's − 100% + Fit, Ctrl+wheel) and pans (scrolling, or dragging it).
// The layout is dagre's (Public/vendor/dagre.min.js, loaded the first time a map is drawn).

import { esc } from "./dom.js";

let dagreLoading = null;
/** dagre, loaded once as a classic script (it defines globalThis.dagre). */
function loadDagre() {
  if (globalThis.dagre) return Promise.resolve(globalThis.dagre);
  dagreLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "vendor/dagre.min.js";
    script.onload = () => (globalThis.dagre ? resolve(globalThis.dagre) : reject(new Error("vendor/dagre.min.js defined no dagre")));
    script.onerror = () => { dagreLoading = null; reject(new Error("cannot load vendor/dagre.min.js")); };
    document.head.append(script);
  });
  return dagreLoading;
}

const PAD = 12;
// The texts' widths as this browser draws them with the map's own styles (its monospace font is
// not every browser's): measured once each in a hidden drawing; without a page, a monospace
// font's usual widths.
const KINDS = { title: [".sb-scene .sb-class", 7.3], detail: [".sb-scene .sb-detail", 6.3], mark: [".sb-scene .sb-initial-mark", 6],
  label: [".sb-label text", 6.3], cluster: [".sb-cluster-name", 6.7] };
let probe = null;
const measured = new Map();
function measure(text, kind) {
  if (!text) return 0;
  if (typeof document === "undefined" || !document.body) return text.length * KINDS[kind][1];
  const key = `${kind}\u0000${text}`;
  if (measured.has(key)) return measured.get(key);
  if (!probe?.isConnected) {
    const holder = document.createElement("div");
    holder.setAttribute("aria-hidden", "true");
    holder.style.cssText = "position:absolute;left:-10000px;top:0;visibility:hidden;pointer-events:none";
    holder.innerHTML = `<svg class="sb-map" xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g class="sb-scene"><text class="sb-class"></text><text class="sb-detail"></text><text class="sb-initial-mark"></text></g><g class="sb-label"><text></text></g><text class="sb-cluster-name"></text></svg>`;
    document.body.append(holder);
    probe = holder;
  }
  const el = probe.querySelector(KINDS[kind][0]);
  el.textContent = text;
  const width = el.getComputedTextLength() || text.length * KINDS[kind][1];
  measured.set(key, width);
  return width;
}
// A box's lines: the initial mark (inside the box, so that no arrow or storyboard name covers
// it), the class, the detail.
const MARK_H = 13, TITLE_H = 30, DETAIL_H = 14;
// Arrows' labels; those of segues with an identifier (the ones the screen may perform, blue
// buttons then) as tall as a tap target (24 px) at 100%.
const LABEL_H = 18, GO_H = 24, TAP = 24;
// The zoom: steps of 1.25 between these.
const ZOOM_MIN = 0.25, ZOOM_MAX = 2.5, ZOOM_STEP = 1.25;

// The last layout, kept while the storyboards and the pane's size stay the same.
let cached = { key: null, layouts: null };
// 1 is 100%; "fit": the largest drawing as large as the pane (at most 150%).
let zoomSetting = 1;

function layoutKey(boards, size) {
  return size + JSON.stringify(boards.map((b) => [b.name, b.initialViewController,
    b.scenes.map((s) => [s.id, s.class, s.storyboardID, s.reference]), b.segues]));
}

function sceneTitle(s) {
  return s.reference ? `↗ ${s.reference.storyboard}` : s.class;
}
function sceneDetail(s) {
  if (s.reference) return s.reference.identifier ? `reference · ${s.reference.identifier}` : "reference · initial";
  return s.storyboardID ? `storyboard ID: ${s.storyboardID}` : "";
}
function edgeLabel(g) {
  return g.identifier ? `${g.kind} · ${g.identifier}` : g.kind;
}

/** The scene a storyboard reference stands for, in `boards`: [board, scene], or null. */
export function referenced(boards, s) {
  if (!s.reference) return null;
  const board = boards.find((b) => b.name === s.reference.storyboard);
  if (!board) return null;
  const scene = s.reference.identifier
    ? board.scenes.find((x) => x.storyboardID === s.reference.identifier)
    : board.scenes.find((x) => x.id === board.initialViewController);
  return scene && !scene.reference ? [board, scene] : null;
}

/**
 * The storyboards in drawings: those joined by references (either way, through others too)
 * together, each drawing in the order the first of them was imported; inside, import order.
 */
export function drawings(boards) {
  const group = boards.map((_, i) => i);
  const find = (i) => (group[i] === i ? i : (group[i] = find(group[i])));
  boards.forEach((b, i) => {
    for (const s of b.scenes) {
      const to = referenced(boards, s);
      if (to) group[find(boards.indexOf(to[0]))] = find(i);
    }
  });
  const out = new Map();
  boards.forEach((b, i) => {
    const root = find(i);
    if (!out.has(root)) out.set(root, []);
    out.get(root).push(b);
  });
  return [...out.values()].sort((a, b) => boards.indexOf(a[0]) - boards.indexOf(b[0]));
}

const nodeID = (board, scene) => `${board.name}/${scene.id}`;

/**
 * One drawing laid out: its storyboards (one, or several joined by references, each a dagre
 * cluster), the nodes and edges with coordinates, the clusters' boxes, the drawing's size.
 */
export function layOut(dagre, boards, rankdir) {
  const several = boards.length > 1;
  const g = new dagre.graphlib.Graph({ multigraph: true, compound: several });
  // Several: more room around each storyboard's scenes, for its name in its box's top band.
  g.setGraph(several
    ? { rankdir, nodesep: 32, ranksep: 48, edgesep: 12, marginx: 16, marginy: 16 }
    : { rankdir, nodesep: 24, ranksep: 40, edgesep: 12, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const board of boards) {
    const cluster = `storyboard:${board.name}`;
    if (several) g.setNode(cluster, { board, cluster: true });
    for (const s of board.scenes) {
      const detail = sceneDetail(s);
      const initial = s.id === board.initialViewController;
      const longest = Math.max(measure(sceneTitle(s), "title"), measure(detail, "detail"), initial ? measure("▶ initial", "mark") : 0);
      g.setNode(nodeID(board, s), {
        width: Math.ceil(longest + 2 * PAD), height: TITLE_H + (detail ? DETAIL_H : 0) + (initial ? MARK_H : 0),
        scene: s, board, initial,
      });
      if (several) g.setParent(nodeID(board, s), cluster);
    }
  }
  boards.forEach((board, b) => {
    const ids = new Set(board.scenes.map((s) => s.id));
    board.segues.forEach((e, i) => {
      if (!ids.has(e.source) || !ids.has(e.destination)) return; // an unwind's Exit: not a scene
      const text = edgeLabel(e);
      g.setEdge(`${board.name}/${e.source}`, `${board.name}/${e.destination}`,
        { label: text, width: Math.ceil(measure(text, "label") + 12), height: e.identifier ? GO_H : LABEL_H, labelpos: "c", segue: e, board }, `s${b}.${i}`);
    });
    for (const s of board.scenes) {
      const to = referenced(boards, s);
      if (!to) continue;
      g.setEdge(nodeID(board, s), nodeID(to[0], to[1]),
        { label: "reference", width: Math.ceil(measure("reference", "label") + 12), height: LABEL_H, labelpos: "c", reference: { from: [board, s], to } }, `r${b}.${s.id}`);
    }
  });
  dagre.layout(g);
  const graph = g.graph();
  const nodes = [], clusters = [];
  for (const id of g.nodes()) {
    const n = g.node(id);
    if (n.cluster) clusters.push(n);
    else nodes.push(n);
  }
  return {
    boards,
    width: Math.ceil(graph.width || 0), height: Math.ceil(graph.height || 0),
    nodes, clusters,
    edges: g.edges().map((e) => g.edge(e)),
  };
}

function path(points) {
  return points.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
}

/** The performable segues by storyboard and the segue's element id. */
function performableBySegue(state) {
  const out = new Map();
  for (const p of state.segues || []) {
    const key = `${p.storyboard}/${p.segue}`;
    if (!out.has(key)) out.set(key, p);
  }
  return out;
}

const command = (p) => `segue ${p.identifier} from ${p.viewController}`;
const f1 = (n) => n.toFixed(1);

function drawingSVG(layout, state, index, zoom) {
  const performable = performableBySegue(state);
  // The layout may be an earlier document's: what exists now is read from this one.
  const now = new Map();
  for (const b of state.storyboards || []) for (const s of b.scenes) now.set(`${b.name}/${s.id}`, s.instances || []);
  const parts = [];
  const marker = `sb-arrow-${index}`, refMarker = `sb-ref-arrow-${index}`;
  parts.push(`<defs>`
    + `<marker id="${marker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="sb-arrowhead"/></marker>`
    + `<marker id="${refMarker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="sb-arrowhead sb-ref-head"/></marker>`
    + `</defs>`);
  // Each storyboard's box; its name over the arrows that cross it (drawn after them).
  const names = [];
  for (const c of layout.clusters) {
    const name = `${c.board.name}.storyboard`;
    const x = c.x - c.width / 2, y = c.y - c.height / 2, w = Math.ceil(measure(name, "cluster"));
    // A name wider than its storyboard's scenes: the box grows to the right to hold it.
    parts.push(`<g class="sb-cluster" data-storyboard="${esc(c.board.name)}"><rect x="${f1(x)}" y="${f1(y)}" width="${Math.max(c.width, w + 16)}" height="${f1(c.height)}" rx="8"/></g>`);
    names.push(`<g class="sb-cluster-label"><rect x="${f1(x + 5)}" y="${f1(y + 4)}" width="${w + 6}" height="15" rx="3"/><text class="sb-cluster-name" x="${f1(x + 8)}" y="${f1(y + 15)}">${esc(name)}</text></g>`);
  }
  for (const e of layout.edges) {
    if (e.reference) {
      const [fb, fs] = e.reference.from, [tb, ts] = e.reference.to;
      parts.push(`<path class="sb-edge sb-reference" d="${path(e.points)}" marker-end="url(#${refMarker})" data-from="${esc(nodeID(fb, fs))}" data-to="${esc(nodeID(tb, ts))}"/>`);
      continue;
    }
    const seg = e.segue;
    const action = seg.kind !== "relationship" && seg.kind !== "embed";
    parts.push(`<path class="sb-edge${action ? " sb-action" : ""}" d="${path(e.points)}" marker-end="url(#${marker})"/>`);
  }
  parts.push(...names);
  for (const e of layout.edges) {
    const p = e.segue?.id ? performable.get(`${e.board.name}/${e.segue.id}`) : null;
    const w = e.width, h = p ? GO_H - 2 : Math.min(e.height, LABEL_H), x = e.x - w / 2, y = e.y - h / 2;
    const rect = `<rect x="${f1(x)}" y="${f1(y)}" width="${w}" height="${h}" rx="4"/><text x="${f1(e.x)}" y="${f1(e.y + 3.6)}">${esc(e.label)}</text>`;
    if (e.reference) {
      const [tb, ts] = e.reference.to;
      parts.push(`<g class="sb-label sb-ref-label"><title>${esc(`stands for ${ts.class} in ${tb.name}.storyboard${ts.storyboardID ? ` (storyboard ID ${ts.storyboardID})` : " (its initial view controller)"}`)}</title>${rect}</g>`);
    } else if (p) {
      // The place a tap or click takes: at least 24 px each way at any zoom.
      const hw = Math.max(w, TAP / zoom), hh = Math.max(h, TAP / zoom);
      parts.push(`<g class="sb-label sb-go" role="button" tabindex="0" data-command="${esc(command(p))}" aria-label="${esc(command(p))}">`
        + `<title>${esc(command(p))} → ${esc(p.destination)}${p.fromControl ? " (wired to a control)" : ""}</title>`
        + `<rect class="sb-hit" x="${f1(e.x - hw / 2)}" y="${f1(e.y - hh / 2)}" width="${f1(hw)}" height="${f1(hh)}"/>${rect}</g>`);
    } else {
      parts.push(`<g class="sb-label">${rect}</g>`);
    }
  }
  for (const n of layout.nodes) {
    const s = n.scene;
    const instances = now.get(nodeID(n.board, s)) || [];
    const live = instances.length > 0;
    const cls = ["sb-scene", n.initial ? "sb-initial" : "", live ? "sb-live" : "", s.reference ? "sb-ref" : ""].filter(Boolean).join(" ");
    const x = n.x - n.width / 2, y = n.y - n.height / 2;
    const detail = sceneDetail(s);
    const to = referenced(layout.boards, s);
    const tip = [s.class, detail, to ? `stands for ${to[1].class} in ${to[0].name}.storyboard (the reference arrow; a click shows it)` : "",
      n.initial ? `the initial view controller of ${n.board.name}.storyboard` : "", live ? `now: ${instances.join(", ")}` : ""].filter(Boolean).join("\n");
    // Top to bottom: the mark, the class, the detail. A reference is a link to its scene.
    const line = y + (n.initial ? MARK_H : 0);
    const link = to ? ` role="link" tabindex="0" data-goto="${esc(nodeID(to[0], to[1]))}" aria-label="${esc(`${sceneTitle(s)}: show ${to[1].class} in ${to[0].name}.storyboard`)}"` : "";
    parts.push(`<g class="${cls}" data-scene="${esc(s.id)}" data-storyboard="${esc(n.board.name)}"${link}><title>${esc(tip)}</title>`
      + `<rect x="${f1(x)}" y="${f1(y)}" width="${n.width}" height="${n.height}" rx="6"/>`
      + (n.initial ? `<text class="sb-initial-mark" x="${f1(x + 7)}" y="${f1(y + 12)}">▶ initial</text>` : "")
      + `<text class="sb-class" x="${f1(n.x)}" y="${f1(line + 19)}">${esc(sceneTitle(s))}</text>`
      + (detail ? `<text class="sb-detail" x="${f1(n.x)}" y="${f1(line + 34)}">${esc(detail)}</text>` : "")
      + `</g>`);
  }
  const boards = layout.boards.map((b) => `${b.name}.storyboard`).join(", ");
  return `<svg class="sb-map" xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(layout.width * zoom)}" height="${Math.ceil(layout.height * zoom)}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="${layout.boards.length > 1 ? "Storyboards" : "Storyboard"} ${esc(boards)}">${parts.join("")}</svg>`;
}

/**
 * The zoom in effect: the setting, or for "fit" the largest drawing in the pane whole (under
 * the buttons and its caption), at most 150%.
 */
function zoomOf(container, layouts) {
  if (zoomSetting !== "fit") return zoomSetting;
  const above = (container.querySelector(".sb-perform")?.offsetHeight || 0) + 34;
  const fits = layouts.map((l) => Math.min((container.clientWidth - 24) / Math.max(1, l.width), (container.clientHeight - above) / Math.max(1, l.height)));
  return Math.min(1.5, Math.max(ZOOM_MIN, Math.min(...fits)));
}

/** The head's zoom buttons, and the map's drag to pan and Ctrl+wheel to zoom (once). */
function wireZoom(container) {
  const tools = container.closest(".pane")?.querySelector(".sb-zoom");
  const set = (next, anchor) => {
    const layouts = cached.layouts;
    if (!layouts) return;
    const before = zoomOf(container, layouts);
    zoomSetting = next;
    const after = zoomOf(container, layouts);
    // The point under the anchor (the pane's middle, or the pointer) stays where it is.
    const ax = anchor ? anchor[0] : container.clientWidth / 2, ay = anchor ? anchor[1] : container.clientHeight / 2;
    const cx = container.scrollLeft + ax, cy = container.scrollTop + ay;
    container._redraw?.();
    container.scrollLeft = cx * (after / before) - ax;
    container.scrollTop = cy * (after / before) - ay;
  };
  const step = (dir) => {
    const z = zoomOf(container, cached.layouts || []);
    return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * (dir > 0 ? ZOOM_STEP : 1 / ZOOM_STEP) * 100) / 100));
  };
  tools?.addEventListener("click", (e) => {
    const b = e.target.closest("[data-zoom]");
    if (!b) return;
    const how = b.dataset.zoom;
    set(how === "in" ? step(1) : how === "out" ? step(-1) : how === "fit" ? "fit" : 1);
  });
  container.addEventListener("wheel", (e) => {
    if (!e.ctrlKey || !cached.layouts) return;
    e.preventDefault();
    const box = container.getBoundingClientRect();
    set(step(e.deltaY < 0 ? 1 : -1), [e.clientX - box.left, e.clientY - box.top]);
  }, { passive: false });
  // A mouse drags the map (a finger scrolls it already).
  let drag = null;
  container.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "mouse" || e.button !== 0 || !e.target.closest(".sb-map") || e.target.closest("[data-command], [data-goto]")) return;
    drag = { x: e.clientX, y: e.clientY, left: container.scrollLeft, top: container.scrollTop, id: e.pointerId };
    container.setPointerCapture(e.pointerId);
    container.classList.add("sb-dragging");
    e.preventDefault();
  });
  container.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    container.scrollLeft = drag.left - (e.clientX - drag.x);
    container.scrollTop = drag.top - (e.clientY - drag.y);
  });
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag = null;
    container.classList.remove("sb-dragging");
  };
  container.addEventListener("pointerup", end);
  container.addEventListener("pointercancel", end);
}

/**
 * Draws the map into `container` (the pane's body); `summaryEl`: the head's count. `run(text)`
 * sends a command the page's normal way.
 */
export function renderStoryboard(container, summaryEl, state, run) {
  if (!state) return;
  if (!container._wired) {
    container._wired = true;
    // A segue's button runs it; a reference shows the scene it stands for, in the map's middle.
    const go = (el) => {
      if (el?.dataset.command) run(el.dataset.command);
      else if (el?.dataset.goto) {
        const [board, scene] = el.dataset.goto.split(/\/(.*)/);
        const target = [...container.querySelectorAll(".sb-scene")].find((g) => g.dataset.storyboard === board && g.dataset.scene === scene);
        if (!target) return;
        target.scrollIntoView({ block: "center", inline: "center", behavior: "smooth" });
        target.classList.remove("sb-shown");
        void target.getBBox();
        target.classList.add("sb-shown");
      }
    };
    container.addEventListener("click", (e) => go(e.target.closest("[data-command], [data-goto]")));
    container.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = e.target.closest("[data-command], [data-goto]");
      if (el) { e.preventDefault(); go(el); }
    });
    wireZoom(container);
  }
  const tools = container.closest(".pane")?.querySelector(".sb-zoom");
  const boards = state.storyboards || [];
  const performable = state.segues || [];
  summaryEl.textContent = boards.length
    ? `${boards.reduce((n, b) => n + b.scenes.length, 0)} scenes${performable.length ? ` · ${performable.length} to perform` : ""}`
    : "";
  if (tools) tools.hidden = !boards.length;
  if (!boards.length) {
    container.innerHTML = `<div class="empty">No storyboard is imported. Drop your app's <code>.storyboard</code> files on the page, or open them with <b>Import…</b>. At the prompt: <code>import storyboard Main.storyboard</code>; here, paste one: <code>import storyboard Main &lt;&lt;END</code>, the XML, then <code>END</code>.</div>`;
    cached = { key: null, layouts: null };
    container._redraw = null;
    return;
  }
  const buttons = performable.length
    ? `<div class="sb-perform"><span class="muted">The screen can perform:</span> ${performable.map((p) =>
      `<button type="button" class="sb-go-button" data-command="${esc(command(p))}" title="${esc(`${p.kind} → ${p.destination}${p.fromControl ? " (wired to a control)" : ""}`)}">${esc(command(p))}</button>`).join(" ")}</div>`
    : `<div class="sb-perform muted">${state.application?.state === "notRunning" || !state.application ? "Launch the app to perform its segues." : "Nothing on screen has a segue with an identifier."}</div>`;
  // Left to right or top to bottom: per drawing, whichever fits the pane better.
  const fit = [Math.max(container.clientWidth - 20, 200), Math.max(container.clientHeight - 60, 150)];
  const key = layoutKey(boards, fit.map((n) => Math.round(n / 80)).join("x"));
  const draw = (layouts) => {
    const zoom = zoomOf(container, layouts);
    const reset = tools?.querySelector('[data-zoom="reset"]');
    if (reset) reset.textContent = `${Math.round(zoom * 100)}%`;
    container.innerHTML = buttons + layouts.map((l, i) =>
      `<figure class="sb-board"><figcaption>${esc(l.boards.map((b) => `${b.name}.storyboard`).join(" + "))}</figcaption>${drawingSVG(l, state, i, zoom)}</figure>`).join("");
  };
  container._redraw = () => cached.layouts && draw(cached.layouts);
  if (cached.key === key) { draw(cached.layouts); return; }
  const pending = loadDagre().then((dagre) => {
    if (container._pending !== pending) return;
    const overflow = (l) => Math.max(l.width / fit[0], l.height / fit[1]);
    cached = { key, layouts: drawings(boards).map((group) => {
      const across = layOut(dagre, group, "LR"), down = layOut(dagre, group, "TB");
      return overflow(down) < overflow(across) ? down : across;
    }) };
    draw(cached.layouts);
  }).catch((error) => {
    container.innerHTML = buttons + `<div class="empty">The map cannot be drawn: ${esc(error.message)}.</div>`;
  });
  container._pending = pending;
  if (!container.querySelector(".sb-board")) container.innerHTML = buttons + `<div class="empty">Drawing the map…</div>`;
}
