#!/usr/bin/env python3
"""`make bench`, the browser build: the page with the engine in its Web Worker (`make web`'s
static folder, served locally), next to the same page served by the release `navlab`, both
in headless Chromium on this machine, in the same run. Each figure is printed beside its goal;
nothing is asserted.

- the modules as `make web` ships them, raw, `gzip -9` and `brotli -q 11` (what a static host
  sends them as): navlab.wasm, the start module the page loads first, against the size goal,
  and navlab-full.wasm, the complete one its worker loads on first use (Docs/Browser.md).
- the complete module on first use: `export swift` in a page that has not needed it yet (the
  7-line session below), HTTP cache off: the worker fetches and compiles navlab-full.wasm,
  runs the journal in it and exports; then the same export again. Medians of 3.
- first state on screen: a fresh navigation (HTTP cache disabled, so every file arrives anew
  from the local server) until the first animation frame after the tree shows the session's
  hierarchy (`window.navlab.rendered` set and a `#tree .row` drawn for every view controller
  of the session, as `navlab run --json` of it lists them), timed inside the page from
  navigation start (`performance.now()`, whose origin is the navigation's start). The session
  is a 7-line one (a presented navigation stack, a swapped root): in the browser it is in the
  page's journal (localStorage) with the state the page drew last beside it, which the page
  draws before the worker has fetched and compiled the module and run the journal (the run
  counts the loads that did; beside it, when the worker's own state was in: the first frame
  with the page live); served by `navlab`, the server has it. Median of 5 (3 quick). And a
  first visit (nothing in localStorage): until the first frame after the page drew the
  worker's fresh session, which no copy can give.
- a command: from `api.run(line)` in the page until its answer is in and its patch is
  applied to the page's document (`window.navlab.doc().seq` reaches the answer's seq): in the
  browser the round trip to the worker and back, served by `navlab` the POST and the event
  stream; `push Bench` and `pop` in turn, each from an idle page (two animation frames and
  20 ms between commands), median of the commands after 4 warm-up ones; at 100 and at 10,000
  view controllers (the browser's session restored from its journal, the server's run from
  the same script).
- a whole tutorial: `api.run(TEXT)` of each tutorial in Docs/Tutorials (after `reset`) until
  its answer is in and its last patch is applied; the sum of the four, median of 3 rounds.
- memory at 10,000 view controllers: in the browser, the worker's WebAssembly memory (what
  the module holds; it only grows), its size after the 10,000-VC session was restored minus
  its size in a fresh session; served by `navlab`, the server's resident set (`ps -o rss=`)
  with the page connected at 10,000 VCs minus the same with a 2-line session, each a
  process of its own. Both are the cost of the 10,000 view controllers to the host that
  holds the engine (each also shown whole). Beside the browser's figure, the most the engine
  ever had allocated at once in the same session under node (Tests/Wasm/memory-node.mjs: the start
  module, the journal restored, the page's first requests and 18 commands), which the
  memory cannot be below: what is over it is what the allocator could not reuse.

usage: bench-web.py NAVLAB WEBDIR [--quick] [--first]   (--first: the first-state rows only)"""

import glob
import gzip
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))

SEED = ["device iPhone iOS=12", "initial Register", "launch", "present Nav(Welcome)", "push Details", "push Done", "swapRoot Main"]

RUN = """
const [text, done] = arguments;
import('./js/api.js').then(async (m) => {
  const t0 = performance.now();
  const answer = await m.api.run(text);
  while (!(window.navlab.doc() && window.navlab.doc().seq >= answer.seq)) {
    await new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = r; c.port2.postMessage(0); });
  }
  const ms = performance.now() - t0;
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done({ ms, status: answer.status, seq: answer.seq }), 20)));
}).catch((e) => done({ error: String(e && e.message || e) }));
"""

EXPORT = """
const [done] = arguments;
import('./js/api.js').then(async (m) => {
  const t0 = performance.now();
  await m.api.exportText('swift');
  const t1 = performance.now();
  await m.api.exportText('swift');
  done({ first: t1 - t0, again: performance.now() - t1 });
}).catch((e) => done({ error: String(e && e.message || e) }));
"""

