// The phone: what the user sees now, drawn from `screen` and the window's subviews (back to
// front), each presented layer as the engine says it looks (`look`, `dims`, `pushesBack`:
// PageDocument.layer): the root view fills the screen; a sheet is a card over its dimmed,
// pushed-back presenter; a cover hides what is below; an "over" layer lets it show through.
// Below the phone: every layer in the window, the hidden ones too (a UITransitionView left
// behind by `window.rootViewController = x` is listed there).

import { FIRST_COMMAND, esc, hint } from "./dom.js";

export function renderPhone(phone, layersEl, deviceEl, state) {
  if (!state) return;
  const device = state.device || { idiom: "iPhone", iOS: 18 };
  deviceEl.textContent = `${device.idiom} · iOS ${device.version ?? device.iOS}` + (device.sdk != null && !device.sdkIsDefault ? ` · SDK ${device.sdk}` : "");
  phone.classList.toggle("ipad", device.idiom === "iPad");
  const vcs = state.viewControllers || {};
  const onScreen = new Set(state.screen || []);
  const subviews = (state.windowSubviews || []).filter((s) => s.viewControllers?.some((n) => onScreen.has(n)));
  const html = [`<div class="screen">`, `<div class="statusbar"><span>9:41</span><span>●●● ▮</span></div>`];
  const appState = state.application?.state;
  if (appState === "notRunning" || !subviews.length) {
    const why = appState === "notRunning"
      ? `<b>Not running</b><span>${state.application?.launches ? `The app was terminated: ${hint("launch")} starts it again.`
        : state.initial ? `Type ${hint("launch")} to start it.` : `No app yet: ${hint(FIRST_COMMAND)} makes one, or open Tutorials.`}</span>`
      : appState === "background" || appState === "suspended"
        ? `<b>Home screen</b><span>The app is in the ${esc(appState)}.</span>`
        : `<b>Nothing on screen</b><span>The window has no root view.</span>`;
    html.push(`<div class="offscreen">${why}</div></div>`);
    phone.innerHTML = html.join("");
    renderLayers(layersEl, state, onScreen);
    return;
  }
  subviews.forEach((subview, i) => {
    const names = subview.viewControllers.filter((n) => onScreen.has(n) && vcs[n]);
    const root = subview.kind === "rootView";
    const classes = ["layer", root ? "root" : LOOKS[subview.look] || "cover"];
    if (subviews[i + 1]?.pushesBack) classes.push("dimmed-under");
    if (i > 0 && subview.dims) html.push(`<div class="dim"></div>`);
    html.push(`<div class="${classes.join(" ")}" data-layer="${esc(subview.presented || "root")}" title="${esc(root ? "root view" : `presented .${subview.style || "fullScreen"}`)}">`);
    if (classes.includes("sheet") || classes.includes("formsheet")) html.push(`<div class="grabber"></div>`);
    html.push(content(names, vcs));
    html.push(`</div>`);
  });
  // What the window still holds out of sight (UIKit #4, #82): say so on the glass.
  const hidden = (state.windowSubviews || []).filter((s) => s.kind === "transitionView" && !s.visible && s.viewControllers?.length);
  if (hidden.length) {
    const names = hidden.map((s) => s.presented).join(", ");
    html.push(`<div class="xray" title="in the window, behind what is on screen">${hidden.length} UITransitionView${hidden.length > 1 ? "s" : ""} behind this screen · ${esc(names)}</div>`);
  }
  html.push(`</div>`);
  phone.innerHTML = html.join("");
  renderLayers(layersEl, state, onScreen);
}

/** A layer's look (the engine's word) → its CSS class. */
const LOOKS = { sheet: "sheet", formSheet: "formsheet", popover: "popover", over: "over", cover: "cover" };

/** The names in `names` that are `root` or below it (through `parent`). */
function subtree(root, names, vcs) {
  return names.filter((n) => {
    for (let c = n; c; c = vcs[c]?.parent) if (c === root) return true;
    return false;
  });
}

