// The Storyboard tab: the storyboards `import storyboard` read, drawn as a map — each scene a
// box (its class, its storyboard ID; a reference says what it stands for), relationships and
// embeds solid arrows, the segues a scene performs dashed ones labelled kind · identifier, the
// initial view controller marked, the scenes that have instances now highlighted. The segues
// the screen can perform (the document's `segues`, the engine's list) are buttons, on the map
// and above it: a click runs `segue ID from NAME` as the command box would.
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

const FONT = 12, CHAR = 7.3, PAD = 12, LABEL_FONT = 10.5, LABEL_CHAR = 6.3;
// The last layout, kept while the storyboards and the direction stay the same.
let cached = { key: null, layouts: null };

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

/** One storyboard laid out: nodes and edges with coordinates, and the drawing's size. */
function layOut(dagre, board, rankdir) {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir, nodesep: 24, ranksep: 40, edgesep: 12, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(board.scenes.map((s) => s.id));
  for (const s of board.scenes) {
    const longest = Math.max(sceneTitle(s).length * CHAR, sceneDetail(s).length * (CHAR - 1));
    g.setNode(s.id, { width: Math.ceil(longest + 2 * PAD), height: sceneDetail(s) ? 44 : 30, scene: s });
  }
  board.segues.forEach((e, i) => {
    if (!ids.has(e.source) || !ids.has(e.destination)) return; // an unwind's Exit: not a scene
    const text = edgeLabel(e);
    g.setEdge(e.source, e.destination, { label: text, width: Math.ceil(text.length * LABEL_CHAR + 12), height: 18, labelpos: "c", segue: e }, `e${i}`);
  });
  dagre.layout(g);
  const graph = g.graph();
  return {
    board,
    width: Math.ceil(graph.width || 0), height: Math.ceil(graph.height || 0),
    nodes: g.nodes().map((id) => g.node(id)),
    edges: g.edges().map((e) => g.edge(e)),
  };
}

function path(points) {
  return points.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
}

/** The performable segues of one storyboard by the segue's element id. */
function performableBySegue(state, board) {
  const out = new Map();
  for (const p of state.segues || []) {
    if (p.storyboard === board.name && !out.has(p.segue)) out.set(p.segue, p);
  }
  return out;
}

const command = (p) => `segue ${p.identifier} from ${p.viewController}`;

function boardSVG(layout, state, index) {
  const { board } = layout;
  const performable = performableBySegue(state, board);
  // The layout may be an earlier document's: what exists now is read from this one.
  const now = new Map(((state.storyboards || []).find((b) => b.name === board.name)?.scenes || []).map((s) => [s.id, s.instances || []]));
  const parts = [];
  const marker = `sb-arrow-${index}`;
  parts.push(`<defs><marker id="${marker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="sb-arrowhead"/></marker></defs>`);
  for (const e of layout.edges) {
    const seg = e.segue;
    const action = seg.kind !== "relationship" && seg.kind !== "embed";
    parts.push(`<path class="sb-edge${action ? " sb-action" : ""}" d="${path(e.points)}" marker-end="url(#${marker})"/>`);
  }
  for (const e of layout.edges) {
    const seg = e.segue;
    const p = seg.id ? performable.get(seg.id) : null;
    const w = e.width, h = e.height, x = e.x - w / 2, y = e.y - h / 2;
    const attrs = p
      ? ` class="sb-label sb-go" role="button" tabindex="0" data-command="${esc(command(p))}" aria-label="${esc(command(p))}"`
      : ` class="sb-label"`;
    const title = p ? `<title>${esc(command(p))} → ${esc(p.destination)}${p.fromControl ? " (wired to a control)" : ""}</title>` : "";
    parts.push(`<g${attrs}>${title}<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w}" height="${h}" rx="4"/><text x="${e.x.toFixed(1)}" y="${(e.y + 3.6).toFixed(1)}">${esc(e.label)}</text></g>`);
  }
  for (const n of layout.nodes) {
    const s = n.scene;
    const initial = s.id === board.initialViewController;
    const instances = now.get(s.id) || [];
    const live = instances.length > 0;
    const cls = ["sb-scene", initial ? "sb-initial" : "", live ? "sb-live" : "", s.reference ? "sb-ref" : ""].filter(Boolean).join(" ");
    const x = n.x - n.width / 2, y = n.y - n.height / 2;
    const detail = sceneDetail(s);
    const tip = [s.class, detail, initial ? "the initial view controller" : "", live ? `now: ${instances.join(", ")}` : ""].filter(Boolean).join("\n");
    parts.push(`<g class="${cls}" data-scene="${esc(s.id)}"><title>${esc(tip)}</title>`
      + `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${n.width}" height="${n.height}" rx="6"/>`
      + `<text class="sb-class" x="${n.x.toFixed(1)}" y="${(detail ? n.y - 3 : n.y + 4).toFixed(1)}">${esc(sceneTitle(s))}</text>`
      + (detail ? `<text class="sb-detail" x="${n.x.toFixed(1)}" y="${(n.y + 12).toFixed(1)}">${esc(detail)}</text>` : "")
      + (initial ? `<text class="sb-initial-mark" x="${(x + 2).toFixed(1)}" y="${(y - 4).toFixed(1)}">▶ initial</text>` : "")
      + `</g>`);
  }
  return `<svg class="sb-map" xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height + 8}" viewBox="0 -8 ${layout.width} ${layout.height + 8}" role="img" aria-label="Storyboard ${esc(board.name)}">${parts.join("")}</svg>`;
}

