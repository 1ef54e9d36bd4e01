"""The page as an inspector (issue 12, "How we will know"): the inspector pane, Find and the
keyboard, the phone-sized layout, export, share links and dropped scripts, the per-step diff."""

import json
import os
import re
import subprocess
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browserkit import (NAVLAB, ROOT, SEED_000, browser, console_errors, downloaded, new_driver, open_page, phone_size, serve,  # noqa: F401
                        start_navlab, stop, tree_row, wait_for)

# The Countries app of the state-restoration tutorial: its table view has a restoration
# identifier, so the archive keeps its offset and selected row (UIKit #128); the app is sent to
# the background (state is saved then, #111), killed by the system, and launched again.
COUNTRIES = [
    "device iPhone iOS=12",
    "initial Tab(CountryNC:Nav(UYLTableViewController), SettingsNC:Nav(UYLSettingsViewController))",
    "class * restorationIdentifier=class",
    "class UYLTableViewController viewRestorationIdentifier=CountryTVID",
    "optIn save=yes restore=yes",
    "launch",
    "set UYLTableViewController contentOffset=0,480 selectedRow=France",
    "background",
    "kill",
    "launch",
]


def inspector_text(driver, css):
    """The text of the first match of `css` in the inspector, read in one go (the pane is drawn
    again on every update, so a held element would go stale)."""
    return driver.execute_script("const el = document.querySelector('#inspector ' + arguments[0]); return el ? el.innerText : null", css)


def wait_inspector(driver, name, timeout=5):
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(
        lambda d: (inspector_text(d, ".in-name") or "") == name, f"the inspector does not show {name}")


def row_classes(driver, name):
    """The tree row's classes, read in one go (rows are redrawn as the model moves)."""
    return driver.execute_script("const r = document.querySelector(`#tree .row[data-name=\"${arguments[0]}\"]`); return r ? [...r.classList] : null", name) or []


def spec_state(served):
    """/api/state without the page's extras and the step number: what a replay must equal."""
    doc = served.get_json("/api/state")
    keep = ["application", "device", "window", "screen", "top", "viewControllers", "allocated", "leaked"]
    return {k: doc.get(k) for k in keep}


def test_the_inspector_reads_a_restored_view_controllers_selected_row(serve, browser):
    served = serve(COUNTRIES)
    open_page(browser, served)
    assert browser.find_element(By.ID, "inspector").text.startswith("Select a view controller")  # says how
    tree_row(browser, "UYLTableViewController").click()
    wait_inspector(browser, "UYLTableViewController")
    # Its app properties: what the archive brought back after the relaunch (#128).
    WebDriverWait(browser, 5).until(lambda d: inspector_text(d, 'table[data-properties] tr[data-key="selectedRow"] td') == "France")
    assert inspector_text(browser, 'table[data-properties] tr[data-key="contentOffset"] td') == "0,480"
    head = inspector_text(browser, ".in-head")
    assert "restored" in head
    # Its restoration identifier and path, and the archive's entry at that path.
    WebDriverWait(browser, 5).until(lambda d: "In the archive" in d.find_element(By.ID, "inspector").text)
    restoration = browser.execute_script("""
        const sec = [...document.querySelectorAll('#inspector .in-sec')].find(s => s.querySelector('h3').textContent === 'State restoration');
        return Object.fromEntries([...sec.querySelectorAll('tr')].map(r => [r.querySelector('th').textContent, r.querySelector('td').textContent]));""")
    assert restoration["restorationIdentifier"] == "UYLTableViewController"
    assert restoration["restorationPath"] == "UITabBarController/CountryNC/UYLTableViewController"
    assert restoration["path"] == "UITabBarController/CountryNC/UYLTableViewController"
    assert restoration["selectedRow"] == "France" and restoration["contentOffset"] == "0,480"
    # Its retain path from the window, drawn.
    assert browser.execute_script("return document.querySelector('#inspector .chain').dataset.chain") == "UITabBarController CountryNC UYLTableViewController"
    assert inspector_text(browser, ".chain .node") == "UIWindow"
    # At a timeline step, that step's values: at step 6 (the first launch) nothing was restored
    # and no row was selected.
    browser.find_element(By.CSS_SELECTOR, '#timeline .entry[data-seq="6"]').click()
    WebDriverWait(browser, 5).until(lambda d: (d.find_element(By.ID, "inspector-step").text == "step 6"))
    WebDriverWait(browser, 5).until(lambda d: "No app properties are set." in (inspector_text(d, ".in-sec:nth-of-type(5)") or ""))
    assert "restored" not in inspector_text(browser, ".in-head")
    WebDriverWait(browser, 5).until(lambda d: "no restoration archive" in d.find_element(By.ID, "inspector").text)
    # Back live, the restored values again.
    browser.find_element(By.ID, "viewing-live").click()
    WebDriverWait(browser, 5).until(lambda d: inspector_text(d, 'table[data-properties] tr[data-key="selectedRow"] td') == "France")
    assert console_errors(browser) == []