/** One layer's content: navigation bar, the content view controller (and its children), tab bar. */
function content(names, vcs) {
  // A split view controller showing several columns (regular width): each column side by side.
  const split = names.find((n) => vcs[n].kind === "split" && (vcs[n].viewControllers || []).length > 1);
  if (split) {
    const columns = vcs[split].viewControllers.map((column) => `<div class="column">${content(subtree(column, names, vcs), vcs)}</div>`);
    const tab = names.find((n) => vcs[n].kind === "tabBar" && !subtree(split, [n], vcs).length);
    return `<div class="columns">${columns.join("")}</div>` + (tab ? tabBar(tab, vcs) : "");
  }
  const nav = [...names].reverse().find((n) => vcs[n].kind === "navigation");
  const tab = names.find((n) => vcs[n].kind === "tabBar");
  // The content: the first plain view controller; its plain children are drawn inside it.
  const leaf = names.find((n) => vcs[n].kind === "plain") || names[names.length - 1];
  const out = [];
  if (nav) {
    const stack = vcs[nav].viewControllers || [];
    const back = stack.length > 1 ? `‹ ${esc(stack[stack.length - 2])}` : "";
    out.push(`<div class="navbar"><span class="back">${back}</span><span class="title">${esc(vcs[nav].topViewController || leaf)}</span><span></span></div>`);
  }
  const vc = vcs[leaf];
  const children = names.filter((n) => vcs[n].parent === leaf);
  const containers = names.filter((n) => vcs[n].kind !== "plain").map((n) => (vcs[n].class !== n ? `${n}` : n));
  const props = Object.entries(vc?.properties || {}).map(([k, v]) => `${k}=${v}`).join(" · ");
  const cls = vc && vc.class !== leaf && !leaf.startsWith(vc.class + "#") ? vc.class : "";
  const where = containers.length ? `in ${containers.join(" › ")}` : "";
  out.push(`<div class="content" data-name="${esc(leaf)}"><div class="vc-name">${esc(leaf)}</div>`
    + (cls || where ? `<div class="vc-class">${esc([cls, where].filter(Boolean).join(" "))}</div>` : "")
    + (props ? `<div class="props">${esc(props)}</div>` : "")
    + children.map((c) => `<div class="child" data-name="${esc(c)}">${esc(c)}</div>`).join("") + `</div>`);
  if (tab) out.push(tabBar(tab, vcs));
  return out.join("");
}

/**
 * The label NavLab gives a tab (a drawing choice, not a UIKit rule): the child's `title`
 * property, else — for a navigation controller — its root view controller's label, else the
 * child's class.
 */
function tabTitle(name, vcs, depth = 0) {
  const vc = vcs[name];
  if (!vc) return name;
  if (vc.properties?.title) return vc.properties.title;
  if (vc.kind === "navigation" && vc.viewControllers?.length && depth < 8) return tabTitle(vc.viewControllers[0], vcs, depth + 1);
  return vc.class;
}

function tabBar(tab, vcs) {
  const tabs = vcs[tab].viewControllers || [];
  return `<div class="tabbar">${tabs.slice(0, 5).map((t, i) => `<div class="tab${i === vcs[tab].selectedIndex ? " selected" : ""}" data-name="${esc(t)}" title="${esc(t)}"><span>${esc(tabTitle(t, vcs))}</span></div>`).join("")}</div>`;
}

function renderLayers(el, state, onScreen) {
  const subviews = state.windowSubviews || [];
  if (!subviews.length) { el.innerHTML = ""; return; }
  const rows = [...subviews].reverse().map((s) => {
    const visible = s.viewControllers?.some((n) => onScreen.has(n));
    const classes = ["ly", visible ? "visible" : "hidden-layer"];
    if (s.leftBehind) classes.push("left-behind");
    const kind = s.kind === "rootView" ? "UIView (root)" : `UITransitionView${s.leftBehind ? " (left behind)" : ""}`;
    const vcs = s.viewControllers?.length ? s.viewControllers.join(", ") : "empty";
    return `<div class="${classes.join(" ")}" title="${visible ? "on screen" : "in the window, hidden"}"><span class="k">${esc(kind)}</span><span class="v">${esc(vcs)}</span></div>`;
  });
  el.innerHTML = `<div class="lh">Window layers, front to back</div>${rows.join("")}`;
}
