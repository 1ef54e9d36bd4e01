// `make test`'s check of the page's two modules (Web/build.sh): the start module (navlab.wasm)
// leaves out `export swift|mermaid|dot`, `import`, `expect`, `Tabs(…)` and `tab`,
// SwiftUI hosting, `swipe`, `tapOutside`, state restoration, `scene` and `addSubview`,
// `removeFromSuperview` and `reuseView`, running code in callbacks, and answers 501 for them; the
// page's worker (Public/js/engine-worker.js, run here as it is) then moves the session to the
// complete module (navlab-full.wasm) and answers from it. Each session below runs twice with
// the same requests: on the complete module alone, and starting on the start module. The
// answers must be byte for byte the same, event ids included (a patch's operations compared
// as a set: the two modules list a step's independent operations in different orders, as
// the native server may), the ids rising, and the complete module fetched once, at the first
// request that needs it.
// usage: node Tests/Wasm/test-swap.mjs START.wasm FULL.wasm   (navlab-docs.json beside START)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const [startPath, fullPath] = process.argv.slice(2);
if (!startPath || !fullPath) {
  console.error("usage: node Tests/Wasm/test-swap.mjs START.wasm FULL.wasm");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const workerPath = join(here, "..", "..", "Public", "js", "engine-worker.js");
const docsPath = join(dirname(startPath), "navlab-docs.json");

// The worker runs in a thread with what a browser's worker has that it uses: `self`,
// `postMessage`, `onmessage` and `fetch` (here of files, by name, counted).
const bootstrap = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const files = workerData.files;
globalThis.fetches = {};
globalThis.self = globalThis;
globalThis.postMessage = (m) => parentPort.postMessage({ answer: m, fetches: globalThis.fetches });
globalThis.fetch = async (url) => {
  globalThis.fetches[url] = (globalThis.fetches[url] || 0) + 1;
  if (!(url in files)) return new Response("no such file", { status: 404, statusText: "Not Found" });
  const type = url.endsWith(".wasm") ? "application/wasm" : "application/json";
  return new Response(readFileSync(files[url]), { headers: { "Content-Type": type } });
};
parentPort.on("message", (m) => globalThis.onmessage({ data: m }));
eval(readFileSync(workerData.script, "utf8"));
`;

class Page {
  constructor(engine) {
    const files = { "http://t/navlab.wasm": engine === "full" ? fullPath : startPath, "http://t/navlab-docs.json": docsPath };
    // "offline": the complete module cannot be fetched (404).
    if (engine === "split") files["http://t/navlab-full.wasm"] = fullPath;
    this.worker = new Worker(bootstrap, { eval: true, workerData: { files, script: workerPath } });
    this.next = 1;
    this.waiting = new Map();
    this.fetches = {};
    this.worker.on("message", ({ answer, fetches }) => {
      this.fetches = fetches;
      const resolve = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      resolve(answer);
    });
  }
  send(message) {
    const id = this.next++;
    return new Promise((resolve) => { this.waiting.set(id, resolve); this.worker.postMessage({ id, ...message }); });
  }
  open(journal = "") { return this.send({ kind: "open", wasm: "http://t/navlab.wasm", docs: "http://t/navlab-docs.json", journal }); }
  get(target) { return this.send({ kind: "request", method: "GET", target, body: "" }); }
  post(body) { return this.send({ kind: "request", method: "POST", target: "/api/commands", body }); }
  fullFetches() { return this.fetches["http://t/navlab-full.wasm"] || 0; }
  end() { return this.worker.terminate(); }
}

let failures = 0;
function check(ok, what) {
  if (!ok) { failures++; console.log(`FAILED  ${what}`); }
}

const IMPORT = `import uikit <<END
<UINavigationController 0x7f8a1c008a00>, state: appeared, view: <UILayoutContainerView 0x7f8a1b50a1e0>
   | <App.Home 0x7f8a1b40b2c0>, state: disappeared, view: <UIView 0x7f8a1b60c3d0> not in the window
   | <App.Detail 0x7f8a1b40d4e0>, state: appeared, view: <UIView 0x7f8a1b60e5f0>
END`;

// A storyboard written for this test in Xcode's format: a navigation controller with A at its root
// and a show segue to B.
const STORYBOARD = `import storyboard Tiny <<END
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n">
    <scenes>
        <scene sceneID="s1"><objects><navigationController id="n" sceneMemberID="viewController"><connections>
            <segue destination="a" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController></objects></scene>
        <scene sceneID="s2"><objects><viewController id="a" customClass="A" sceneMemberID="viewController"><connections>
            <segue destination="b" kind="show" identifier="show" id="g"/></connections></viewController></objects></scene>
        <scene sceneID="s3"><objects><viewController id="b" customClass="B" sceneMemberID="viewController"/></objects></scene>
    </scenes>
</document>
END`;

// Each step: [what, request, whether it needs the complete module].
const sessions = {
  "export swift moves the session; commands go on there": {
    journal: "",
    steps: [
      ["commands", (p) => p.post("initial Nav(Home)\nlaunch\npush Detail"), false],
      ["the state", (p) => p.get("/api/state"), false],
      ["export swift", (p) => p.get("/api/export/swift"), true],
      ["a command after", (p) => p.post("present Sheet on top"), false],
      // The session and its tracker were rebuilt from the journal here: the same bytes.
      ["time travel from the live step", (p) => p.get("/api/history/2?from=4"), false],
      ["time travel from an earlier step", (p) => p.get("/api/history/4?from=1"), false],
      ["the log", (p) => p.get("/api/log"), false],
      ["undo", (p) => p.post("undo"), false],
      ["export mermaid", (p) => p.get("/api/export/mermaid"), false],
    ],
  },
  "a command, then expect in one request: the command runs once": {
    journal: "",
    steps: [
      ["commands", (p) => p.post("initial Nav(Home)\nlaunch"), false],
      ["push and expect", (p) => p.post("push Detail\nexpect top is Detail\nexpect not top is Home"), true],
      ["the history", (p) => p.get("/api/history"), false],
      ["a failed expect", (p) => p.post("expect top is Home"), false],
    ],
  },
  "an import of a printout, then commands": {
    journal: "",
    steps: [
      ["import", (p) => p.post(IMPORT), true],
      ["a command after", (p) => p.post("pop top"), false],
      ["the state", (p) => p.get("/api/state"), false],
      ["export dot at a step", (p) => p.get("/api/export/dot?seq=1"), false],
    ],
  },
  "a storyboard typed on the page, then its segues": {
    journal: "",
    steps: [
      ["import storyboard", (p) => p.post(STORYBOARD), true],
      ["launch", (p) => p.post("launch"), false],
      ["the segues", (p) => p.post("segue"), false],
      ["a segue", (p) => p.post("segue show"), false],
      ["undo", (p) => p.post("undo"), false],
    ],
  },
  "a kept session with an import comes back in the complete module": {
    journal: `initial Nav(Home)\nlaunch\n${IMPORT}\npush More\n`,
    steps: [
      ["the state", (p) => p.get("/api/state"), false],
      ["a command after", (p) => p.post("pop top"), false],
    ],
    fullAtOpen: true,
  },
  "a trap after the move starts the complete module again": {
    journal: "initial Nav(Home)\nlaunch\n",
    steps: [
      ["export swift", (p) => p.get("/api/export/swift"), true],
      ["the trap", (p) => p.send({ kind: "force-trap" }), false],
      ["export swift after it", (p) => p.get("/api/export/swift"), false],
      ["a command after", (p) => p.post("push Detail"), false],
    ],
  },
  "what the start module has needs no complete module": {
    journal: "initial Nav(Home)\nlaunch\n",
    steps: [
      ["commands", (p) => p.post("push Detail\npresent Sheet on top\ndismiss Sheet"), false],
      ["tree and memory", (p) => p.post("tree\nmemory\nwhy Detail"), false],
      ["an error", (p) => p.post("push"), false],
      ["help", (p) => p.post("help push"), false],
      ["export the script", (p) => p.get("/api/export/navlab"), false],
      ["export json", (p) => p.post("export json"), false],
      ["a fact", (p) => p.get("/api/facts/8"), false],
      ["undo and redo", (p) => p.post("undo\nredo"), false],
      ["a step of the history", (p) => p.get("/api/history/2"), false],
    ],
    neverFull: true,
  },
  "iOS 18 tabs, Tabs(…), move the session": {
    journal: "",
    steps: [
      ["a device", (p) => p.post("device iPhone iOS=18"), false],
      ["Tabs(…)", (p) => p.post("initial Tabs(Home, Search)\nlaunch"), true],
      ["tab", (p) => p.post("tab Search"), false],
    ],
  },
  "tab moves the session": {
    journal: "initial Tab(Nav(Home), Settings)\nlaunch\n",
    steps: [
      ["a command", (p) => p.post("push Detail"), false],
      ["tab", (p) => p.post("tab Settings\ntab 0"), true],
      ["a command after", (p) => p.post("pop top"), false],
    ],
  },
  "SwiftUI hosting moves the session": {
    journal: "initial Nav(Home)\nlaunch\n",
    steps: [
      ["push SwiftUI(…)", (p) => p.post("push SwiftUI(Book)"), true],
      ["present Sheet(…)", (p) => p.post("present Sheet(Draft) on Book"), false],
      ["the state", (p) => p.get("/api/state"), false],
    ],
  },
  "present Sheet(…) moves the session": {
    journal: "initial Nav(Home)\nlaunch\n",
    steps: [
      ["present Sheet(…)", (p) => p.post("present Sheet(Draft) on Home"), true],
      ["a command after", (p) => p.post("push Detail"), false],
    ],
  },
  "swipe moves the session": {
    journal: "initial Nav(Home)\nlaunch\n",
    steps: [
      ["commands", (p) => p.post("push Detail\npresent Sheet on top"), false],
      ["swipe down", (p) => p.post("swipe down cancel\nswipe down"), true],
      ["swipe back", (p) => p.post("swipe back cancel\nswipe back"), false],
      ["the log", (p) => p.get("/api/log"), false],
    ],
  },
  "tapOutside moves the session": {
    journal: "device iPad iOS=12\ninitial A\nlaunch\n",
    steps: [
      ["a popover", (p) => p.post("present P style=popover"), false],
      ["tapOutside", (p) => p.post("tapOutside"), true],
      ["a command after", (p) => p.post("present Q style=popover\nset Q shouldDismiss=no\ntapOutside"), false],
    ],
  },
  "code in callbacks moves the session": {
    journal: "initial Nav(Home)\nlaunch\n",
    steps: [
      ["on, declared", (p) => p.post("on Detail viewDidAppear: present Note"), false],
      ["a command that runs it", (p) => p.post("push Detail"), true],
      ["a command after", (p) => p.post("dismiss\npop"), false],
    ],
  },
  "a kept session with code in callbacks comes back in the complete module": {
    journal: "initial Nav(Home)\non Detail viewDidAppear: present Note\nlaunch\npush Detail\n",
    steps: [
      ["the state", (p) => p.get("/api/state"), false],
      ["a command after", (p) => p.post("dismiss\npop"), false],
    ],
    fullAtOpen: true,
  },
  "state restoration moves the session; a kept session with it comes back in the complete module": {
    journal: "initial NC:Nav(Home)\nclass NC restorationIdentifier=NCID\nclass Home restorationIdentifier=HomeID\noptIn save=yes restore=yes\nlaunch\npush Detail\nbackground\nkill\nlaunch\n",
    steps: [
      ["the state", (p) => p.get("/api/state"), false],
      ["push, then kill and launch", (p) => p.post("push Detail\nbackground\nkill\nlaunch"), false],
    ],
    fullAtOpen: true,
  },
  "state restoration at launch moves the session": {
    journal: "",
    steps: [
      ["preserved", (p) => p.post("initial NC:Nav(Home)\nclass NC restorationIdentifier=NCID\nclass Home restorationIdentifier=HomeID\noptIn save=yes restore=yes\nlaunch\nbackground\nkill"), false],
      ["launch", (p) => p.post("launch"), true],
      ["tree", (p) => p.post("tree"), false],
    ],
  },
  "an iPad's scenes (scene new, N, disconnect, discard) move the session": {
    journal: "device iPad iOS=18\nscenes on\ninitial Nav(Countries)\nlaunch\n",
    steps: [
      ["a command", (p) => p.post("push Country"), false],
      ["scene new", (p) => p.post("scene new\npush City"), true],
      ["scene 1", (p) => p.post("scene 1\nscene disconnect 2\nscene discard 2"), false],
      ["the state", (p) => p.get("/api/state"), false],
    ],
  },
  "a view added without containment (addSubview, removeFromSuperview, reuseView) moves the session": {
    journal: "initial Nav(Main)\nlaunch\n",
    steps: [
      ["addSubview", (p) => p.post("addSubview Card to Main"), true],
      ["removeFromSuperview", (p) => p.post("removeFromSuperview Card\npush Copy\nreuseView Main for Copy"), false],
      ["the log", (p) => p.get("/api/log"), false],
    ],
  },
  "the tutorials (their checks are expect) move the session": {
    journal: "initial Nav(Home)\nlaunch\n",
    steps: [
      ["the list", (p) => p.get("/api/tutorials"), true],
      ["one", (p) => p.get("/api/tutorials/root-view-controller"), false],
      ["a command after", (p) => p.post("push Detail"), false],
    ],
  },
};

/** An answer as it must be the same on both (its request's id apart), patches byte for byte. */
function comparable(a) {
  const { id, ...rest } = a;
  return JSON.stringify(rest);
}
function difference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `  complete: …${a.slice(Math.max(0, i - 150), i + 150)}\n  split:    …${b.slice(Math.max(0, i - 150), i + 150)}`;
}
const ids = (a) => [...(a.messages || []), ...(a.state ? [a.state] : [])].map((m) => m.id);

for (const [name, session] of Object.entries(sessions)) {
  const full = new Page("full"), split = new Page("split");
  const opened = [await full.open(session.journal), await split.open(session.journal)];
  check(comparable(opened[0]) === comparable(opened[1]), `${name}: open: the same answer`);
  check(split.fullFetches() === (session.fullAtOpen ? 1 : 0), `${name}: open: the complete module ${session.fullAtOpen ? "fetched" : "not fetched"} (${split.fullFetches()})`);
  let lastId = Math.max(0, ...ids(opened[1]));
  let moved = !!session.fullAtOpen;
  for (const [what, run, needsFull] of session.steps) {
    const a = await run(full), b = await run(split);
    check(a.status !== 501 && !a.trap === !b.trap, `${name}: ${what}: answered (${a.status}/${b.status}${b.trap ? ", trap " + b.trap : ""})`);
    check(comparable(a) === comparable(b), `${name}: ${what}: the same answer\n${difference(comparable(a), comparable(b))}`);
    if (needsFull && !moved) moved = true;
    check(split.fullFetches() === (moved ? 1 : 0), `${name}: ${what}: the complete module fetched ${moved ? "once" : "not yet"} (${split.fullFetches()})`);
    // A line's messages share its id; the next line's come after.
    const got = ids(b);
    if (got.length) {
      check(Math.min(...got) > lastId || (b.trap && Math.min(...got) >= lastId), `${name}: ${what}: event ids ${got} after ${lastId}`);
      check(got.every((id, i) => i === 0 || id >= got[i - 1]), `${name}: ${what}: event ids ${got} in order`);
      lastId = Math.max(lastId, ...got);
    }
  }
  if (session.neverFull) check(split.fullFetches() === 0, `${name}: the complete module never fetched`);
  await full.end();
  await split.end();
  console.log(`${failures ? "…" : "ok"}  ${name}`);
}
// The complete module cannot be loaded: the request is refused (503, with why), nothing of it
// ran, and the session goes on in the start module, its journal whole.
{
  const name = "the complete module cannot be loaded";
  const full = new Page("full"), offline = new Page("offline");
  for (const p of [full, offline]) await p.open("initial Nav(Home)\nlaunch\n");
  const refused = await offline.post("push Detail\nexpect top is Detail");
  check(refused.status === 503 && /complete engine could not be loaded.*404.*nothing was run/.test(JSON.parse(refused.body).error.message),
        `${name}: 503 with why (${refused.status} ${refused.body})`);
  check(refused.journal === "initial Nav(Home)\nlaunch\n", `${name}: the journal as before (${JSON.stringify(refused.journal)})`);
  check((refused.messages || []).length === 0 && !refused.trap, `${name}: no messages, no trap`);
  const a = await full.post("push Detail"), b = await offline.post("push Detail");
  check(b.status === 200 && JSON.parse(b.body).seq === JSON.parse(a.body).seq && b.journal === a.journal,
        `${name}: the next command runs in the start module as on the complete one (seq ${JSON.parse(b.body).seq}, ${JSON.stringify(b.journal)})`);
  check(offline.fullFetches() === 1, `${name}: the complete module asked for once (${offline.fullFetches()})`);
  await full.end();
  await offline.end();
  console.log(`${failures ? "…" : "ok"}  ${name}`);
}
console.log(failures ? `${failures} failed` : "the start module and the move to the complete one: all passed");
process.exitCode = failures ? 1 : 0;