def test_the_retain_path_of_a_view_controller_leaked_by_a_root_swap_is_drawn(serve, browser):
    served = serve(SEED_000)
    open_page(browser, served)
    # Selected from the memory pane this time (any pane selects).
    wait_for(browser, '#memory .mem-row[data-name="Details"]').click()
    wait_inspector(browser, "Details")
    wait_for(browser, "#inspector .chain[data-chain]")
    # #4/#82: the UITransitionView left in the window holds the presented navigation
    # controller, which holds Details in its stack.
    assert browser.execute_script("return document.querySelector('#inspector .chain').dataset.chain") == "UINavigationController Details"
    def texts(css):
        return browser.execute_script("return [...document.querySelectorAll(arguments[0])].map(e => e.innerText)", css)

    nodes = texts("#inspector .chain .node")
    assert nodes[0].startswith("UITransitionView") and nodes[1:] == ["UINavigationController", "Details"]
    assert browser.execute_script("return document.querySelector('#inspector .chain .node').classList.contains('tv')")
    edges = texts("#inspector .chain .edge")
    assert edges[0].startswith(".subview") and edges[1].startswith(".viewControllers")
    verdict = inspector_text(browser, ".in-cause")
    assert "leaked" in verdict and "UITransitionView" in verdict and "#4" in verdict and "#82" in verdict
    # Held by: the navigation controller's stack; Main is not involved.
    held = inspector_text(browser, ".refs")
    assert "UINavigationController.viewControllers" in held
    # The note that named it, and the fact it cites, readable in place.
    fact = wait_for(browser, '#inspector details[data-fact-inline="4"]')
    fact.find_element(By.TAG_NAME, "summary").click()
    WebDriverWait(browser, 5).until(lambda d: "UITransitionView" in fact.find_element(By.CSS_SELECTOR, ".fact-text").text)
    assert fact.find_element(By.TAG_NAME, "summary").text.startswith("UIKit #4 — ")
    # A step elsewhere redraws the inspector at the new step; the fact stays open.
    served.post("present Sheet")
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "inspector-step").text == "step 8")
    WebDriverWait(browser, 5).until(lambda d: "UITransitionView" in (inspector_text(d, 'details[data-fact-inline="4"][open] .fact-text') or ""))
    # A chain node selects that view controller.
    # (clicked from script: the pane may be redrawn between finding the node and a click)
    browser.execute_script("""document.querySelector('#inspector .chain .node[data-name="UINavigationController"]').click()""")
    wait_inspector(browser, "UINavigationController")
    assert console_errors(browser) == []


def test_find_reaches_a_folded_row_with_a_count_and_next_and_previous(serve, browser):
    served = serve(["initial Nav(Item)", "launch"] + ["push Item"] * 199)
    open_page(browser, served)
    # The stack of 200 is folded: its middle is not drawn.
    assert tree_row(browser, "Item#100") is None
    find = browser.find_element(By.ID, "tree-filter")
    find.send_keys("Item#100")
    WebDriverWait(browser, 5).until(lambda d: tree_row(d, "Item#100") is not None, "Find did not unfold the stack to its match")
    assert browser.find_element(By.ID, "find-count").text == "1 of 1"
    assert "current-match" in row_classes(browser, "Item#100")
    # Still folded around it: the rows between are "… N more".
    assert tree_row(browser, "Item#60") is None
    # "Item#15" matches Item#15 and Item#150…159: 11, in stack order; Enter goes to the next.
    find.clear()
    find.send_keys("Item#15")
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "find-count").text == "1 of 11")
    assert "current-match" in row_classes(browser, "Item#15")
    find.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "find-count").text == "2 of 11")
    WebDriverWait(browser, 5).until(lambda d: tree_row(d, "Item#150") is not None)
    assert "current-match" in row_classes(browser, "Item#150")
    browser.find_element(By.ID, "find-next").click()
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "find-count").text == "3 of 11")
    WebDriverWait(browser, 5).until(lambda d: tree_row(d, "Item#151") is not None)
    # The current match is scrolled into the tree's view.
    visible = browser.execute_script("""
        const t = document.getElementById('tree').getBoundingClientRect();
        const r = document.querySelector('#tree .row[data-name="Item#151"]').getBoundingClientRect();
        return r.top >= t.top - 1 && r.bottom <= t.bottom + 1;""")
    assert visible
    find.send_keys(Keys.SHIFT, Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "find-count").text == "2 of 11")
    find.send_keys(Keys.SHIFT, Keys.ENTER)
    find.send_keys(Keys.SHIFT, Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "find-count").text == "11 of 11")  # wraps
    find.clear()
    find.send_keys("Nowhere")
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "find-count").text == "no match")
    assert console_errors(browser) == []


