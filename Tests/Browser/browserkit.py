"""The page in a real browser: headless Chromium, or WebKit (Safari's engine) with
NAVLAB_BROWSER=webkit; fixtures that start `navlab` serving a script on a free port, and a
Selenium driver. Every wait is bounded; every process is cleaned up.

WebKit: on Linux, WebKitGTK's MiniBrowser driven by WebKitWebDriver (Debian's
webkit2gtk-driver) in a private Xvfb display (Debian's xvfb), each driver with a home of its
own (downloads, a fresh profile); on a Mac, Safari through safaridriver once `safaridriver
--enable` has been run. What a WebDriver for WebKit cannot do is said where a test needs it
(`BROWSER`, `can_read_console`).

Not a conftest.py: Tests/REPL has one, and pytest keeps a single module named `conftest`
when both folders run together (`make test`), so each folder's helpers have their own name.
The tests import the fixtures from here."""

import atexit
import glob
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
NAVLAB = os.path.abspath(os.path.join(ROOT, os.environ.get("NAVLAB", ".build/debug/navlab")))
# Which browser: "chromium" (the default) or "webkit".
BROWSER = os.environ.get("NAVLAB_BROWSER", "chromium")
if BROWSER not in ("chromium", "webkit"):
    pytest.exit(f"NAVLAB_BROWSER={BROWSER}: the page's tests run in chromium or webkit", returncode=2)


def _first_executable(paths):
    return next((p for p in paths if p and os.path.isfile(p) and os.access(p, os.X_OK)), None)


