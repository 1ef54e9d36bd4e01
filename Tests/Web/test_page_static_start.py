"""The page with no server, at its start (issue 25): the state this browser kept beside the
session's lines is drawn before the engine in the page's worker has answered, and nothing typed
meanwhile is lost or run against another state. The static folder `make web` builds, served by
a file server that can hold back navlab.wasm: while it is held, the worker cannot compile the
module, so whatever the page shows did not come from the engine."""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_page_static import WASM, open_static, state, type_command  # noqa: F401
from browserkit import ROOT, browser, console_errors, tree_row, wait_for  # noqa: F401


class Site:
    """The static folder on a loopback port; `hold()` keeps navlab.wasm back until `release()`."""

    def __init__(self, folder, url, gate, missing):
        self.folder, self.url, self.gate, self.missing = folder, url, gate, missing

    def hold(self):
        self.gate.clear()

    def release(self):
        self.gate.set()

    def marker(self, build):
        """Writes into index.html what `make web` writes (its host marker, with the module's
        build), or takes it out again (build None)."""
        path = os.path.join(self.folder, "index.html")
        with open(path, encoding="utf-8") as f:
            html = f.read()
        html = re.sub(r'<meta name="navlab-host" content="[^"]*"(?: data-build="[^"]*")?>',
                      '<meta name="navlab-host" content="">' if build is None else f'<meta name="navlab-host" content="browser" data-build="{build}">', html)
        with open(path, "w", encoding="utf-8") as f:
            f.write(html)

    def host(self, **fields):
        """Rewrites navlab-host.json (what `make web` wrote, with `fields` changed)."""
        path = os.path.join(self.folder, "navlab-host.json")
        with open(path, encoding="utf-8") as f:
            config = json.load(f)
        config.update(fields)
        config = {k: v for k, v in config.items() if v is not None}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(config, f)
        # index.html's marker, which `make web` writes with the build, says the same.
        if "build" in fields:
            self.marker(fields["build"])


@pytest.fixture(scope="module")
def site():
    folder = tempfile.mkdtemp(prefix="navlab-web-start-")
    subprocess.run(["sh", os.path.join(ROOT, "scripts", "make-web.sh"), WASM, folder], check=True, capture_output=True)
    gate = threading.Event()
    gate.set()
    missing = threading.Event()  # set: navlab.wasm answers 404

    class Handler(SimpleHTTPRequestHandler):
        def end_headers(self):
            # Nothing from the browser's cache: every load asks this server again.
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def do_GET(self):
            if self.path.split("?")[0].endswith(".wasm"):
                gate.wait(120)
                if missing.is_set():
                    self.send_error(404)
                    return
            super().do_GET()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=folder))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(folder, f"http://127.0.0.1:{server.server_address[1]}/", gate, missing)
    finally:
        gate.set()
        server.shutdown()
        server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def kept(driver):
    """What this browser keeps: the journal, and the snapshot (parsed; None when there is none)."""
    journal, snapshot = driver.execute_script(
        "return [localStorage.getItem('navlab.journal'), localStorage.getItem('navlab.snapshot')];")
    try:
        return journal, (json.loads(snapshot) if snapshot is not None else None)
    except ValueError:
        return journal, snapshot


def wait_snapshot_of(driver, doc):
    """Waits until the snapshot kept is the document `doc` (it is written when the page is idle)."""
    def written(d):
        copy = (kept(d)[1] or {}).get("state", {})
        # The step and the view controllers: a copy edited by a test can have the same step.
        return copy.get("seq") == doc["seq"] and sorted(copy.get("viewControllers", {})) == sorted(doc["viewControllers"])
    WebDriverWait(driver, 30, poll_frequency=0.05).until(written)
    return kept(driver)


def session(driver, site, lines):
    """A fresh session of `lines`, typed in the page, and its snapshot written."""
    open_static(driver, site.url)
    type_command(driver, "reset")
    for line in lines:
        type_command(driver, line)
    last = lines[-1].split()[-1]
    wait_for(driver, f'#tree .row[data-name="{last}"]', timeout=60)
    return wait_snapshot_of(driver, state(driver))


def load_held(driver, site):
    """A reload while navlab.wasm is held back: the worker cannot answer."""
    site.hold()
    driver.get(site.url)
    WebDriverWait(driver, 10, poll_frequency=0.05).until(
        lambda d: d.execute_script("return !!(window.navlab && window.navlab.copyAtStart() !== null)"))


def connection(driver):
    return driver.find_element(By.ID, "connection").get_attribute("data-state")


