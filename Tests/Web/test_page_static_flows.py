"""What a user does on the page with no server (issue 25): a tutorial played to its end with its
narration, commands typed with completion, undo and a timeline jump, an import, every export as
a download, and a share link opened in a fresh browser — the static folder `make web` builds,
served by a plain file server, no navlab process. Where a result can be checked against the
native tool (`navlab run --json`, NAVLAB), it is."""

import json
import os
import subprocess
import tempfile

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from test_page_static import open_static, site, state, type_command  # noqa: F401  (site: the fixture)
from browserkit import ROOT, browser, console_errors, downloaded, new_driver, tree_row, wait_for  # noqa: F401

NAVLAB = os.path.abspath(os.path.join(ROOT, os.environ.get("NAVLAB", ".build/debug/navlab")))
KEEP = ["application", "device", "window", "screen", "top", "viewControllers", "allocated", "leaked"]


def native_state(path):
    """What the native tool's replay of `path` ends with (`navlab run --json`)."""
    run = subprocess.run([NAVLAB, "run", "--json", path], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, NAVLAB_HOME=tempfile.mkdtemp()))
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    return {k: doc.get(k) for k in KEEP}


def page_state(driver):
    doc = state(driver)
    return {k: doc.get(k) for k in KEEP}


def test_a_tutorial_plays_to_its_end_with_its_narration(site, browser):
    open_static(browser, site)
    type_command(browser, "initial Nav(Old)")  # a session the tutorial replaces
    browser.find_element(By.ID, "tutorials").click()
    wait_for(browser, '#tutorial-panel[open] [data-play="screen-state"]', timeout=60)
    listed = [e.get_attribute("data-tutorial") for e in browser.find_elements(By.CSS_SELECTOR, "#tutorial-body li[data-tutorial]")]
    assert listed == sorted(n[:-7] for n in os.listdir(os.path.join(ROOT, "Docs", "Tutorials")) if n.endswith(".navlab"))
    browser.find_element(By.CSS_SELECTOR, '[data-play="screen-state"]').click()
    first = wait_for(browser, "#tutorial-body .narration", timeout=60)
    # The first step is the article's title and introduction, as the script's comments say.
    assert "Step 1 of" in browser.find_element(By.CSS_SELECTOR, "#tutorial-body .step-count").text
    with open(os.path.join(ROOT, "Docs", "Tutorials", "screen-state.navlab")) as f:
        title = next(l[4:].strip() for l in f if l.startswith("# # "))
    assert browser.find_element(By.ID, "tutorial-title").text == title
    assert first.text.strip()
    steps = int(browser.find_element(By.CSS_SELECTOR, "#tutorial-body .step-count").text.split(" of ")[1])
    seen = set()
    # Each step: wait for its Run button, read its count and narration, run it (read and clicked
    # in one script: the panel redraws itself when a step ends).
    read_and_run = """
        const body = document.getElementById("tutorial-body");
        const next = body.querySelector("[data-next]:not([disabled])");
        if (!next) return null;
        const out = [body.querySelector(".step-count").textContent, body.querySelector(".narration").textContent,
                     !!body.querySelector(".tutorial-problem")];
        next.click();
        return out;"""
    for n in range(1, steps + 1):
        count, narration, problem = WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda d: d.execute_script(read_and_run))
        assert count.startswith(f"Step {n} of {steps}"), count
        assert not problem
        seen.add(narration)
    # (The panel redraws itself as the last step ends: an element read mid-redraw is stale, read again.)
    WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: "the end" in d.find_element(By.CSS_SELECTOR, "#tutorial-body .step-count").text)
    assert len(seen) == steps  # each step had its own narration
    # Every `expect` held (a failed one stops the play with its error), and the session is
    # the one the native tool ends the tutorial with.
    assert page_state(browser) == native_state("Docs/Tutorials/screen-state.navlab")
    assert tree_row(browser, "Old") is None
    assert console_errors(browser) == []


def test_tab_completes_and_a_timeline_jump_shows_an_earlier_step(site, browser):
    open_static(browser, site)
    type_command(browser, "reset")
    type_command(browser, "initial Nav(Home)")
    type_command(browser, "launch")
    # (The lines answered first: WebKit's engine is still running them when the keys come.)
    wait_for(browser, '#tree .row[data-name="Home"]', timeout=60)
    WebDriverWait(browser, 60).until(lambda d: d.execute_script("return window.navlab.doc().application.state") == "active")
    box = browser.find_element(By.ID, "command")
    box.send_keys("pus" + Keys.TAB)
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "command").get_attribute("value") == "push ")
    box.send_keys("Detail")
    box.send_keys(Keys.ENTER)
    wait_for(browser, '#tree .row[data-name="Detail"]', timeout=60)
    type_command(browser, "push More")
    wait_for(browser, '#tree .row[data-name="More"]', timeout=60)
    type_command(browser, "undo")
    WebDriverWait(browser, 10).until(lambda d: tree_row(d, "More") is None)
    # The timeline: the step of `launch` shows Home alone, then Live comes back.
    entries = WebDriverWait(browser, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, "#timeline .entry") if "launch" in e.get_attribute("textContent")])
    entries[-1].click()
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "viewing").is_displayed())
    WebDriverWait(browser, 10).until(lambda d: tree_row(d, "Detail") is None and tree_row(d, "Home") is not None)
    browser.find_element(By.ID, "viewing-live").click()
    wait_for(browser, '#tree .row[data-name="Detail"]', timeout=60)
    assert state(browser)["top"] == "Detail"