# The browser: $CHROMIUM, else where Debian, Homebrew or a Mac's /Applications put Chromium or
# Chrome. Without one, the page's tests are skipped (with this message), not failed.
CHROMIUM = os.environ.get("CHROMIUM") or _first_executable([
    "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
    os.path.expanduser("~/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"),
    os.path.expanduser("~/Applications/Chromium.app/Contents/MacOS/Chromium"),
])
# Its driver: $CHROMEDRIVER, else chromedriver on the PATH or where Debian and Homebrew put it;
# else None, and Selenium Manager (Selenium 4.6+) finds the driver that matches the browser.
CHROMEDRIVER = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver") or _first_executable([
    "/usr/bin/chromedriver", "/opt/homebrew/bin/chromedriver", "/usr/local/bin/chromedriver",
])
# WebKit on Linux: WebKitWebDriver and the MiniBrowser WebKitGTK 4.1 installs in its library
# folder (Debian: webkit2gtk-driver), shown in an Xvfb display unless one is there already.
WEBKITDRIVER = os.environ.get("WEBKITWEBDRIVER") or shutil.which("WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER") or _first_executable(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")))
XVFB = shutil.which("Xvfb")
# A Mac: Safari's own driver, which works once `safaridriver --enable` has been run.
SAFARIDRIVER = _first_executable(["/usr/bin/safaridriver"]) if sys.platform == "darwin" else None

if BROWSER == "chromium" and not CHROMIUM:
    pytest.skip("the page's browser tests need Chrome or Chromium: none found (Debian: apt-get install chromium "
                "chromium-driver; a Mac: install Google Chrome from google.com/chrome; or set CHROMIUM=PATH)",
                allow_module_level=True)
if BROWSER == "webkit" and not SAFARIDRIVER and not (WEBKITDRIVER and MINIBROWSER and (XVFB or os.environ.get("DISPLAY"))):
    pytest.skip("the page's tests in WebKit need WebKitWebDriver, WebKitGTK's MiniBrowser and Xvfb: "
                f"{'found' if WEBKITDRIVER else 'no'} WebKitWebDriver, {'found' if MINIBROWSER else 'no'} MiniBrowser, "
                f"{'found' if XVFB else 'no'} Xvfb (Debian: apt-get install webkit2gtk-driver xvfb, which make deps does)",
                allow_module_level=True)

SEED_000 = [
    "device iPhone iOS=12",
    "initial Register",
    "launch",
    "present Nav(Welcome)",
    "push Details",
    "push Done",
    "swapRoot Main",
]


class Served:
    """A `navlab` process serving the page."""

    def __init__(self, process, url, output_path):
        self.process = process
        self.url = url
        self.output_path = output_path
        match = re.match(r"http://([^/]+)/", url)
        self.authority = match.group(1)
        self.port = int(self.authority.rsplit(":", 1)[1])

    def post(self, text, headers=None, timeout=10):
        request = urllib.request.Request(self.url + "api/commands", data=text.encode(), method="POST", headers=headers or {})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.load(response)

    def get_json(self, path, timeout=10):
        with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=timeout) as response:
            return json.load(response)

    def raw(self, method, path, headers, body=None):
        """A request with exactly these headers (Host included): (status, body)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in headers.items():
                connection.putheader(name, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def output(self):
        with open(self.output_path, encoding="utf-8", errors="replace") as f:
            return f.read()


def start_navlab(args, script_lines=None, timeout=30):
    """Runs `navlab ARGS [SCRIPT]` with --port 0 and waits (bounded) for the URL it prints."""
    files = []
    if script_lines is not None:
        script = tempfile.NamedTemporaryFile("w", suffix=".navlab", delete=False, encoding="utf-8")
        script.write("\n".join(script_lines) + "\n")
        script.close()
        files.append(script.name)
    out = tempfile.NamedTemporaryFile("w", suffix=".out", delete=False)
    out.close()
    env = dict(os.environ, NO_COLOR="1", NAVLAB_HOME=tempfile.mkdtemp(prefix="navlab-home-"))
    process = subprocess.Popen([NAVLAB, *args, "--port", "0", *files], cwd=ROOT, stdin=subprocess.DEVNULL,
                               stdout=open(out.name, "w"), stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + timeout
    url = None
    while time.monotonic() < deadline:
        with open(out.name, encoding="utf-8", errors="replace") as f:
            match = re.search(r"page: (http://\S+)", f.read())
        if match:
            url = match.group(1)
            break
        if process.poll() is not None:
            break
        time.sleep(0.05)
    if url is None:
        stop(process)
        with open(out.name, encoding="utf-8", errors="replace") as f:
            pytest.fail(f"navlab {' '.join(args)} printed no page URL:\n{f.read()[-2000:]}")
    return Served(process, url, out.name)


def stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@pytest.fixture
def serve():
    """serve(lines) → a `navlab run --serve` of those lines; stopped after the test."""
    started = []

    def start(lines, args=("run", "--serve"), timeout=30):
        served = start_navlab(list(args), lines, timeout=timeout)
        started.append(served)
        return served

    yield start
    for served in started:
        stop(served.process)


def new_driver(downloads=None):
    """A fresh browser (its own profile: nothing shared with another driver), 1400×900.
    `downloads`: a folder that takes the page's downloads without asking."""
    driver = _new_webkit(downloads) if BROWSER == "webkit" else _new_chromium(downloads)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    return driver


def _new_chromium(downloads):
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,900", "--no-first-run", "--disable-extensions"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER) if CHROMEDRIVER else Service(), options=options)
    if downloads:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads, "eventsEnabled": True})
    return driver


_display = {"process": None, "name": os.environ.get("DISPLAY")}


def _x_display():
    """An Xvfb display of our own for MiniBrowser (unless DISPLAY names one), ended at exit."""
    if _display["name"]:
        return _display["name"]
    read, write = os.pipe()
    process = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                               pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    # Xvfb writes the number, then the newline: the pipe stays open until both are read (closed
    # before, Xvfb's second write fails and it exits).
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 64)
        if not chunk:
            break
        number += chunk
    number = number.decode().strip()
    os.close(read)
    if not number:
        pytest.fail("Xvfb did not start")
    _display.update(process=process, name=":" + number)
    atexit.register(lambda: stop(process))
    return _display["name"]