def test_the_kept_state_is_drawn_before_the_engine_answers_and_typed_lines_run_after_in_order(site, browser):
    try:
        journal, snapshot = session(browser, site, ["initial Nav(Home)", "launch", "push A"])
        assert snapshot["state"]["top"] == "A"
        load_held(browser, site)
        # The session as it was, drawn from the copy: the engine has not answered.
        assert browser.execute_script("return window.navlab.copyAtStart()") == "drawn"
        wait_for(browser, '#tree .row[data-name="A"]', timeout=5)
        assert browser.execute_script("return window.navlab.fromCopy()") is True
        assert connection(browser) == "starting"
        assert browser.find_element(By.CSS_SELECTOR, "#connection .label").text == "starting"
        # Lines typed now wait, shown as waiting; nothing runs.
        type_command(browser, "push B")
        type_command(browser, "push C")
        waiting = browser.find_elements(By.CSS_SELECTOR, "#console-out .co-block.waiting")
        lines = [w.find_element(By.CSS_SELECTOR, ".co-cmd").text for w in waiting]
        assert len(lines) == 2 and lines[0].endswith("push B") and lines[1].endswith("push C"), lines
        assert tree_row(browser, "B") is None
        assert browser.execute_script("return localStorage.getItem('navlab.journal')") == journal
        browser.save_screenshot(os.path.join(tempfile.gettempdir(), "navlab-start-held.png"))
    finally:
        site.release()
    # The engine is live: the lines ran, in the order typed, on the session drawn.
    WebDriverWait(browser, 30).until(lambda d: connection(d) == "live")
    wait_for(browser, '#tree .row[data-name="C"]', timeout=60)
    doc = state(browser)
    assert doc["viewControllers"]["UINavigationController"]["viewControllers"] == ["Home", "A", "B", "C"]
    assert browser.execute_script("return window.navlab.fromCopy()") is False
    assert browser.find_elements(By.CSS_SELECTOR, "#console-out .co-block.waiting") == []
    assert not browser.find_element(By.ID, "script-dialog").get_attribute("open")
    # The page's document is the engine's state, and the next snapshot follows it.
    assert browser.execute_script("return window.navlab.doc()")["viewControllers"] == doc["viewControllers"]
    wait_snapshot_of(browser, doc)
    browser.save_screenshot(os.path.join(tempfile.gettempdir(), "navlab-start-live.png"))
    assert console_errors(browser) == []


def test_a_corrupt_or_stale_snapshot_is_not_drawn(site, browser):
    journal, snapshot = session(browser, site, ["initial Nav(Home)", "launch", "push A"])
    for text, why in [("{not json", "not JSON"),
                      (json.dumps({**snapshot, "format": 99}), "not a snapshot of this page"),
                      # Tied to other lines than those kept (another tab's, or written before the last line).
                      (json.dumps({**snapshot, "journal": "3:0badf00d"}), "another journal")]:
        # Planted from a same-origin file that runs no engine: the page, left first, writes
        # nothing over it (in WebKit, which has no requestIdleCallback, a page that has just
        # started may still have its own snapshot to write).
        browser.get(site.url + "navlab-host.json")
        browser.execute_script("localStorage.setItem('navlab.snapshot', arguments[0]);", text)
        try:
            load_held(browser, site)
            assert browser.execute_script("return window.navlab.copyAtStart()") == why
            assert browser.execute_script("return window.navlab.doc()") is None
            assert tree_row(browser, "A") is None
            assert connection(browser) == "starting" and browser.execute_script("return window.navlab.fromCopy()") is False
        finally:
            site.release()
        # The engine brings the session back from its lines.
        wait_for(browser, '#tree .row[data-name="A"]', timeout=30)
        WebDriverWait(browser, 30).until(lambda d: connection(d) == "live")
        assert state(browser)["top"] == "A"
    # The journal changed by hand (a line more): the snapshot no longer belongs to it.
    wait_snapshot_of(browser, state(browser))
    # Planted from a same-origin file that runs no engine: the page, left, writes nothing after it.
    browser.get(site.url + "navlab-host.json")
    browser.execute_script("localStorage.setItem('navlab.journal', arguments[0]);", journal + "push Z\n")
    try:
        load_held(browser, site)
        assert browser.execute_script("return window.navlab.copyAtStart()") == "another journal"
        assert tree_row(browser, "A") is None
    finally:
        site.release()
    wait_for(browser, '#tree .row[data-name="Z"]', timeout=30)


