// What leaves the page, and what comes in: the session as a `.navlab` script (what `save`
// writes) or as a UIKit program for Xcode (what `export swift` writes), the hierarchy as Mermaid or DOT (what `export` prints), as an SVG or PNG drawing,
// a share link that carries the script in its fragment (the server never sees it), and a
// script opened from such a link or a dropped file, which replaces the session after one
// confirmation.

import { api } from "./api.js";
import { $, esc } from "./dom.js";
import { hierarchies, presentations } from "./model.js";

const TYPES = {
  navlab: ["text/plain", "navlab-session.navlab"],
  swift: ["text/x-swift", "AppDelegate.swift"],
  mermaid: ["text/plain", "navlab-hierarchy.mmd"],
  dot: ["text/vnd.graphviz", "navlab-hierarchy.dot"],
  "storyboard-mermaid": ["text/plain", "navlab-storyboards.mmd"],
  "storyboard-dot": ["text/vnd.graphviz", "navlab-storyboards.dot"],
  svg: ["image/svg+xml", "navlab-hierarchy.svg"],
  png: ["image/png", "navlab-hierarchy.png"],
};

/** Saves `format` as a download. `seq`: the step shown (null: the live one). */
export async function exportHierarchy(format, { state, seq }) {
  const [type, file] = TYPES[format] || [];
  if (!type) throw new Error(`no export ${format}`);
  let blob;
  if (format === "navlab" || format === "swift" || format.endsWith("mermaid") || format.endsWith("dot")) {
    const whole = format === "navlab" || format === "swift";
    blob = new Blob([await api.exportText(format, whole ? null : seq)], { type });
  } else {
    const svg = hierarchySVG(state);
    blob = format === "svg" ? new Blob([svg.text], { type }) : await toPNG(svg);
  }
  download(blob, file);
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- the hierarchy as a drawing ----

const ROW = 30, INDENT = 26, PAD = 16, FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace";
const COLORS = { bg: "#17181b", box: "#24272c", line: "#5d626c", text: "#e9ecf1", muted: "#8a909b", purple: "#c58cff", red: "#ff6b63", green: "#49c16b", blue: "#79aaff", amber: "#e0a53a" };

/**
 * The tree as the Hierarchy pane draws it, nothing folded: the window and what it holds, each
 * hierarchy from its root; containment solid grey, presentation dashed purple, leaks red.
 */
export function hierarchySVG(state) {
  const vcs = state?.viewControllers || {};
  const presented = presentations(state || {});
  const leaked = new Set(state?.leaked || []);
  const rows = [];
  const seen = new Set();
  const walk = (name, depth, parentRow, isPresented) => {
    if (seen.has(name) || !vcs[name]) return;
    seen.add(name);
    const row = { name, depth, parentRow, isPresented, y: rows.length };
    rows.push(row);
    for (const c of vcs[name].children || []) walk(c, depth + 1, row, false);
    if (presented.has(name)) walk(presented.get(name), depth + 1, row, true);
  };
  for (const h of hierarchies(state || {})) {
    const title = h.kind === "window" ? "UIWindow.rootViewController" : h.kind === "leaked" ? `Leaked — ${h.cause}` : "Outside the window's hierarchy";
    rows.push({ section: title, leak: h.kind === "leaked", y: rows.length });
    walk(h.root, 0, null, vcs[h.root]?.presentationStyle != null);
  }
  const left = (state?.windowSubviews || []).filter((s) => s.leftBehind);
  const head = [`NavLab · step ${state?.seq ?? "?"} · ${state?.device?.idiom ?? "iPhone"} iOS ${state?.device?.version ?? state?.device?.iOS ?? ""}${state?.device?.sdk != null && !state?.device?.sdkIsDefault ? ` · SDK ${state.device.sdk}` : ""} · app ${state?.application?.state ?? "notRunning"}`];
  for (const s of left) head.push(`UITransitionView — presentation of ${s.presented} (left behind in the window)`);
  const top = PAD + head.length * 18 + 8;
  const label = (name) => {
    const vc = vcs[name];
    const tags = [];
    if (state.window?.rootViewController === name) tags.push("root");
    if (vc.presentationStyle) tags.push(`presented ${vc.presentationStyle}`);
    tags.push(vc.appearance);
    if (vc.restored) tags.push("restored");
    if (leaked.has(name)) tags.push("LEAKED");
    if (state.top === name) tags.push("← top");
    const cls = vc.class !== name && !name.startsWith(vc.class + "#") ? ` (${vc.class})` : "";
    return { title: name + cls, tags: tags.join(" · ") };
  };
  const width = (text) => text.length * 7.3 + 16;
  // Wide enough for every line of text (monospace: ~7.3 px a character at 12 px).
  let maxX = Math.max(480, ...head.map((t) => PAD * 2 + t.length * 7.3));
  const parts = [];
  const edges = [];
  for (const row of rows) {
    const y = top + row.y * ROW;
    if (row.section) {
      parts.push(`<text x="${PAD}" y="${y + 19}" fill="${row.leak ? COLORS.red : COLORS.muted}" font-size="11" font-family="${FONT}" letter-spacing=".6">${esc(row.section.toUpperCase())}</text>`);
      maxX = Math.max(maxX, PAD * 2 + row.section.length * 7.3);
      continue;
    }
    const x = PAD + 8 + row.depth * INDENT;
    const { title, tags } = label(row.name);
    const w = width(title);
    const red = leaked.has(row.name);
    parts.push(`<g data-name="${esc(row.name)}"><rect x="${x}" y="${y + 3}" width="${w}" height="${ROW - 8}" rx="5" fill="${red ? "#3a1f1f" : COLORS.box}" stroke="${red ? COLORS.red : row.isPresented ? COLORS.purple : COLORS.line}"/>`
      + `<text x="${x + 8}" y="${y + 19}" fill="${red ? COLORS.red : COLORS.text}" font-size="12" font-weight="600" font-family="${FONT}">${esc(title)}</text>`
      + `<text x="${x + w + 8}" y="${y + 19}" fill="${COLORS.muted}" font-size="11" font-family="${FONT}">${esc(tags)}</text></g>`);
    maxX = Math.max(maxX, x + w + 8 + tags.length * 6.8 + PAD);
    if (row.parentRow) {
      const px = PAD + 8 + row.parentRow.depth * INDENT + 10;
      const py = top + row.parentRow.y * ROW + ROW - 5;
      const my = y + ROW / 2 - 1;
      edges.push(`<path d="M${px} ${py} V${my} H${x}" fill="none" stroke="${row.isPresented ? COLORS.purple : COLORS.line}"${row.isPresented ? ` stroke-dasharray="4 3"` : ""}/>`);
    }
  }
  const height = top + rows.length * ROW + PAD;
  const legend = `<text x="${PAD}" y="${height - 4}" fill="${COLORS.muted}" font-size="10" font-family="${FONT}">── containment   ┄┄ presentation   red: leaked</text>`;
  const headText = head.map((t, i) => `<text x="${PAD}" y="${PAD + 12 + i * 18}" fill="${i ? COLORS.red : COLORS.text}" font-size="12" font-family="${FONT}">${esc(t)}</text>`).join("");
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(maxX)}" height="${height + 12}" viewBox="0 0 ${Math.ceil(maxX)} ${height + 12}">`
    + `<rect width="100%" height="100%" fill="${COLORS.bg}"/>${headText}${edges.join("")}${parts.join("")}${legend}</svg>`;
  return { text, width: Math.ceil(maxX), height: height + 12 };
}