def _new_webkit(downloads):
    if SAFARIDRIVER:
        # Safari keeps one automated session at a time, and takes downloads to ~/Downloads,
        # asking first: a test that reads a download runs in Chromium and WebKitGTK only.
        if downloads:
            pytest.skip("Safari's driver cannot choose where downloads go (~/Downloads, after asking): "
                        "the downloads are checked in Chromium and in WebKitGTK's MiniBrowser")
        try:
            driver = webdriver.Safari()
        except Exception as error:
            if "remote automation" in str(error).lower() or "enable" in str(error).lower():
                pytest.skip("Safari's driver is not enabled: run `sudo safaridriver --enable` once "
                            "(and Develop → Allow Remote Automation in Safari), then the tests again")
            raise
        driver.set_window_size(1400, 900)
        return driver
    from selenium.webdriver.webkitgtk.options import Options as WebKitOptions
    from selenium.webdriver.webkitgtk.service import Service as WebKitService
    home = tempfile.mkdtemp(prefix="navlab-webkit-")
    config = os.path.join(home, "config")
    os.makedirs(os.path.join(config, "gtk-3.0"))
    # Downloads go to the XDG download folder, without asking.
    with open(os.path.join(config, "user-dirs.dirs"), "w") as f:
        f.write(f'XDG_DOWNLOAD_DIR="{downloads or os.path.join(home, "Downloads")}"\n')
    # MiniBrowser's toolbar makes its window at least 447 px wide: shrunk to nothing, the page
    # can be 390 px wide, a phone's width. Only MiniBrowser's own widgets are styled.
    with open(os.path.join(config, "gtk-3.0", "gtk.css"), "w") as f:
        f.write("window * { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; -gtk-icon-transform: scale(0.1); }\n")
    env = dict(os.environ, DISPLAY=_x_display(), HOME=home, XDG_CONFIG_HOME=config,
               XDG_DATA_HOME=os.path.join(home, "data"), XDG_CACHE_HOME=_webkit_cache())
    options = WebKitOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    driver = webdriver.WebKitGTK(options=options, service=WebKitService(WEBKITDRIVER, env=env))
    driver.set_window_size(1400, 900)
    return driver


_cache = {}


def _webkit_cache():
    """One cache folder for every MiniBrowser of the run (GStreamer's registry, shaders): each
    new one then starts in a second rather than three."""
    if "path" not in _cache:
        _cache["path"] = tempfile.mkdtemp(prefix="navlab-webkit-cache-")
    return _cache["path"]


def phone_size(driver, width=390, height=844):
    """The page at a phone's size: Chromium's mobile emulation, WebKit's window at that size."""
    if BROWSER == "chromium":
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    else:
        driver.set_window_size(width, height)


_shared = {"driver": None}


def _reset(driver):
    """The shared browser as a fresh one would be for the next test: the page's storage
    cleared, a blank page (the last page's stream closed), its console messages so far read
    and dropped, the screen as made. False when the browser no longer answers."""
    try:
        try:
            driver.switch_to.alert.dismiss()
        except Exception:
            pass
        for handle in driver.window_handles[1:]:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(driver.window_handles[0])
        if BROWSER == "webkit":
            return _reset_webkit(driver)
        # Away from the page first (its stream closed, nothing of it running), then every
        # origin this tab has been on (a static site's tests share one) has its storage
        # cleared: no test starts with another one's kept session or command history.
        history = driver.execute_cdp_cmd("Page.getNavigationHistory", {}).get("entries", [])
        driver.get("about:blank")
        origins = {re.match(r"^[a-z]+://[^/]+", e.get("url", "")) for e in history}
        for origin in {m.group(0) for m in origins if m and m.group(0).startswith("http")}:
            driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.set_window_size(1400, 900)
        driver.get_log("browser")
        return True
    except Exception:
        return False


def _reset_webkit(driver):
    """WebKit's drivers clear no storage: the origin the tab was on is opened at a file with no
    script (favicon.svg, which both hosts serve) and its storage cleared there, by hand."""
    match = re.match(r"^https?://[^/]+", driver.current_url or "")
    if match:
        driver.get(match.group(0) + "/favicon.svg")
        driver.execute_script("localStorage.clear(); sessionStorage.clear();")
    driver.get("about:blank")
    driver.set_window_size(1400, 900)
    return True