def test_the_keyboard_moves_through_the_tree_and_enter_opens_the_inspector(serve, browser):
    served = serve(["initial Tab(Nav(Feed), Settings)", "launch", "push Post"])
    open_page(browser, served)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    assert browser.switch_to.active_element.get_attribute("id") == "tree-filter"
    browser.switch_to.active_element.send_keys("Post")
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "find-count").text == "1 of 1")
    # Esc clears Find and hands the keys to the tree.
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert browser.find_element(By.ID, "tree-filter").get_attribute("value") == ""
    assert browser.switch_to.active_element.get_attribute("id") == "tree"
    tree = browser.find_element(By.ID, "tree")

    def cursor():
        return browser.execute_script("const r = document.querySelector('#tree .row.cursor'); return r ? r.dataset.name : null")

    # (Read in one script: the tree may redraw a row between two WebDriver calls.)
    order = browser.execute_script("return [...document.querySelectorAll('#tree .row[data-name]')].map((r) => r.dataset.name)")
    assert order == ["UITabBarController", "UINavigationController", "Feed", "Post", "Settings"], order
    tree.send_keys(Keys.HOME)
    WebDriverWait(browser, 3).until(lambda _: cursor() == "UITabBarController")
    tree.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    WebDriverWait(browser, 3).until(lambda _: cursor() == "Post")
    tree.send_keys(Keys.ENTER)
    wait_inspector(browser, "Post")
    assert "selected" in row_classes(browser, "Post")
    # Left goes to the parent; Left again folds it; Right unfolds it.
    tree.send_keys(Keys.ARROW_LEFT)
    WebDriverWait(browser, 3).until(lambda _: cursor() == "UINavigationController")
    tree.send_keys(Keys.ARROW_LEFT)
    WebDriverWait(browser, 3).until(lambda d: tree_row(d, "Post") is None)
    tree.send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(browser, 3).until(lambda d: tree_row(d, "Post") is not None)
    tree.send_keys(Keys.END)
    WebDriverWait(browser, 3).until(lambda _: cursor() == "Settings")
    tree.send_keys(Keys.SPACE)
    wait_inspector(browser, "Settings")
    assert console_errors(browser) == []


def test_at_phone_size_every_pane_is_reachable_without_sideways_scrolling(serve, browser):
    served = serve(SEED_000)
    phone_size(browser)
    open_page(browser, served)
    # (Brought to the middle of the window first: at the top the sticky bar would take the tap.)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", tree_row(browser, "Details"))
    tree_row(browser, "Details").click()
    wait_inspector(browser, "Details")
    assert browser.execute_script("return innerWidth") == 390
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    for pane in ["tree", "phone", "inspector", "timeline", "memory", "log", "command"]:
        # Each reached by its link in the top bar, inside the window's width.
        where = """
            const el = document.getElementById(arguments[0]).closest('section');
            const r = el.getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, sx: scrollX};"""
        # Until the jump has scrolled there. (In a whole run of Tests/Browser in WebKit, one run
        # in two, the tree's link left the page where it was, which a run of this test alone
        # never did; the cause is not found: a click that changes nothing is given once more,
        # and the assertion below says where the page was if that one changes nothing too.)
        for _ in range(2):
            browser.find_element(By.CSS_SELECTOR, f'nav.jump a[href="#{pane if pane == "command" else pane + "-title"}"]').click()
            try:
                WebDriverWait(browser, 3, poll_frequency=0.05).until(
                    lambda d: (lambda b: b["top"] < 844 and b["bottom"] > 0)(d.execute_script(where, pane)))
                break
            except Exception:
                pass
        box = browser.execute_script(where, pane)
        assert box["left"] >= 0 and box["right"] <= 390, (pane, box)
        assert box["sx"] == 0, (pane, box)
        assert box["top"] < 844 and box["bottom"] > 0, (pane, box, browser.execute_script("""
            const a = document.querySelector('nav.jump a[href="#' + arguments[0] + '-title"]'); const r = a.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return [location.hash, scrollY, innerHeight, innerWidth, [r.top, r.left, r.width, r.height], hit && hit.outerHTML.slice(0, 100), document.activeElement.id]""", pane))
    # The phone drawing fits the width and shows Main.
    phone = browser.execute_script("const r = document.getElementById('phone').getBoundingClientRect(); return [r.left, r.right]")
    assert phone[0] >= 0 and phone[1] <= 390
    assert "Main" in browser.find_element(By.ID, "phone").text
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    assert console_errors(browser) == []


