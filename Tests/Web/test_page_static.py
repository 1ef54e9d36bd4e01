"""The page with no server: the static folder `make web` builds (the page, navlab.wasm and its
navlab-host.json), served by a plain file server with no navlab process, in headless
Chromium. The engine runs in the page's Web Worker (issue 25)."""

import os
import socket
import subprocess
import sys
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Browser"))
from browserkit import ROOT, browser, console_errors, send_keys, tree_row, wait_for  # noqa: E402,F401

WASM = os.path.abspath(os.path.join(ROOT, os.environ.get("NAVLAB_WASM", ".build-wasm-test/navlab.wasm")))


@pytest.fixture(scope="module")
def site():
    """The static folder, served by `python3 -m http.server` on a free loopback port."""
    folder = tempfile.mkdtemp(prefix="navlab-web-")
    subprocess.run(["sh", os.path.join(ROOT, "scripts", "make-web.sh"), WASM, folder], check=True, capture_output=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", folder],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(5)


def open_static(driver, url):
    driver.get(url)
    WebDriverWait(driver, 20, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "connection").get_attribute("data-state") == "live")


def type_command(driver, text):
    send_keys(driver, "#command", text)
    send_keys(driver, "#command", Keys.ENTER)


def state(driver):
    """The page's document, asked of the engine in the page (what /api/state answers)."""
    return driver.execute_async_script(
        "const done = arguments[0]; import('./js/api.js').then(m => m.api.state()).then(done, e => done({error: e.message}));")


def test_commands_run_in_the_page_with_no_server(site, browser):
    open_static(browser, site)
    assert browser.execute_async_script("const done = arguments[0]; import('./js/api.js').then(m => m.hostKind()).then(done);") == "browser"
    type_command(browser, "initial Nav(Home)")
    type_command(browser, "launch")
    type_command(browser, "push Detail")
    wait_for(browser, '#tree .row[data-name="Detail"]', timeout=60)
    doc = state(browser)
    assert doc["top"] == "Detail"
    assert doc["viewControllers"]["UINavigationController"]["viewControllers"] == ["Home", "Detail"]
    # The lifecycle log shows UIKit's calls for the push (UIKit #63).
    WebDriverWait(browser, 10).until(lambda d: "viewDidAppear Detail" in d.find_element(By.ID, "log").text)
    assert console_errors(browser) == []


def test_undo_and_a_reload_keep_the_session(site, browser):
    open_static(browser, site)
    type_command(browser, "reset")
    type_command(browser, "initial Nav(Home)")
    type_command(browser, "launch")
    type_command(browser, "push A")
    type_command(browser, "push B")
    wait_for(browser, '#tree .row[data-name="B"]', timeout=60)
    type_command(browser, "undo")
    WebDriverWait(browser, 10).until(lambda d: tree_row(d, "B") is None)
    assert state(browser)["top"] == "A"
    # A reload brings the session back from this browser's copy.
    browser.refresh()
    open_static(browser, site)
    wait_for(browser, '#tree .row[data-name="A"]', timeout=60)
    assert tree_row(browser, "B") is None
    assert state(browser)["top"] == "A"


def test_an_error_names_its_column_and_changes_nothing(site, browser):
    open_static(browser, site)
    type_command(browser, "reset")
    type_command(browser, "initial Home")
    type_command(browser, "launch")
    wait_for(browser, '#tree .row[data-name="Home"]', timeout=60)
    before = state(browser)
    type_command(browser, "psh Detail")
    WebDriverWait(browser, 10).until(lambda d: "did you mean push?" in d.find_element(By.ID, "console-out").text)
    assert state(browser)["seq"] == before["seq"]


def test_file_verbs_say_what_the_page_offers_instead(site, browser):
    open_static(browser, site)
    type_command(browser, "save flow.navlab")
    WebDriverWait(browser, 10).until(lambda d: "Session as a script" in d.find_element(By.ID, "console-out").text)
    type_command(browser, "import uikit printout.txt")
    WebDriverWait(browser, 10).until(lambda d: "Import… takes the pasted or dropped printout" in d.find_element(By.ID, "console-out").text)


def test_a_trap_in_the_engine_keeps_the_session_and_says_so(site, browser):
    open_static(browser, site)
    type_command(browser, "reset")
    type_command(browser, "initial Nav(Home)")
    type_command(browser, "launch")
    type_command(browser, "push Detail")
    wait_for(browser, '#tree .row[data-name="Detail"]', timeout=60)
    browser.execute_async_script("const done = arguments[0]; import('./js/api.js').then(m => m.forceEngineTrap()).then(() => done(1));")
    # The page says what happened; the session is the one before the trap.
    WebDriverWait(browser, 60).until(lambda d: "stopped on an internal error" in d.find_element(By.ID, "script-title").text)
    # What the module printed before the trap, where it keeps Swift's messages (the unoptimised
    # build make test uses); the -Osize build `make web` ships keeps none, and the page names
    # the WebAssembly trap instead.
    with open(WASM, "rb") as module:
        said = "a trap forced to test recovery" if b"a trap forced to test recovery" in module.read() else "WebAssembly: unreachable"
    intro = browser.find_element(By.ID, "script-intro").text
    assert said in intro and "your session was brought back" in intro, intro
    browser.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Close']").click()
    assert state(browser)["top"] == "Detail"
    # The session goes on, and the page follows it.
    browser.execute_async_script("const done = arguments[0]; import('./js/api.js').then(m => m.api.run('push More')).then(() => done(1));")
    wait_for(browser, '#tree .row[data-name="More"]', timeout=60)


def test_a_kept_session_that_no_longer_runs_comes_back_to_its_last_good_line_and_says_so(site, browser):
    # What this browser kept: a line that fails today (a journal from an older NavLab, edited by
    # hand). Planted from a file of the same origin that runs no engine: a page still starting
    # would write its own journal back over it.
    browser.get(site + "navlab-host.json")
    browser.execute_script("localStorage.setItem('navlab.journal', arguments[0]);",
                           "initial Nav(Home)\nlaunch\npush A\npush A B\npush C\n")
    open_static(browser, site)
    WebDriverWait(browser, 60).until(lambda d: "could not be brought back" in d.find_element(By.ID, "script-title").text)
    # The failing line's error, as the prompt would print it.
    assert "unexpected 'B'" in browser.find_element(By.ID, "script-intro").text
    browser.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Close']").click()
    # The lines before it came back; the one after it did not run.
    wait_for(browser, '#tree .row[data-name="A"]', timeout=60)
    assert tree_row(browser, "C") is None
    assert state(browser)["top"] == "A"