def _quit_shared():
    if _shared["driver"] is not None:
        try:
            _shared["driver"].quit()
        except Exception:
            pass
        _shared["driver"] = None


atexit.register(_quit_shared)


@pytest.fixture
def browser():
    """A browser for a test that needs no profile of its own (one that does calls
    new_driver()): one is shared by the tests in turn — starting one costs about 2 s — and
    reset between them (storage, page, console, screen); each test's navlab listens on a port
    of its own, so no page sees another test's origin."""
    driver = _shared["driver"]
    if driver is None or not _reset(driver):
        _quit_shared()
        driver = _shared["driver"] = new_driver()
    yield driver
    if not _reset(driver):
        _quit_shared()


def downloaded(folder, name, timeout=10):
    """The bytes of `folder/name` once the browser has finished writing it (Chromium writes
    NAME.crdownload first, WebKit NAME.wkdownload)."""
    path = os.path.join(folder, name)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.exists(path) and not any(os.path.exists(path + x) for x in (".crdownload", ".wkdownload", ".download")) \
                and os.path.getsize(path) > 0:
            with open(path, "rb") as f:
                return f.read()
        time.sleep(0.05)
    pytest.fail(f"the page did not download {name} (in {folder}: {os.listdir(folder)})")


def wait_for(driver, css, timeout=10):
    """The first element matching `css`, waiting at most `timeout` seconds. WebKit's driver
    now and then answers a search with "Could not parse element info" while the page redraws:
    that is asked again, as an element not found yet is."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def find(d):
        try:
            return d.find_element(By.CSS_SELECTOR, css)
        except StaleElementReferenceException:
            return False  # WebKit: "Stale element found when trying to create the node handle"
        except WebDriverException as error:
            if "Could not parse element info" in str(error):
                return False
            raise
    return WebDriverWait(driver, timeout, poll_frequency=0.02).until(find)


def open_page(driver, served, css="#tree .row[data-name]"):
    driver.get(served.url)
    wait_for(driver, css, timeout=20)
    # The stream is open (the page marks it live) before the test goes on.
    WebDriverWait(driver, 20, poll_frequency=0.02).until(
        lambda d: d.find_element(By.ID, "connection").get_attribute("data-state") == "live")


def send_keys(driver, css, *keys, timeout=10):
    """Types `keys` into the element matching `css`. WebKit's driver refuses ("Element is not
    focusable") while the page is busy laying out a large tree just drawn, and under load now and
    then fails a call with no message at all; a second try a moment later succeeds, so it waits
    for that, bounded, like every other wait here. A failed try may have typed some of the keys:
    the field is put back as it was before the next one (and a line it already submitted is not
    submitted twice)."""
    from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException, WebDriverException

    def value(d):
        return d.execute_script("const e = document.querySelector(arguments[0]); return e ? e.value : null;", css)

    before = value(driver)

    def attempt(d):
        try:
            d.find_element(By.CSS_SELECTOR, css).send_keys(*keys)
            return True
        except (ElementNotInteractableException, StaleElementReferenceException):
            return False
        except WebDriverException as error:
            if str(error.msg or "").strip() and "Could not parse element info" not in str(error):
                raise
            now = value(d)
            if keys and keys[-1] == Keys.ENTER and before and now == "":
                return True  # the line went in; the driver only failed to say so
            if now is not None and now != before:
                d.execute_script("document.querySelector(arguments[0]).value = arguments[1];", css, before)
            return False
    WebDriverWait(driver, timeout, poll_frequency=0.1).until(attempt)


def tree_row(driver, name):
    rows = driver.find_elements(By.CSS_SELECTOR, f'#tree .row[data-name="{name}"]')
    return rows[0] if rows else None


def console_errors(driver):
    """What went wrong in the page: Chromium's console at level SEVERE (network and CORS
    errors included); in WebKit, whose WebDriver has no console log, the uncaught errors and
    rejections the page itself records (`window.navlabErrors`, start.js)."""
    if BROWSER == "chromium":
        return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    return driver.execute_script("return (window.navlabErrors || []).slice()")