def test_the_exported_script_replays_to_the_same_state_and_the_pictures_are_the_hierarchy(serve):
    served = serve(COUNTRIES + ["push Detail"])
    downloads = tempfile.mkdtemp(prefix="navlab-downloads-")
    driver = new_driver(downloads)
    try:
        open_page(driver, served)
        # The session as a script.
        driver.find_element(By.CSS_SELECTOR, "#export-menu summary").click()
        driver.find_element(By.CSS_SELECTOR, '[data-export="navlab"]').click()
        script = downloaded(downloads, "navlab-session.navlab").decode()
        commands = [l for l in script.splitlines() if l.strip() and not l.startswith("#")]
        assert commands == COUNTRIES + ["push Detail"]
        path = os.path.join(downloads, "navlab-session.navlab")
        check = subprocess.run([NAVLAB, "check", path], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stdout + check.stderr
        assert "0 failed" in check.stdout
        replay = subprocess.run([NAVLAB, "run", "--json", path], cwd=ROOT, capture_output=True, text=True, timeout=60,
                                env=dict(os.environ, NAVLAB_HOME=tempfile.mkdtemp()))
        assert replay.returncode == 0, replay.stderr
        replayed = json.loads(replay.stdout)
        assert {k: replayed.get(k) for k in spec_state(served)} == spec_state(served)
        # Mermaid and DOT: what `export` prints.
        for fmt, name in [("mermaid", "navlab-hierarchy.mmd"), ("dot", "navlab-hierarchy.dot")]:
            driver.find_element(By.CSS_SELECTOR, "#export-menu summary").click()
            driver.find_element(By.CSS_SELECTOR, f'[data-export="{fmt}"]').click()
            text = downloaded(downloads, name).decode()
            with __import__("urllib.request").request.urlopen(served.url + f"api/export/{fmt}") as r:
                assert text == r.read().decode()
            assert "Detail" in text and "UYLTableViewController" in text
        # Swift (Xcode): what `export swift` prints, as AppDelegate.swift.
        driver.find_element(By.CSS_SELECTOR, "#export-menu summary").click()
        driver.find_element(By.CSS_SELECTOR, '[data-export="swift"]').click()
        program = downloaded(downloads, "AppDelegate.swift").decode()
        with __import__("urllib.request").request.urlopen(served.url + "api/export/swift") as r:
            assert program == r.read().decode()
        assert "final class AppDelegate: UIResponder, UIApplicationDelegate {" in program
        assert "// > push Detail" in program
        # SVG: a box per view controller; PNG: an image.
        driver.find_element(By.CSS_SELECTOR, "#export-menu summary").click()
        driver.find_element(By.CSS_SELECTOR, '[data-export="svg"]').click()
        svg = downloaded(downloads, "navlab-hierarchy.svg").decode()
        assert svg.startswith("<svg")
        assert set(re.findall(r'<g data-name="([^"]+)"', svg)) == set(spec_state(served)["allocated"])
        driver.find_element(By.CSS_SELECTOR, "#export-menu summary").click()
        driver.find_element(By.CSS_SELECTOR, '[data-export="png"]').click()
        png = downloaded(downloads, "navlab-hierarchy.png")
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 2000
        assert console_errors(driver) == []
    finally:
        driver.quit()


def test_a_share_link_opened_in_a_fresh_browser_rebuilds_the_same_state(serve, browser):
    first = serve(SEED_000 + ["why Details"])
    open_page(browser, first)
    browser.find_element(By.ID, "share").click()
    dialog = wait_for(browser, "#script-dialog[open]")
    link = WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "script-dialog").get_attribute("data-link"))
    assert link.startswith(first.url) and "#script=" in link
    # The script travels in the fragment only.
    assert "Details" not in link
    dialog.find_element(By.CSS_SELECTOR, "#script-actions button").click()  # Copy link: no error without a clipboard
    # A second NavLab with an empty session, opened in a fresh browser.
    second = serve([], args=("run", "--serve"))
    other = new_driver()
    try:
        other.get(second.url + link[link.index("#"):])
        wait_for(other, "#script-dialog[open]", timeout=20)
        shown = other.find_element(By.ID, "script-text").text
        assert "swapRoot Main" in shown and "present Nav(Welcome)" in shown
        # `why` asked a question: a script keeps the steps, not the questions.
        assert "7 commands" in other.find_element(By.ID, "script-intro").text
        # Nothing changes before the confirmation.
        assert second.get_json("/api/state")["window"]["rootViewController"] is None
        other.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Replace the session']").click()
        WebDriverWait(other, 10).until(lambda d: not d.find_element(By.ID, "script-dialog").get_attribute("open"))
        assert spec_state(second) == spec_state(first)
        wait_for(other, '#tree .row.leaked[data-name="Details"]')
        # The fragment is gone: a reload does not ask again.
        assert "#script=" not in other.current_url
        assert console_errors(other) == []
    finally:
        other.quit()