def test_an_import_and_every_export_download(site):
    downloads = tempfile.mkdtemp(prefix="navlab-downloads-")
    driver = new_driver(downloads)
    try:
        open_static(driver, site)
        driver.find_element(By.ID, "import").click()
        wait_for(driver, "#import-dialog[open]")
        printout = ("<UINavigationController 0x103810a00>, state: appeared, view: <UILayoutContainerView 0x104c0ebd0>\n"
                    "   | <MyApp.Feed 0x104d0e5f0>, state: appeared, view: <UIView 0x104d1a880>")
        driver.execute_script("document.getElementById('import-text').value = arguments[0]", printout)
        driver.find_element(By.ID, "import-run").click()
        wait_for(driver, '#tree .row[data-name="Feed"]', timeout=60)
        assert state(driver)["top"] == "Feed"
        # The session as a script: the native tool replays it to the same state.
        driver.find_element(By.CSS_SELECTOR, "#export-menu summary").click()
        driver.find_element(By.CSS_SELECTOR, '[data-export="navlab"]').click()
        path = os.path.join(downloads, "navlab-session.navlab")
        assert b"import uikit <<" in downloaded(downloads, "navlab-session.navlab")
        assert native_state(path) == page_state(driver)
        for fmt, name, head in [("swift", "AppDelegate.swift", b"final class AppDelegate"), ("mermaid", "navlab-hierarchy.mmd", b"graph TD"),
                                ("dot", "navlab-hierarchy.dot", b"digraph"), ("svg", "navlab-hierarchy.svg", b"<svg"),
                                ("png", "navlab-hierarchy.png", b"\x89PNG\r\n\x1a\n")]:
            driver.find_element(By.CSS_SELECTOR, "#export-menu summary").click()
            driver.find_element(By.CSS_SELECTOR, f'[data-export="{fmt}"]').click()
            data = downloaded(downloads, name)
            assert head in (data if fmt == "swift" else data[:400]), (fmt, data[:200])
            if fmt in ("mermaid", "dot", "svg"):
                assert b"Feed" in data
        assert console_errors(driver) == []
    finally:
        driver.quit()


def test_a_share_link_opens_in_a_fresh_browser(site, browser):
    open_static(browser, site)
    type_command(browser, "reset")
    for line in ["initial Nav(Home)", "launch", "push Detail", "present Sheet"]:
        type_command(browser, line)
    wait_for(browser, '#tree .row[data-name="Sheet"]', timeout=60)
    browser.find_element(By.ID, "share").click()
    wait_for(browser, "#script-dialog[open]")
    link = WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "script-dialog").get_attribute("data-link"))
    assert link.startswith(site) and "#script=" in link and "Detail" not in link
    expected = page_state(browser)
    other = new_driver()  # its own profile: nothing of the first browser's session
    try:
        other.get(link)
        wait_for(other, "#script-dialog[open]", timeout=60)
        assert "present Sheet" in other.find_element(By.ID, "script-text").text
        other.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Replace the session']").click()
        WebDriverWait(other, 60).until(lambda d: not d.find_element(By.ID, "script-dialog").get_attribute("open"))
        wait_for(other, '#tree .row[data-name="Sheet"]', timeout=60)
        assert page_state(other) == expected
        assert "#script=" not in other.current_url
        assert console_errors(other) == []
    finally:
        other.quit()


def test_a_broken_or_oversized_share_link_says_so_and_changes_nothing(site, browser):
    open_static(browser, site)
    type_command(browser, "reset")
    type_command(browser, "initial Home")
    type_command(browser, "launch")
    wait_for(browser, '#tree .row[data-name="Home"]', timeout=60)
    before = state(browser)
    browser.get(site + "#script=@@not-base64@@")
    browser.refresh()
    wait_for(browser, "#script-dialog[open]", timeout=60)
    assert "could not be read" in browser.find_element(By.ID, "script-intro").text
    assert state(browser)["seq"] == before["seq"]
    # A link whose few kilobytes unpack to 80 MiB of `#` lines: refused before it is all read.
    bomb = browser.execute_async_script("""
        const done = arguments[0];
        const text = new Blob([new Uint8Array(80 * 1048576).fill(35)]);
        new Response(text.stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer().then((b) => {
          let s = ""; for (const x of new Uint8Array(b)) s += String.fromCharCode(x);
          done(btoa(s).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, ""));
        });""")
    assert len(bomb) < 200_000
    browser.get(site + "#script=" + bomb)
    browser.refresh()
    wait_for(browser, "#script-dialog[open]", timeout=30)
    assert "more than 64 MiB" in browser.find_element(By.ID, "script-intro").text
    assert state(browser)["seq"] == before["seq"]