FIRST = """
// Installed before the page's own scripts: the first frame after the tree shows the session's
// hierarchy (a row for each of window.__benchExpect's view controllers; with none, the first
// frame after the page drew a state), and the first frame after the page is live (the state
// drawn is the engine's or the server's).
(() => {
  const drawn = () => window.navlab && window.navlab.rendered !== undefined
    && (window.__benchExpect || []).every((n) => document.querySelector(`#tree .row[data-name="${CSS.escape(n)}"]`));
  const check = () => {
    if (window.__firstState === undefined && drawn()) {
      requestAnimationFrame(() => { window.__firstState = performance.now(); });
    }
    if (window.__live === undefined && drawn() && window.navlab.live()) {
      requestAnimationFrame(() => { window.__live = performance.now(); });
    }
    if (window.__live === undefined || window.__firstState === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""


def sizes(wasm):
    raw = open(wasm, "rb").read()
    gz = len(gzip.compress(raw, 9))
    br = None
    try:
        br = len(subprocess.run(["brotli", "-c", "-q", "11", wasm], capture_output=True, check=True).stdout)
    except (OSError, subprocess.CalledProcessError):
        pass
    return len(raw), gz, br


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def static_server(folder):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", folder],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    return process, f"http://127.0.0.1:{port}/"


def rss(pid):
    """A process's resident set, in bytes (`ps -o rss=`: KiB, on Linux and macOS alike)."""
    out = subprocess.run(["ps", "-o", "rss=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    return int(out) * 1024 if out.isdigit() else 0


class Bench:
    def __init__(self, browserkit, quick):
        self.kit = browserkit
        self.quick = quick
        self.driver = browserkit.new_driver()
        self.driver.set_script_timeout(600)
        self.driver.set_page_load_timeout(120)
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST})

    def quit(self):
        self.driver.quit()

    def wait_rendered(self, timeout=600):
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
            lambda d: d.execute_script("return !!(window.navlab && window.navlab.rendered !== undefined && window.navlab.doc() && window.navlab.live())"))

    def open_browser(self, url, journal):
        """The static page with `journal` as the session this browser kept."""
        d = self.driver
        for _ in range(3):
            d.get(url)
            self.wait_rendered()
            # The page writes its journal back after every answer of its engine: let the
            # requests of its start end first, or one of them overwrites the journal set here.
            time.sleep(1.0)
            d.execute_script("localStorage.setItem('navlab.journal', arguments[0]);", journal)
            d.get(url)
            self.wait_rendered()
            time.sleep(0.2)
            # The session came back when the engine wrote back the same journal.
            if d.execute_script("return localStorage.getItem('navlab.journal') || '';") == journal:
                return
        raise RuntimeError("the page did not bring the journal back (it is not what was set)")

    def first_state(self, url, expect, fresh=False):
        """Medians of (first frame with the hierarchy, first frame live) and how many loads drew the kept copy.
        `fresh`: each load is a first visit (localStorage cleared before, from another page of the site)."""
        from selenium.webdriver.support.ui import WebDriverWait
        d = self.driver
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": f"window.__benchExpect = {json.dumps(expect)};"})
        first, live, copies = [], [], 0
        try:
            for _ in range(3 if self.quick else 5):
                if fresh:
                    d.get(url + "favicon.svg")
                    d.execute_script("localStorage.clear();")
                d.get(url)
                self.wait_rendered()
                WebDriverWait(d, 60, poll_frequency=0.05).until(lambda d: d.execute_script("return window.__live !== undefined && window.__firstState !== undefined"))
                f, lv, copy = d.execute_script("return [window.__firstState, window.__live, window.navlab.copyAtStart ? window.navlab.copyAtStart() : null]")
                first.append(f)
                live.append(lv)
                copies += copy == "drawn"
                # The next load starts from an idle page (its snapshot written).
                time.sleep(0.3)
        finally:
            d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
            d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        return statistics.median(first), statistics.median(live), copies, len(first)

    def first_full(self, url):
        """`export swift` in a page that has not needed the complete module yet (the 7-line
        session): its fetch (HTTP cache off), compile, the journal run again in it, and the
        export; then the same export again. Medians of 3."""
        d = self.driver
        firsts, agains = [], []
        for _ in range(3):
            self.open_browser(url, "\n".join(SEED) + "\n")
            d.execute_cdp_cmd("Network.enable", {})
            d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
            try:
                r = d.execute_async_script(EXPORT)
            finally:
                d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
            if "error" in r:
                raise RuntimeError(f"export swift failed: {r['error']}")
            firsts.append(r["first"])
            agains.append(r["again"])
        return statistics.median(firsts), statistics.median(agains)

    def run(self, text):
        r = self.driver.execute_async_script(RUN, text)
        if "error" in r:
            raise RuntimeError(f"api.run failed: {r['error']}")
        return r

    def commands(self):
        out = []
        warm = 4
        for i in range(warm + (10 if self.quick else 30)):
            r = self.run("push Bench" if i % 2 == 0 else "pop")
            if r["status"] != "done":
                raise RuntimeError(f"command answered {r['status']}")
            if i >= warm:
                out.append(r["ms"])
        return statistics.median(out)

    def tutorials(self):
        files = sorted(glob.glob(os.path.join(ROOT, "Docs", "Tutorials", "*.navlab")))
        rounds = []
        for _ in range(2 if self.quick else 3):
            total = 0.0
            for f in files:
                self.run("reset")
                r = self.run(open(f, encoding="utf-8").read())
                if r["status"] == "failed":
                    raise RuntimeError(f"{os.path.basename(f)} failed in the page")
                total += r["ms"]
            rounds.append(total)
        return statistics.median(rounds), len(files)

    def stats(self):
        return self.driver.execute_async_script(
            "const done = arguments[0]; import('./js/api.js').then(m => m.engineStats()).then(done, e => done({error: String(e)}));")