/**
 * Draws the map into `container` (the pane's body); `summaryEl`: the head's count. `run(text)`
 * sends a command the page's normal way.
 */
export function renderStoryboard(container, summaryEl, state, run) {
  if (!state) return;
  if (!container._wired) {
    container._wired = true;
    const go = (el) => el && run(el.dataset.command);
    container.addEventListener("click", (e) => go(e.target.closest("[data-command]")));
    container.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = e.target.closest("[data-command]");
      if (el) { e.preventDefault(); go(el); }
    });
  }
  const boards = state.storyboards || [];
  const performable = state.segues || [];
  summaryEl.textContent = boards.length
    ? `${boards.reduce((n, b) => n + b.scenes.length, 0)} scenes${performable.length ? ` · ${performable.length} to perform` : ""}`
    : "";
  if (!boards.length) {
    container.innerHTML = `<div class="empty">No storyboard is imported. At the prompt: <code>import storyboard Main.storyboard</code>; here, paste one: <code>import storyboard Main &lt;&lt;END</code>, the XML, then <code>END</code>.</div>`;
    cached = { key: null, layouts: null };
    return;
  }
  const buttons = performable.length
    ? `<div class="sb-perform"><span class="muted">The screen can perform:</span> ${performable.map((p) =>
      `<button type="button" class="sb-go-button" data-command="${esc(command(p))}" title="${esc(`${p.kind} → ${p.destination}${p.fromControl ? " (wired to a control)" : ""}`)}">${esc(command(p))}</button>`).join(" ")}</div>`
    : `<div class="sb-perform muted">${state.application?.state === "notRunning" || !state.application ? "Launch the app to perform its segues." : "Nothing on screen has a segue with an identifier."}</div>`;
  // Left to right or top to bottom: per storyboard, whichever fits the pane better.
  const fit = [Math.max(container.clientWidth - 20, 200), Math.max(container.clientHeight - 60, 150)];
  const key = layoutKey(boards, fit.map((n) => Math.round(n / 80)).join("x"));
  const draw = (layouts) => {
    container.innerHTML = buttons + layouts.map((l, i) =>
      `<figure class="sb-board"><figcaption>${esc(l.board.name)}.storyboard</figcaption>${boardSVG(l, state, i)}</figure>`).join("");
  };
  if (cached.key === key) { draw(cached.layouts); return; }
  const pending = loadDagre().then((dagre) => {
    if (container._pending !== pending) return;
    const overflow = (l) => Math.max(l.width / fit[0], l.height / fit[1]);
    cached = { key, layouts: boards.map((b) => {
      const across = layOut(dagre, b, "LR"), down = layOut(dagre, b, "TB");
      return overflow(down) < overflow(across) ? down : across;
    }) };
    draw(cached.layouts);
  }).catch((error) => {
    container.innerHTML = buttons + `<div class="empty">The map cannot be drawn: ${esc(error.message)}.</div>`;
  });
  container._pending = pending;
  if (!container.querySelector(".sb-board")) container.innerHTML = buttons + `<div class="empty">Drawing the map…</div>`;
}