const MAX_PNG_SIDE = 32_000; // beyond this browsers refuse the canvas; the SVG has no limit

async function toPNG(svg) {
  if (svg.height > MAX_PNG_SIDE || svg.width > MAX_PNG_SIDE) {
    throw new Error(`the drawing is ${svg.width}×${svg.height} px, too big for a PNG: export the SVG instead`);
  }
  const image = new Image();
  // A data: URL, not a blob: one: the page's Content-Security-Policy lets images come from
  // itself and data: only.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.text)}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  // Twice the size for sharp text, less when that would pass the canvas's limit.
  const scale = Math.min(2, MAX_PNG_SIDE / Math.max(svg.width, svg.height));
  canvas.width = Math.round(svg.width * scale);
  canvas.height = Math.round(svg.height * scale);
  const g = canvas.getContext("2d");
  g.scale(scale, scale);
  g.drawImage(image, 0, 0);
  return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the browser could not make the PNG"))), "image/png"));
}

// ---- share links ----

const PREFIX = "#script=";

/**
 * Share links need CompressionStream with "deflate-raw": Chrome 103+, Firefox 113+, Safari 16.4+
 * (Docs/Browser.md). An older browser is told so, with what to use instead.
 */
const NO_STREAMS = "This browser cannot read or make NavLab's share links: they need CompressionStream with deflate-raw (Safari 16.4 or later, Chrome or Edge 103, Firefox 113). Update the browser, or use a script file instead: Export → Session as a script saves one, Export → Open a script… opens one.";
function canCompress() {
  if (typeof CompressionStream === "undefined" || typeof DecompressionStream === "undefined") return false;
  try { new CompressionStream("deflate-raw"); return true; } catch { return false; }
}