def test_a_snapshot_of_another_build_of_the_engine_is_not_drawn(site, browser):
    try:
        site.host(build="one")
        session(browser, site, ["initial Nav(Home)", "launch", "push A"])
        assert kept(browser)[1]["build"] == "one"
        load_held(browser, site)
        assert browser.execute_script("return window.navlab.copyAtStart()") == "drawn"
        site.release()
        WebDriverWait(browser, 30).until(lambda d: connection(d) == "live")
        site.host(build="two")
        load_held(browser, site)
        assert browser.execute_script("return window.navlab.copyAtStart()") == "another build of the engine"
        assert tree_row(browser, "A") is None
        site.release()
        wait_for(browser, '#tree .row[data-name="A"]', timeout=30)
        # Written again, for this build.
        WebDriverWait(browser, 10).until(lambda d: (kept(d)[1] or {}).get("build") == "two")
    finally:
        site.release()
        site.host(build=None)


def test_a_copy_that_differs_from_the_engine_state_is_replaced_and_typed_lines_are_not_run(site, browser):
    # What an updated engine would do: the same lines, another state. Here the copy is edited
    # (a view controller the lines never made) and still tied to the lines kept.
    _, snapshot = session(browser, site, ["initial Nav(Home)", "launch", "push A"])
    snapshot["state"]["viewControllers"]["Ghost"] = dict(snapshot["state"]["viewControllers"]["A"], name="Ghost")
    snapshot["state"]["viewControllers"]["UINavigationController"]["viewControllers"].append("Ghost")
    snapshot["state"]["viewControllers"]["UINavigationController"]["children"].append("Ghost")
    browser.execute_script("localStorage.setItem('navlab.snapshot', arguments[0]);", json.dumps(snapshot))
    try:
        load_held(browser, site)
        wait_for(browser, '#tree .row[data-name="Ghost"]', timeout=5)
        type_command(browser, "push B")
    finally:
        site.release()
    # The engine's state wins, and the page says so; the line typed against the copy did not run.
    WebDriverWait(browser, 30).until(lambda d: "out of date" in d.find_element(By.ID, "script-title").text)
    assert "Lines typed meanwhile were not run" in browser.find_element(By.ID, "script-intro").text
    browser.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Close']").click()
    WebDriverWait(browser, 10).until(lambda d: tree_row(d, "Ghost") is None)
    WebDriverWait(browser, 10).until(lambda d: "not run: the session changed" in d.find_element(By.ID, "console-out").text)
    doc = state(browser)
    assert doc["viewControllers"]["UINavigationController"]["viewControllers"] == ["Home", "A"]
    assert tree_row(browser, "B") is None
    # The snapshot is the engine's state again.
    assert "Ghost" not in wait_snapshot_of(browser, doc)[1]["state"]["viewControllers"]


def test_reset_and_a_cleared_journal_take_the_snapshot_with_them(site, browser):
    session(browser, site, ["initial Nav(Home)", "launch", "push A"])
    type_command(browser, "reset")
    WebDriverWait(browser, 60).until(lambda d: tree_row(d, "A") is None)
    wait_snapshot_of(browser, state(browser))
    try:
        load_held(browser, site)
        # The copy drawn is the session after `reset`: not the one before it.
        assert browser.execute_script("return window.navlab.copyAtStart()") == "drawn"
        assert tree_row(browser, "A") is None
        assert "No app yet" in browser.find_element(By.ID, "tree").text  # the fresh session's empty state
    finally:
        site.release()
    WebDriverWait(browser, 30).until(lambda d: connection(d) == "live")
    # The journal cleared (what the browser's "clear site data" does to one key): no copy is drawn.
    type_command(browser, "initial Nav(Home)")
    type_command(browser, "launch")
    wait_for(browser, '#tree .row[data-name="Home"]', timeout=60)
    wait_snapshot_of(browser, state(browser))
    browser.execute_script("localStorage.removeItem('navlab.journal');")
    try:
        load_held(browser, site)
        assert browser.execute_script("return window.navlab.copyAtStart()") == "another journal"
        assert tree_row(browser, "Home") is None
    finally:
        site.release()
    WebDriverWait(browser, 30).until(lambda d: connection(d) == "live")
    assert tree_row(browser, "Home") is None


