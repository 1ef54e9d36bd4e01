#!/usr/bin/env python3
"""`make bench`, the page's row: a command POSTed → the tree repainted, in a real headless
Chromium, on a stack of 10,000 view controllers; and a time-travel step (click an older
timeline entry → that step's tree drawn). Measured inside the page with performance.now():
from just before the POST until two animation frames after the new row is in the tree (the
frame that paints it has run), after the first load has settled and two warm-up pushes.
Prints numbers; asserts nothing. Skipped (said so) when
Chromium, chromedriver or selenium is missing.

usage: bench-page.py NAVLAB [--quick]"""

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Browser"))

SIZE = 10_000


def main():
    navlab = os.path.abspath(sys.argv[1])
    quick = "--quick" in sys.argv
    samples = 10 if quick else 30
    os.environ["NAVLAB"] = navlab
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        import browserkit
    except ImportError as error:
        print(f"page bench skipped: {error} (make deps installs selenium)")
        return
    if not (os.path.exists(browserkit.CHROMIUM) and os.path.exists(browserkit.CHROMEDRIVER)):
        print("page bench skipped: no chromium or chromedriver (make deps installs them)")
        return

    served = browserkit.start_navlab(["run", "--serve"], ["initial Nav(Item)", "launch"] + ["push Item"] * (SIZE - 2), timeout=300)
    options = Options()
    options.binary_location = browserkit.CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(browserkit.CHROMEDRIVER), options=options)
    driver.set_script_timeout(120)
    try:
        start = time.monotonic()
        driver.get(served.url)
        browserkit.wait_for(driver, "#tree [data-expand]", timeout=120)
        loaded = time.monotonic() - start
        browserkit.wait_for(driver, '#connection[data-state="live"]', timeout=30)
        # Let the first load settle (the 7 MB document parsed, its garbage collected).
        time.sleep(3)
        pushes = []
        for i in range(samples + 2):
            name = f"Bench{i}"
            ms = driver.execute_async_script("""
                const [name, done] = arguments;
                const t0 = performance.now();
                fetch("/api/commands", { method: "POST", body: `push ${name}` });
                const check = () => {
                  if (document.querySelector(`#tree .row[data-name="${name}"]`)) {
                    requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));
                  } else requestAnimationFrame(check);
                };
                check();
            """, name)
            if i >= 2:  # two warm-up pushes
                pushes.append(ms)
        timings = driver.execute_script("return window.navlab.timings")
        # Time travel: to the step before each of the last pushes, then back to live.
        travels = []
        seq = driver.execute_script("return window.navlab.rendered")
        for k in range(min(samples, 10)):
            target = seq - 1 - k
            ms = driver.execute_async_script("""
                const [target, done] = arguments;
                const t0 = performance.now();
                document.querySelector(`#timeline .entry[data-seq="${target}"]`)?.click();
                const check = () => {
                  if (document.querySelector("#timeline .entry.viewing")?.dataset.seq == String(target) && !document.getElementById("viewing").hidden
                      && window.navlab.rendered === target) {
                    requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));
                  } else requestAnimationFrame(check);
                };
                check();
            """, target)
            travels.append(ms)
        pushes.sort()
        travels.sort()
        pct = lambda xs, p: xs[min(len(xs) - 1, round((len(xs) - 1) * p))]
        print(f"page in headless Chromium, {SIZE:,} view controllers (first load {loaded:.1f} s):")
        print(f"  POST push → tree repainted: p50 {statistics.median(pushes):.1f} ms, p90 {pct(pushes, 0.9):.1f} ms, max {pushes[-1]:.1f} ms ({len(pushes)} samples)")
        print(f"  time travel one step → that tree drawn: p50 {statistics.median(travels):.1f} ms, max {travels[-1]:.1f} ms ({len(travels)} samples)")
        print(f"  last render per pane (ms): {timings}")
    finally:
        driver.quit()
        browserkit.stop(served.process)


if __name__ == "__main__":
    main()