/** base64url of deflate-raw: a 40-line script is a link of a few hundred characters. */
async function encode(text) {
  if (!canCompress()) throw new Error(NO_STREAMS);
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function decode(data) {
  const binary = atob(data.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  // Read piece by piece: a few kilobytes of link can unpack to gigabytes, and the page stops
  // at what a request may carry.
  const pieces = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > LINK_BYTES) {
      reader.cancel();
      throw Object.assign(new Error("too large"), { tooLarge: true });
    }
    pieces.push(value);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(pieces).arrayBuffer());
}

/** The largest script a link may unpack to: what one request may carry (Limits.importBytes). */
const LINK_BYTES = 64 * 1048576;

/** The script a link's fragment carries: { text } or { error }; null when it carries none. */
export async function readShared(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  if (!canCompress()) return { text: null, error: NO_STREAMS };
  try {
    return { text: await decode(hash.slice(PREFIX.length)) };
  } catch (error) {
    if (error.tooLarge) return { text: null, error: `This link's script unpacks to more than ${LINK_BYTES / 1048576} MiB, more than NavLab opens from a link. Ask for the .navlab file instead, and open it with Export → Open a script….` };
    return { text: null, error: "This link's script could not be read (the link was cut short or changed). Ask for the link again, or for the .navlab file." };
  }
}

/** Shows the share link of the session's script, with a button that copies it. */
export async function shareLink() {
  const script = await api.exportText("navlab");
  const link = `${location.origin}${location.pathname}${PREFIX}${await encode(script)}`;
  const lines = script.split("\n").filter((l) => l.trim() && !l.startsWith("#")).length;
  showDialog({
    title: "Share this session",
    intro: `This link carries the session's script (${lines} line${lines === 1 ? "" : "s"}) in its fragment: the part after <code>#</code>, which browsers never send to a server. Opened on any NavLab page, it shows the script and, once confirmed, replaces that session with it.`,
    text: link,
    note: location.search.includes("token=") ? "The link leaves out this server's token: whoever opens it uses their own NavLab." : "",
    actions: [
      { label: "Copy link", primary: true, run: async (button) => {
        await copy(link);
        button.textContent = "Copied";
      } },
      { label: "Close", run: () => $("script-dialog").close() },
    ],
  });
  $("script-dialog").dataset.link = link;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard (an insecure origin): select the text for Ctrl-C.
    const range = document.createRange();
    range.selectNodeContents($("script-text"));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  }
}

// ---- opening a script ----

/**
 * Shows a script from a link or a file and, after one confirmation, replaces the session with
 * it: `reset` (the old session stays on the timeline before it), then its lines, stopping at the first that
 * fails (its line and error are shown).
 */