def test_a_big_session_keeps_no_snapshot(site, browser):
    # Planted from a same-origin file that runs no engine: a page still starting would write its
    # own journal back over it.
    browser.get(site.url + "navlab-host.json")
    # 1,502 view controllers: the navigation controller, Item, and Item#2 … Item#1501.
    big = "initial Nav(Item)\nlaunch\n" + "push Item\n" * 1500
    browser.execute_script("localStorage.setItem('navlab.journal', arguments[0]); localStorage.removeItem('navlab.snapshot');", big)
    browser.get(site.url)
    WebDriverWait(browser, 120).until(lambda d: connection(d) == "live")
    wait_for(browser, '#tree .row[data-name="Item#1501"]', timeout=60)
    type_command(browser, "pop")
    WebDriverWait(browser, 60).until(lambda d: tree_row(d, "Item#1501") is None)
    # 1,501: over the limit (engine.js, SNAPSHOT_MAX_VIEW_CONTROLLERS), so none is kept and a
    # reload waits for the engine.
    assert kept(browser)[1] is None
    load_held(browser, site)
    try:
        assert browser.execute_script("return window.navlab.copyAtStart()") == "none kept"
        assert tree_row(browser, "Item#1500") is None
    finally:
        site.release()
    wait_for(browser, '#tree .row[data-name="Item#1500"]', timeout=60)
    type_command(browser, "pop")
    WebDriverWait(browser, 60).until(lambda d: tree_row(d, "Item#1500") is None)
    # 1,500: kept again.
    assert len(wait_snapshot_of(browser, state(browser))[1]["state"]["viewControllers"]) == 1500


def test_when_the_engine_cannot_start_the_copy_stays_but_nothing_says_live_and_typed_lines_do_not_run(site, browser):
    session(browser, site, ["initial Nav(Home)", "launch", "push A"])
    site.missing.set()
    try:
        load_held(browser, site)
        wait_for(browser, '#tree .row[data-name="A"]', timeout=5)
        type_command(browser, "push B")
        site.release()
        WebDriverWait(browser, 30).until(lambda d: "could not be started again" in d.find_element(By.ID, "script-intro").text)
        assert connection(browser) == "offline"
        assert browser.find_element(By.CSS_SELECTOR, "#connection .label").text == "offline"
        # The line was sent to an engine that could not start: it says so, and the kept session is untouched.
        WebDriverWait(browser, 10).until(lambda d: "error:" in d.find_element(By.ID, "console-out").text)
        assert "push B" not in browser.execute_script("return localStorage.getItem('navlab.journal')")
        assert browser.find_elements(By.CSS_SELECTOR, "#console-out .co-block.waiting") == []
    finally:
        site.missing.clear()
        site.release()


def test_a_first_visit_says_the_engine_is_starting_and_runs_what_was_typed_once_it_is(site, browser):
    browser.get(site.url + "favicon.svg")
    browser.execute_script("localStorage.clear();")
    try:
        load_held(browser, site)
        # Nothing kept: nothing drawn, and the page says what it waits for.
        assert browser.execute_script("return window.navlab.copyAtStart()") == "none kept"
        assert browser.execute_script("return window.navlab.doc()") is None
        assert "Loading the session" in browser.find_element(By.ID, "tree").text
        assert connection(browser) == "starting"
        type_command(browser, "initial Nav(Home)")
        type_command(browser, "launch")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#console-out .co-block.waiting")) == 2
    finally:
        site.release()
    wait_for(browser, '#tree .row[data-name="Home"]', timeout=30)
    assert connection(browser) == "live"
    assert browser.find_elements(By.CSS_SELECTOR, "#console-out .co-block.waiting") == []
    assert state(browser)["top"] == "Home"


def test_the_host_marker_in_index_html_starts_the_engine_without_asking_navlab_host_json(site, browser):
    # What `make web` writes into its copy of index.html: the host, and the module's build.
    config = os.path.join(site.folder, "navlab-host.json")
    os.rename(config, config + ".away")
    try:
        site.marker("one")
        session(browser, site, ["initial Nav(Home)", "launch", "push A"])
        assert kept(browser)[1]["build"] == "one"
        load_held(browser, site)
        assert browser.execute_script("return window.navlab.copyAtStart()") == "drawn"
        wait_for(browser, '#tree .row[data-name="A"]', timeout=5)
        site.release()
        WebDriverWait(browser, 30).until(lambda d: connection(d) == "live")
        # Another module shipped: its build differs, and the copy of the old one is not drawn.
        site.marker("two")
        load_held(browser, site)
        assert browser.execute_script("return window.navlab.copyAtStart()") == "another build of the engine"
        assert tree_row(browser, "A") is None
        site.release()
        wait_for(browser, '#tree .row[data-name="A"]', timeout=30)
    finally:
        site.release()
        site.marker(None)
        os.rename(config + ".away", config)
