// The first thing the page runs: index.html loads this module `async`, so it runs as soon as it
// (and engine.js) arrive, while the page's other modules still load. It learns whether this
// folder runs NavLab's engine itself (navlab-host.json says {"host": "browser"}: a static copy
// made by `make web`) and, if so, starts it: the worker compiles the module and brings the
// session back meanwhile. Served by `navlab`, it does nothing more (api.js talks to the server).

import { Engine } from "./engine.js";

/** The engine running in this page, once started; null when a server answers the page. */
export const started = (async () => {
  let engine = null;
  try {
    const response = await fetch("navlab-host.json", { cache: "no-store" });
    const config = response.ok ? await response.json() : {};
    if (config.host !== "browser") return null;
    engine = new Engine(config);
    await engine.start();
  } catch (error) {
    if (engine) console.warn("engine:", error.message);
  }
  return engine;
})();