export function openScriptDialog(text, { source, error }) {
  if (text == null) {
    showProblem("Cannot open the script", error);
    return;
  }
  const lines = text.split("\n").filter((l) => l.trim() && !l.trimStart().startsWith("#")).length;
  if (commandCount(text) > COMMANDS_MAX) {
    showProblem("Cannot open the script", `A script from ${source}: more than ${COMMANDS_MAX.toLocaleString("en")} commands, more than the page runs at a time (Docs/Limits.md). `
      + "Split it into parts and open them one after another, or run it with `navlab run FILE`, which prints as it goes (Ctrl-C stops it).");
    return;
  }
  showDialog({
    title: "Open a script",
    intro: `A script from ${esc(source)}: ${lines} command${lines === 1 ? "" : "s"}. Running it replaces this session, like <code>reset</code> then the lines. The old session stays on the timeline before the reset (↺): <code>undo</code> past it brings it back.`,
    text,
    actions: [
      { label: "Replace the session", primary: true, run: async (button) => {
        button.disabled = true;
        let answer = null, line = null;
        for (const part of posts(text)) {
          answer = await api.run(part.body).catch((e) => ({ status: "failed", error: { message: e.message } }));
          if (answer.status === "failed") {
            const failed = (answer.results || []).find((r) => r.status === "failed");
            line = failed ? failed.lineNumber + part.offset : null;
            break;
          }
        }
        if (answer.status === "failed") {
          $("script-note").innerHTML = `<span class="error">${line ? `Line ${line}: ` : ""}${esc(answer.error?.message || "the script failed")}</span>`
            + (answer.error?.suggestion ? `<br><span class="muted">${esc(answer.error.suggestion)}</span>` : "")
            + `<br><span class="muted">The lines before it ran; <code>undo</code> steps back.</span>`;
          button.disabled = false;
          return;
        }
        if (location.hash.startsWith(PREFIX)) history.replaceState(null, "", location.pathname + location.search);
        $("script-dialog").close();
      } },
      { label: "Cancel", run: () => {
        if (location.hash.startsWith(PREFIX)) history.replaceState(null, "", location.pathname + location.search);
        $("script-dialog").close();
      } },
    ],
  });
}

const POST_MAX = 60_000; // bytes a POST carries; the server takes at most 64 KiB
// Commands one request may run, as the engine counts them (Limits.commandsPerRequest): a script
// with more is refused before anything runs, as a POST with more would be.
const COMMANDS_MAX = 100_000;

/** Commands in `text` as the engine counts them: a line outside a here-document one, and one more per `;`. */
export function commandCount(text) {
  let count = 0, inside = null;
  for (const line of text.split("\n")) {
    if (inside) {
      if (line.trim() === inside) inside = null;
      continue;
    }
    count += 1 + (line.split(";").length - 1);
    if (count > COMMANDS_MAX) return count;
    const m = /^\s*import\s+\S+\s+<<(\S+)\s*(#.*)?$/i.exec(line);
    if (m) inside = m[1];
  }
  return count;
}

/**
 * `reset` and the script as POST bodies under the server's limit, split between lines, each
 * with what to add to a line number in its answer to get the script's line number.
 */
export function posts(text) {
  const bytes = new TextEncoder();
  const parts = [];
  let lines = ["reset"], size = 6, offset = -1, next = 0;
  // `import uikit <<END` … `END` is one command: never split inside it.
  let inside = null;
  for (const line of text.split("\n")) {
    const n = bytes.encode(line).length + 1;
    if (inside) {
      if (line.trim() === inside) inside = null;
    } else if (size + n > POST_MAX && lines.length) {
      parts.push({ body: lines.join("\n"), offset });
      offset = next;
      lines = [];
      size = 0;
    }
    if (!inside) {
      const m = /^\s*import\s+\S+\s+<<(\S+)\s*(#.*)?$/i.exec(line);
      if (m) inside = m[1];
    }
    lines.push(line);
    size += n;
    next++;
  }
  parts.push({ body: lines.join("\n"), offset });
  return parts;
}

/** Says what went wrong, in the page's dialog. */
export function showProblem(title, message, { text = "", file = null } = {}) {
  const close = { label: "Close", primary: true, run: () => $("script-dialog").close() };
  const save = { label: "Save it", run: () => download(new Blob([text], { type: "text/plain" }), file) };
  showDialog({ title, intro: `<span class="error">${esc(message)}</span>`, text, actions: text && file ? [save, close] : [close] });
}

function showDialog({ title, intro, text, note = "", actions }) {
  const dialog = $("script-dialog");
  $("script-title").textContent = title;
  $("script-intro").innerHTML = intro;
  $("script-text").textContent = text;
  $("script-text").hidden = !text;
  $("script-note").innerHTML = note;
  const box = $("script-actions");
  box.innerHTML = "";
  for (const a of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = a.label;
    if (a.primary) button.className = "primary";
    button.addEventListener("click", () => a.run(button));
    box.append(button);
  }
  if (!dialog.open) dialog.showModal();
  box.querySelector(".primary")?.focus();
}