def test_a_broken_share_link_says_so_and_changes_nothing(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    before = spec_state(served)
    browser.get(served.url + "#script=@@not-base64@@")
    wait_for(browser, "#script-dialog[open]", timeout=20)
    assert "could not be read" in browser.find_element(By.ID, "script-intro").text
    assert spec_state(served) == before


def test_a_dropped_script_replaces_the_session_after_a_confirmation_and_a_bad_line_is_named(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    drop = """
        const [text, name] = arguments;
        const data = new DataTransfer();
        data.items.add(new File([text], name, { type: "" }));
        for (const type of ["dragenter", "dragover", "drop"]) {
            document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        }"""
    browser.execute_script(drop, "initial Nav(Home)\nlaunch\npush Detail\n", "flow.navlab")
    wait_for(browser, "#script-dialog[open]")
    assert "the file flow.navlab" in browser.find_element(By.ID, "script-intro").text
    assert tree_row(browser, "A") is not None  # not yet
    browser.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Replace the session']").click()
    wait_for(browser, '#tree .row[data-name="Detail"]')
    assert tree_row(browser, "A") is None
    assert served.get_json("/api/state")["top"] == "Detail"
    # A script with a mistake: the line and the error are shown; the lines before it ran.
    browser.execute_script(drop, "initial Nav(Home)\nlaunch\npsh Other\n", "typo.navlab")
    wait_for(browser, "#script-dialog[open]")
    # (This file's dialog, not the last one's still closing: its buttons are drawn anew.)
    WebDriverWait(browser, 5).until(lambda d: "typo.navlab" in d.find_element(By.ID, "script-intro").text)
    browser.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Replace the session']").click()
    note = WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "script-note").text or None)
    assert note.startswith("Line 3: ") and "psh" in note, note
    assert "push" in note  # the suggestion
    assert served.get_json("/api/state")["top"] == "Home"
    # A script over the server's 64 KiB body limit goes in several requests; a bad line in a
    # later one is still named by its line in the file. Long comment lines make it long (they
    # go to the server like any line, and count), so few commands run: it checks the split.
    padding = "# " + "a long narration line that only makes the script longer " * 2
    big = ["initial Nav(Home)", "launch"] + ["push Item"] * 20 + [padding] * 700 + ["psh Other"] + ["push Item"] * 30
    assert len("\n".join(big[:722])) > 64 * 1024
    browser.execute_script(drop, "\n".join(big) + "\n", "big.navlab")
    wait_for(browser, "#script-dialog[open]")
    browser.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Replace the session']").click()
    note = WebDriverWait(browser, 120).until(lambda d: d.find_element(By.ID, "script-note").text or None)
    assert note.startswith("Line 723: ") and "psh" in note, note
    assert served.get_json("/api/state")["top"] == "Item#20"
    assert console_errors(browser) == []


def test_the_step_diff_lists_element_changes_never_whole_arrays(serve, browser):
    served = serve(["initial Nav(Item)", "launch"] + ["push Item"] * 40)
    open_page(browser, served)
    served.post("push Last")
    entry = wait_for(browser, '#timeline .entry[data-seq="43"]')
    # (Brought into the pane's view first: WebKit's driver does not scroll a pane to click in it.)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", entry)
    entry.click()
    changes = WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "changes").text or None)
    # The stack gained one element: named, with its place; the other 41 are not listed.
    assert re.search(r"viewControllers: \+ Last \(at 41\)", changes), changes
    assert "Item#20" not in changes
    assert len(changes) < 2000, len(changes)
    assert console_errors(browser) == []
