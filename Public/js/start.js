// The first thing the page runs: index.html loads this module `async`, so it runs as soon as it
// (and engine.js) arrive, while the page's other modules still load. It learns whether this
// folder runs NavLab's engine itself (a static copy made by `make web`) and, if so, starts it:
// the worker compiles the module and brings the session back meanwhile. Served by `navlab`, it
// does nothing more (api.js talks to the server).
//
// Which host: index.html's <meta name="navlab-host" content="browser" data-build=…> when
// `make web` wrote one (known at once, with the engine's build), else navlab-host.json
// ({"host": "browser" | "server", engine, docs, build}). When this browser ran the engine for
// this page before (it keeps a journal), the worker is made at once, while navlab-host.json is
// on its way, and sent away if a server answers after all.

import { Engine, ranHereBefore, keptSnapshot } from "./engine.js";

// The page's uncaught errors and rejections, kept for the tests in a browser whose WebDriver
// reads no console (WebKit's): what Chromium's console log gives them.
const errors = (window.navlabErrors = []);
addEventListener("error", (e) => errors.push(String(e.message || e.error || "error")));
addEventListener("unhandledrejection", (e) => errors.push(String(e.reason?.message ?? e.reason)));

const marker = document.querySelector('meta[name="navlab-host"]');

/** The host's description: { host: "browser" | "server", engine, docs, build }; {} when it cannot be read. */
export const host = marker?.content === "browser"
  ? Promise.resolve({ host: "browser", engine: marker.dataset.engine, docs: marker.dataset.docs, build: marker.dataset.build })
  : fetch("navlab-host.json", { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}));

let early = null;
// From disk (file://) no worker or module can be loaded: js/from-disk.js says so.
const fromDisk = location.protocol === "file:";
if (!fromDisk && (marker?.content === "browser" || ranHereBefore())) {
  try { early = new Engine(); } catch (error) { console.warn("engine:", error.message); }
}

// When the page has a kept copy of the session to draw, the module is fetched and compiled once
// that copy is on screen: on a busy machine (two cores here) the compilation's threads and
// the download otherwise take from the page's own loading (measured: 30 ms later on screen).
// The worker itself is made at once (it takes 100 ms to start); only the work waits.
let copyOnScreen;
const copyShown = new Promise((resolve) => { copyOnScreen = resolve; });

/** main.js: the kept copy is drawn and painted (or will not be). */
export function copyPainted() {
  copyOnScreen();
}

/** The engine running in this page, once it has brought the session back; null when a server answers the page. */
export const started = (async () => {
  if (fromDisk) return null;
  const config = await host;
  if (config.host !== "browser") {
    early?.stop();
    return null;
  }
  let engine = null;
  try {
    engine = early || new Engine();
    // A second at most: the page may fail before it draws.
    if (keptSnapshot(config.build ?? null).kept) await Promise.race([copyShown, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await engine.start(config);
  } catch (error) {
    if (engine) console.warn("engine:", error.message);
  }
  return engine;
})();