def session_names(navlab, script_lines):
    """The view controllers of the session `script_lines` makes (`navlab run --json`): the rows the tree must show."""
    with tempfile.TemporaryDirectory() as home:
        path = os.path.join(home, "session.navlab")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(script_lines) + "\n")
        out = subprocess.run([navlab, "run", "--json", path], capture_output=True, text=True, check=True,
                             env=dict(os.environ, NAVLAB_HOME=home)).stdout
    return sorted(json.loads(out)["viewControllers"])


def lines(n):
    return ["initial Nav(Item)", "launch"] + ["push Item"] * (n - 2)


def goal(ok):
    return "met" if ok else "missed"


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: bench-web.py NAVLAB WEBDIR [--quick] [--first]")
    navlab, web = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    quick = "--quick" in sys.argv
    only_first = "--first" in sys.argv
    os.environ["NAVLAB"] = navlab
    print(f"the browser build (load average {os.getloadavg()[0]:.2f} at start):")
    raw, gz, br = sizes(os.path.join(web, "navlab.wasm"))
    brs = f"{br / 1000:.0f} KB brotli -q 11" if br else "brotli not installed"
    print(f"  start module navlab.wasm (loaded first): {raw / 1000:.0f} KB raw, {gz / 1000:.0f} KB gzip -9 (goal ≤ 600 KB: {goal(gz <= 600_000)}), "
          f"{brs}" + (f" (goal ≤ 450 KB: {goal(br <= 450_000)})" if br else ""))
    raw, gz, br = sizes(os.path.join(web, "navlab-full.wasm"))
    brs = f"{br / 1000:.0f} KB brotli -q 11" if br else "brotli not installed"
    print(f"  complete module navlab-full.wasm (loaded on first use): {raw / 1000:.0f} KB raw, {gz / 1000:.0f} KB gzip -9, {brs}")
    try:
        import selenium  # noqa: F401
        import browserkit
    except (ImportError, BaseException) as error:  # browserkit skips (pytest) when no Chromium
        print(f"  the rest skipped: {error}")
        return
    if not (browserkit.CHROMIUM and browserkit.CHROMEDRIVER):
        print("  the rest skipped: no chromium or chromedriver (make deps installs them)")
        return

    static, site = static_server(web)
    bench = Bench(browserkit, quick)
    figures = {}
    served = []
    try:
        # --- the browser: the engine in the page's worker ----------------------------------
        expect = session_names(navlab, SEED)
        bench.open_browser(site, "\n".join(SEED) + "\n")
        figures["first", "web"] = bench.first_state(site, expect)
        figures["first", "fresh"] = bench.first_state(site, [], fresh=True)
        if not only_first:
            figures["full", "web"] = bench.first_full(site)
            bench.open_browser(site, "")
            fresh = bench.stats()
            figures["tutorial", "web"], count = bench.tutorials()
            for n in (100, 10_000):
                bench.open_browser(site, "\n".join(lines(n)) + "\n")
                figures["cmd", n, "web"] = bench.commands()
                if n == 10_000:
                    figures["mem", "web"] = bench.stats()
            figures["mem", "fresh"] = fresh
        bench.driver.execute_script("localStorage.clear();")

        # --- the same page served by navlab -------------------------------------------------
        def serve(script_lines):
            s = browserkit.start_navlab(["run", "--serve"], script_lines, timeout=300)
            served.append(s)
            return s

        def done(s):
            browserkit.stop(s.process)
            served.remove(s)

        s = serve(SEED)
        bench.driver.get(s.url)
        bench.wait_rendered()
        figures["first", "native"] = bench.first_state(s.url, expect)
        done(s)
        if not only_first:
            s = serve(["# the tutorials run from the page"])
            bench.driver.get(s.url)
            bench.wait_rendered()
            figures["tutorial", "native"], _ = bench.tutorials()
            done(s)
            s = serve(lines(2))
            bench.driver.get(s.url)
            bench.wait_rendered()
            time.sleep(0.5)
            small = rss(s.process.pid)
            done(s)
            for n in (100, 10_000):
                s = serve(lines(n))
                bench.driver.get(s.url)
                bench.wait_rendered()
                figures["cmd", n, "native"] = bench.commands()
                if n == 10_000:
                    time.sleep(0.5)
                    figures["mem", "native"] = (rss(s.process.pid), small)
                done(s)
    finally:
        bench.quit()
        for s in served:
            browserkit.stop(s.process)
        static.terminate()
        static.wait(5)

    (w, wl, copies, runs), (nv, _, _, _) = figures["first", "web"], figures["first", "native"]
    fresh, fresh_live, _, _ = figures["first", "fresh"]
    print(f"  first state on screen (navigation start, files from a local server, cache off → first frame with the hierarchy): "
          f"browser {w:.0f} ms (the kept copy drawn in {copies} of {runs} loads; the engine's own state in at {wl:.0f} ms), "
          f"served by navlab {nv:.0f} ms  goal ≤ 300 ms: {goal(w <= 300)}")
    print(f"  a first visit (nothing kept: the worker's fresh session, the same module): {fresh:.0f} ms")
    if only_first:
        return
    first, again = figures["full", "web"]
    print(f"  the complete module on first use (export swift in that session: fetched with the cache off, compiled, "
          f"the journal run in it): {first:.0f} ms; the same export once it is there {again:.0f} ms")
    for n in (100, 10_000):
        w, nv = figures["cmd", n, "web"], figures["cmd", n, "native"]
        print(f"  a command at {n:,} VCs (api.run → answer in, patch applied): browser {w:.2f} ms, served by navlab {nv:.2f} ms: "
              f"{w / nv:.2f}×  goal ≤ 3×: {goal(w <= 3 * nv)}")
    w, nv = figures["tutorial", "web"], figures["tutorial", "native"]
    print(f"  the {count} tutorials replayed (api.run of each, summed): browser {w:.0f} ms, served by navlab {nv:.0f} ms: {w / nv:.2f}×  goal ≤ 2×: {goal(w <= 2 * nv)}")
    m, f = figures["mem", "web"], figures["mem", "fresh"]
    (big, small) = figures["mem", "native"]
    wd, nd = m["memory"] - f["memory"], big - small
    peak = peak_allocated(web)
    print(f"  memory at 10,000 VCs: browser {wd / 1e6:.1f} MB (wasm memory {f['memory'] / 1e6:.1f} → {m['memory'] / 1e6:.1f} MB; "
          f"{m['inUse'] / 1e6:.1f} MB allocated{peak}), navlab {nd / 1e6:.1f} MB (RSS {small / 1e6:.1f} → {big / 1e6:.1f} MB): "
          f"{wd / nd:.2f}×  goal ≤ 2×: {goal(wd <= 2 * nd)}")


def peak_allocated(web):
    """", at most X MB at once (node)": the engine's peak in the same session under node (Tests/Wasm/memory-node.mjs), or "" without node."""
    try:
        out = subprocess.run(["node", os.path.join(ROOT, "Tests", "Wasm", "memory-node.mjs"), "--wasm", os.path.join(web, "navlab.wasm"), "--json"],
                             capture_output=True, text=True, timeout=600)
        figures = json.loads(out.stdout)
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return ""
    return f", at most {figures['peak'] / 1e6:.1f} MB at once (node: memory {figures['memory'] / 1e6:.1f} MB)"


if __name__ == "__main__":
    main()
