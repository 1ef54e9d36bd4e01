"""The live page in headless Chromium (issue 5, "How we will know")."""

import json
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browserkit import SEED_000, browser, console_errors, open_page, serve, start_navlab, stop, tree_row, wait_for  # noqa: F401 (fixtures)


def test_page_loads_with_no_console_errors_and_nothing_from_elsewhere(serve, browser):
    served = serve(SEED_000)
    open_page(browser, served)
    # Every pane has drawn something.
    wait_for(browser, "#phone .screen")
    wait_for(browser, "#memory .mem-row")
    wait_for(browser, "#timeline .entry")
    wait_for(browser, "#log .lg")
    assert console_errors(browser) == []
    resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert resources, "the page loaded its modules"
    origin = served.url.split("?")[0].rstrip("/")
    assert all(r.startswith(origin) for r in resources), resources


def test_a_posted_command_shows_in_the_tree_within_a_second(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    assert tree_row(browser, "B") is None
    answer = served.post("push B")
    assert answer["status"] == "done"
    row = wait_for(browser, '#tree .row[data-name="B"]', timeout=1.0)
    assert "appeared" in row.get_attribute("class")
    # The prompt's line is in the command box too, marked with where it came from.
    wait_for(browser, "#console-out .co-cmd .origin.web", timeout=1.0)
    assert console_errors(browser) == []


def test_a_command_typed_in_the_page_shows_in_the_tree_within_a_second(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    box = browser.find_element(By.ID, "command")
    box.send_keys("push Typed" + Keys.ENTER)
    row = wait_for(browser, '#tree .row[data-name="Typed"]', timeout=1.0)
    assert "appeared" in row.get_attribute("class")
    assert served.get_json("/api/state")["viewControllers"]["Typed"]["inWindow"] is True
    # History: Up brings the line back.
    box.send_keys(Keys.ARROW_UP)
    assert box.get_attribute("value") == "push Typed"
    box.clear()
    assert console_errors(browser) == []


def test_a_pasted_script_runs_line_by_line(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    browser.execute_script("""
        const data = new DataTransfer();
        data.setData('text/plain', 'push P1\\n# a comment\\npush P2\\n');
        document.getElementById('command').dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
    """)
    wait_for(browser, '#tree .row[data-name="P2"]', timeout=3)
    assert tree_row(browser, "P1") is not None
    assert [e["command"] for e in served.get_json("/api/history")["entries"][-2:]] == ["push P1", "push P2"]


def test_completion_comes_from_the_verb_table_and_the_live_names(serve, browser):
    served = serve(["initial Nav(Countries)", "launch"])
    open_page(browser, served)
    box = browser.find_element(By.ID, "command")
    box.send_keys("swapr" + Keys.TAB)
    assert box.get_attribute("value") == "swapRoot "
    box.send_keys("Coun" + Keys.TAB)
    assert box.get_attribute("value") == "swapRoot Countries "
    box.clear()
    box.send_keys("p" + Keys.TAB)
    options = [li.text.split("\n")[0] for li in browser.find_elements(By.CSS_SELECTOR, "#completions li")]
    assert {"present", "push", "pop", "popToRoot"} <= set(options)
    # The syntax of the verb being typed shows under the box.
    box.send_keys(Keys.ESCAPE)
    box.clear()
    box.send_keys("present ")
    assert "present SPEC" in browser.find_element(By.ID, "console-hint").text


def test_an_error_names_its_column_and_changes_nothing(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    box = browser.find_element(By.ID, "command")
    box.send_keys("push B on Nowhere" + Keys.ENTER)
    caret = wait_for(browser, "#console-out .co.caret", timeout=5)
    assert caret.text.strip() == "^"
    errors = browser.find_elements(By.CSS_SELECTOR, "#console-out .co.error")
    assert errors and "Nowhere" in errors[0].text
    assert tree_row(browser, "B") is None


def test_clicking_an_older_timeline_entry_shows_that_older_tree(serve, browser):
    served = serve(SEED_000)
    open_page(browser, served)
    wait_for(browser, '#tree .row[data-name="Main"]')
    entry = wait_for(browser, '#timeline .entry[data-seq="4"]')
    # (textContent: WebKit's driver leaves out of .text a cell that ends in an ellipsis.)
    assert "present Nav(Welcome)" in entry.get_attribute("textContent")
    entry.click()
    # Step 4: Register is the root and presents the registration flow; Main does not exist yet.
    WebDriverWait(browser, 5, poll_frequency=0.02).until(lambda d: tree_row(d, "Main") is None)
    register = tree_row(browser, "Register")
    assert "root" in register.text
    assert "LEAKED" not in register.text
    nav = tree_row(browser, "UINavigationController")
    assert "presented fullScreen" in nav.text and "presented" in nav.get_attribute("class")
    assert browser.find_element(By.ID, "viewing").is_displayed()
    changes = browser.find_element(By.ID, "changes").text
    assert "allocated: Welcome, UINavigationController" in changes
    assert "viewDidAppear Welcome" in changes
    # The phone shows that step's screen.
    assert "Welcome" in browser.find_element(By.ID, "phone").text
    # Back to the live model.
    browser.find_element(By.ID, "viewing-live").click()
    wait_for(browser, '#tree .row[data-name="Main"]', timeout=5)
    assert not browser.find_element(By.ID, "viewing").is_displayed()
    assert console_errors(browser) == []


def test_a_leaked_view_controller_is_marked_leaked_with_its_cause(serve, browser):
    served = serve(SEED_000)
    open_page(browser, served)
    for name in ["Register", "UINavigationController", "Welcome", "Details", "Done"]:
        row = wait_for(browser, f'#tree .row[data-name="{name}"]')
        assert "leaked" in row.get_attribute("class").split(), name
        assert "LEAKED" in row.text, name
    main = tree_row(browser, "Main")
    assert "leaked" not in main.get_attribute("class").split()
    assert "LEAKED" not in main.text
    section = browser.find_element(By.CSS_SELECTOR, "#tree .tree-section.leak").text
    assert "UITransitionView left in the window" in section
    # The window still holds the transition view, hidden behind Main.
    left = browser.find_element(By.CSS_SELECTOR, "#tree .window-views .wv.left-behind").text
    assert "UITransitionView" in left and "UINavigationController" in left
    # Memory: who holds each, and the cause.
    leaks = browser.find_element(By.CSS_SELECTOR, "#memory .mem-leaks").text
    assert "Register" in leaks and "UITransitionView" in leaks
    assert browser.find_element(By.CSS_SELECTOR, '#memory .mem-row.leaked[data-name="Done"]')
    assert "5 leaked" in browser.find_element(By.ID, "status-chips").text


def test_a_sheet_is_a_card_over_its_dimmed_presenter(serve, browser):
    served = serve(["device iPhone iOS=17", "initial Nav(Feed)", "launch", "present Compose"])
    open_page(browser, served)
    sheet = wait_for(browser, '#phone .layer.sheet[data-layer="Compose"]')
    assert "Compose" in sheet.text
    assert browser.find_element(By.CSS_SELECTOR, "#phone .layer.root.dimmed-under")
    served.post("dismiss\npresent Cover style=fullScreen")
    wait_for(browser, '#phone .layer.cover[data-layer="Cover"]', timeout=2)
    assert console_errors(browser) == []


def test_usable_at_1000_view_controllers(serve, browser):
    served = serve(["initial Nav(Item)", "launch"] + ["push Item"] * 998)
    assert len(served.get_json("/api/state")["allocated"]) == 1000
    open_page(browser, served)
    # The stack of 1,000 folds to its ends; pushing one more still shows at once.
    assert browser.find_element(By.CSS_SELECTOR, "#tree [data-expand]").text.startswith("… ")
    served.post("push Last")
    wait_for(browser, '#tree .row[data-name="Last"]', timeout=3)
    timings = browser.execute_script("return window.navlab.timings")
    print("render timings at 1,000 view controllers (ms):", timings)
    assert console_errors(browser) == []


def test_play_steps_through_a_tutorial_and_the_page_follows(browser):
    served = start_navlab(["play", "--delay", "150"], SEED_000)
    try:
        open_page(browser, served, css="#tree")
        # The page follows along to the last step.
        WebDriverWait(browser, 30, poll_frequency=0.05).until(lambda d: tree_row(d, "Main") is not None
                                                             and "LEAKED" in (tree_row(d, "Done").text if tree_row(d, "Done") else ""))
        origins = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#console-out .co-cmd .origin")}
        assert "script" in origins or len(served.get_json("/api/history")["entries"]) == len(SEED_000) + 1
        deadline = time.monotonic() + 10
        while "end of" not in served.output() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "[7/7] swapRoot Main" in served.output()
    finally:
        stop(served.process)


def test_the_live_server_refuses_foreign_hosts_and_origins(serve):
    served = serve(["initial A"])
    own = {"Host": served.authority}
    assert served.raw("GET", "/api/state", own)[0] == 200
    assert served.raw("GET", "/api/state", {"Host": f"evil.example:{served.port}"})[0] == 403
    assert served.raw("GET", "/", {"Host": f"evil.example:{served.port}"})[0] == 403
    assert served.raw("POST", "/api/commands", {**own, "Origin": "http://evil.example"}, b"launch")[0] == 403
    assert served.raw("GET", "/../Package.swift", own)[0] == 404
    assert served.raw("GET", "/%2e%2e/Package.swift", own)[0] == 404
    # A body announced past the limit (64 MiB, what an import may be) is refused before it is read.
    import socket
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as raw:
        raw.sendall(f"POST /api/commands HTTP/1.1\r\nHost: {served.authority}\r\nContent-Length: {64 * 1024 * 1024 + 1}\r\n\r\n".encode() + b"#" * 1024)
        assert raw.recv(1024).startswith(b"HTTP/1.1 413")
    # Not HTTP at all: the parser answers 400 (or hangs up), and the server stays up.
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as raw:
        raw.sendall(b"GARBAGE \x00\xff\r\nHost: nowhere\r\n\r\n")
        answer = raw.recv(1024)
        assert answer == b"" or answer.startswith(b"HTTP/1.1 4")
    # Still up, and the model untouched by what was refused.
    status, body = served.raw("POST", "/api/commands", {**own, "Origin": f"http://{served.authority}"}, b"launch")
    assert status == 200 and b'"status":"done"' in body


def test_beyond_loopback_the_page_works_with_the_printed_token(browser):
    served = start_navlab(["run", "--serve", "--host", "0.0.0.0"], SEED_000)
    try:
        token = served.url.split("?token=")[1]
        assert len(token) == 64
        local = f"http://127.0.0.1:{served.port}/"
        own = {"Host": f"127.0.0.1:{served.port}"}
        assert served.raw("GET", "/api/state", own)[0] == 403
        assert served.raw("GET", f"/api/state?token={token}", own)[0] == 200
        assert served.raw("GET", "/", own)[0] == 200
        browser.get(local + "?token=" + token)
        wait_for(browser, '#tree .row[data-name="Main"]', timeout=20)
        browser.find_element(By.ID, "command").send_keys("push Nowhere" + Keys.ENTER)
        wait_for(browser, "#console-out .co.error", timeout=5)
        assert console_errors(browser) == []
    finally:
        stop(served.process)


def wait_live_at(driver, seq, timeout=10):
    """Until the page has drawn the live document at `seq`."""
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(
        lambda d: d.execute_script("return window.navlab.live() && window.navlab.rendered") == seq)


def test_the_page_follows_by_patches_and_its_document_is_api_state(serve, browser):
    served = serve(["initial Tab(Nav(Feed), Settings)", "launch"])
    open_page(browser, served)
    for text in ["push Post", "present Nav(Compose)", "push Draft", "undo", "undo", "redo",
                 "select UITabBarController 1", "swapRoot Other", "undo"]:
        served.post(text)
    state = served.get_json("/api/state")
    wait_live_at(browser, state["seq"])
    assert browser.execute_script("return window.navlab.doc()") == state
    # A past step and back: the same document again, and the tree of the step in between.
    entry = wait_for(browser, '#timeline .entry[data-seq="3"]')
    entry.click()
    WebDriverWait(browser, 5, poll_frequency=0.02).until(lambda d: tree_row(d, "Compose") is None and tree_row(d, "Post") is not None)
    assert "allocated: Post" in browser.find_element(By.ID, "changes").text
    served.post("push Later")  # comes while the past step is shown
    browser.find_element(By.ID, "viewing-live").click()
    state = served.get_json("/api/state")
    wait_live_at(browser, state["seq"])
    assert browser.execute_script("return window.navlab.doc()") == state
    wait_for(browser, '#tree .row[data-name="Later"]', timeout=3)
    # The log lost the undone steps' calls: what GET /api/log has, in the same number.
    log = served.get_json("/api/log")
    WebDriverWait(browser, 5, poll_frequency=0.02).until(
        lambda d: d.find_element(By.ID, "log-count").text == f"{len(log)} calls")
    assert console_errors(browser) == []


def test_the_console_prints_a_command_from_elsewhere_as_the_prompt_does(serve, browser):
    served = serve(["initial Nav(Home)", "launch"])
    open_page(browser, served)
    answer = served.post("present Nav(Sheet) style=fullScreen")
    expected = [line["text"] for line in answer["lines"]]
    assert any(t.startswith("willMove(toParent: ") for t in expected) and any(t.startswith("viewDidAppear") for t in expected)
    block = wait_for(browser, f'#console-out .co-block[data-id="{answer["results"][0]["eventID"]}"]', timeout=5)
    printed = [el.text for el in block.find_elements(By.CSS_SELECTOR, ".co")]
    assert printed == expected


def test_a_push_on_10000_view_controllers_shows_in_the_tree(serve, browser):
    served = serve(["initial Nav(Item)", "launch"] + ["push Item"] * 9_998, timeout=120)
    state = served.get_json("/api/state", timeout=60)
    assert len(state["allocated"]) == 10_000
    open_page(browser, served, css="#tree [data-expand]")
    served.post("push Last")
    wait_for(browser, '#tree .row[data-name="Last"]', timeout=10)
    timings = browser.execute_script("return window.navlab.timings")
    print("render timings at 10,000 view controllers (ms):", timings)
    assert console_errors(browser) == []


def test_the_command_box_shows_the_answer_to_what_was_just_typed(serve, browser):
    """Issue 12: after ten typed commands the last answer is inside the visible box; a long
    answer (help) is shown from its first line; the box follows even when scrolled away."""
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    box = browser.find_element(By.ID, "command")

    def last_block_in_view(expect_line):
        out = browser.find_element(By.ID, "console-out")
        def visible(_):
            return browser.execute_script("""
                const [line] = arguments;
                const out = document.getElementById('console-out');
                const block = out.lastElementChild;
                if (!block || !block.querySelector('.co-cmd').textContent.endsWith(line)) return false;
                const o = out.getBoundingClientRect(), head = block.querySelector('.co-cmd').getBoundingClientRect();
                const last = block.lastElementChild.getBoundingClientRect(), b = block.getBoundingClientRect();
                const headIn = head.top >= o.top - 1 && head.bottom <= o.bottom + 1;
                // All of it when it fits; else at least its first line.
                const lastIn = b.height > o.height || (last.top >= o.top - 1 && last.bottom <= o.bottom + 1);
                return headIn && lastIn;
            """, expect_line)
        WebDriverWait(browser, 5).until(visible, f"the answer to `{expect_line}` is not in view")
        return out

    lines = ["push B", "tree", "push C", "memory", "pop", "why B", "present Nav(S)", "tree --uikit", "dismiss", "push D"]
    for line in lines:
        box.send_keys(line + Keys.ENTER)
        last_block_in_view(line)
    # A long answer: its first line is shown.
    box.send_keys("help" + Keys.ENTER)
    last_block_in_view("help")
    # Scrolled away to the top, the next typed answer still comes into view.
    browser.execute_script("document.getElementById('console-out').scrollTop = 0")
    time.sleep(0.2)
    box.send_keys("push E" + Keys.ENTER)
    last_block_in_view("push E")
    assert console_errors(browser) == []


def test_tab_bar_items_show_the_tabs_titles(serve, browser):
    """Issue 12: a tab reads its child's `title`, a navigation controller's root's title or
    class, or the child's class — not the instance's name."""
    served = serve(["class Settings title=Preferences", "initial Tab(Nav(Feed), Nav(Search), Settings, Profile)", "launch"])
    open_page(browser, served)
    wait_for(browser, "#phone .tabbar .tab")
    tabs = browser.execute_script("return [...document.querySelectorAll('#phone .tabbar .tab')].map(t => [t.textContent, t.dataset.name])")
    assert tabs == [["Feed", "UINavigationController"], ["Search", "UINavigationController#2"],
                    ["Preferences", "Settings"], ["Profile", "Profile"]], tabs
    assert console_errors(browser) == []


def test_the_memory_pane_lists_strong_holders_and_counts_weak_ones(serve, browser):
    """Issue 12: a row says who keeps it alive; weak references (each child's `parent`) are a
    count that lists them when clicked, and hides them again."""
    served = serve(["initial Nav(Item)", "launch"] + ["push Item"] * 19)
    open_page(browser, served)
    row = wait_for(browser, '#memory .mem-row[data-name="UINavigationController"]')

    def chips():
        return browser.execute_script(
            "return [...document.querySelectorAll('#memory .mem-row[data-name=\"UINavigationController\"] .ref')].map(r => r.textContent)")

    assert chips() == ["UIWindow.rootViewController", "20 weak"], chips()
    browser.find_element(By.CSS_SELECTOR, '#memory .mem-row[data-name="UINavigationController"] [data-weak]').click()
    WebDriverWait(browser, 3).until(lambda _: len(chips()) == 22, "the weak references are not listed")
    listed = chips()
    assert listed[0] == "UIWindow.rootViewController" and listed[-1] == "hide weak"
    assert listed[1:-1] == ["Item.parent"] + [f"Item#{i}.parent" for i in range(2, 21)], listed
    # A step elsewhere keeps it open; a click on "hide weak" closes it.
    served.post("push More")
    WebDriverWait(browser, 3).until(lambda _: "More.parent" in chips(), "the opened row does not follow the model")
    browser.find_element(By.CSS_SELECTOR, '#memory .mem-row[data-name="UINavigationController"] [data-weak]').click()
    WebDriverWait(browser, 3).until(lambda _: chips() == ["UIWindow.rootViewController", "21 weak"], "the weak references are not hidden")
    # Clicking the count does not select the row.
    assert "selected" not in browser.find_element(By.CSS_SELECTOR, '#memory .mem-row[data-name="UINavigationController"]').get_attribute("class")
    assert console_errors(browser) == []


def journal_tag(journal):
    """engine.js's journalTag: the journal's length and its FNV-1a hash over UTF-16 code units."""
    h = 0x811C9DC5
    units = journal.encode("utf-16-le")
    for i in range(0, len(units), 2):
        h = ((h ^ (units[i] | units[i + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{len(units) // 2}:{h:08x}"


def test_served_by_navlab_the_page_draws_no_copy_kept_in_this_browser(serve, browser):
    # A static copy of the page (`make web`) once served from this same address kept a session
    # here; served by `navlab`, the session is the server's and that copy is not drawn.
    served = serve(["initial Nav(Home)", "launch"])
    open_page(browser, served)
    doc = browser.execute_script("return window.navlab.doc()")
    doc["viewControllers"]["Ghost"] = dict(doc["viewControllers"]["Home"])
    doc["viewControllers"]["UINavigationController"]["children"].append("Ghost")
    doc["viewControllers"]["UINavigationController"]["viewControllers"].append("Ghost")
    journal = "initial Nav(Home)\nlaunch\npush Ghost\n"
    snapshot = json.dumps({"format": 1, "build": None, "journal": journal_tag(journal), "state": doc})
    browser.execute_script("localStorage.setItem('navlab.journal', arguments[0]); localStorage.setItem('navlab.snapshot', arguments[1]);",
                           journal, snapshot)
    open_page(browser, served)
    assert browser.execute_script("return window.navlab.copyAtStart()") is None
    assert tree_row(browser, "Ghost") is None
    assert browser.execute_script("return window.navlab.doc().viewControllers.UINavigationController.viewControllers") == ["Home"]
    # What it kept is left as it was (it is the static copy's, not this page's).
    assert browser.execute_script("return localStorage.getItem('navlab.snapshot')") == snapshot
    assert console_errors(browser) == []
