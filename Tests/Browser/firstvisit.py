"""The page's first ten minutes (issue 42), as checks both hosts run: the served page
(Tests/Browser/test_page_first_visit.py) and the static folder
(Tests/Web/test_page_static_first_visit.py), in Chromium and in WebKit (NAVLAB_BROWSER=webkit).

Each check takes a driver showing a page that is live and a `reload` that loads it again and
waits until it is live."""

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from browserkit import phone_size, send_keys, tree_row, wait_for

# The command the fresh page's hints offer (Public/js/dom.js, FIRST_COMMAND).
FIRST_COMMAND = "initial Nav(Home); launch"
# The case at 390 px: a left-behind UITransitionView (its banner) and a status bar.
BANNER_CASE = ["device iPhone iOS=12", "initial Nav(Register)", "launch", "present Nav(Welcome)", "push Done", "swapRoot Main"]
STALE = (StaleElementReferenceException,)


def wait(driver, condition, timeout=20):
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=STALE).until(condition)


def type_command(driver, text):
    """Types a line into the command box and waits for its answer (its block in the output)."""
    before = driver.execute_script("return document.querySelectorAll('#console-out .co-block').length")
    send_keys(driver, "#command", text)
    send_keys(driver, "#command", Keys.ENTER)
    wait(driver, lambda d: d.execute_script(
        "return document.querySelectorAll('#console-out .co-block').length > arguments[0] && !document.querySelector('#console-out .waiting')", before))


def console_errors_shown(driver):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#console-out .co.error")]


def step_count(driver):
    return driver.execute_script("return document.querySelector('#tutorial-body .step-count')?.textContent || ''")


def click_in_panel(driver, css):
    """Clicks a button of the tutorial panel once it is there and enabled (in one script: the
    panel redraws itself when a step ends)."""
    wait(driver, lambda d: d.execute_script(
        "const b = document.querySelector('#tutorial-body ' + arguments[0]); if (!b || b.disabled) return false; b.click(); return true;", css), 60)


def play(driver, name):
    driver.find_element(By.ID, "tutorials").click()
    click_in_panel(driver, f'[data-play="{name}"]')
    wait(driver, lambda d: step_count(d).startswith("Step 1 of"))


def run_steps(driver, n):
    for _ in range(n):
        before = step_count(driver)
        click_in_panel(driver, "[data-next]")
        wait(driver, lambda d: step_count(d) not in ("", before), 60)
    assert not driver.find_elements(By.CSS_SELECTOR, "#tutorial-body .tutorial-problem")


def at_end(driver, element_id):
    """How far the pane is from its end, in pixels (0: at its end)."""
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return Math.max(0, e.scrollHeight - e.scrollTop - e.clientHeight);", element_id)


# ---- 1: "Run to the end" leaves every pane at the end ----

def check_run_to_the_end_leaves_every_pane_at_its_end(driver):
    play(driver, "replacing-the-root")
    run_steps(driver, 3)
    click_in_panel(driver, "[data-rest]")
    wait(driver, lambda d: "the end" in step_count(d), 120)
    # The Timeline, the Lifecycle log and the command output each show their last line.
    for pane in ("timeline", "log", "console-out"):
        try:
            wait(driver, lambda d: at_end(d, pane) < 30, 5)
        except Exception:
            raise AssertionError(f"#{pane} is {at_end(driver, pane)} px above its end after Run to the end")
    last = driver.execute_script("const es = document.querySelectorAll('#timeline .entry'); return es[es.length - 1].dataset.seq")
    live = driver.execute_script("return String(window.navlab.doc().seq)")
    assert last == live


# ---- 3: a tutorial survives closing its panel and a reload ----

def check_a_tutorial_survives_closing_its_panel_and_a_reload(driver, reload):
    play(driver, "screen-state")
    run_steps(driver, 2)
    steps = step_count(driver).split(" of ")[1]
    assert step_count(driver) == f"Step 3 of {steps}"
    driver.find_element(By.ID, "tutorial-close").click()
    wait(driver, lambda d: not d.find_element(By.ID, "tutorial-panel").get_attribute("open"))
    # Tutorials again: the tutorial where it was, not the list.
    driver.find_element(By.ID, "tutorials").click()
    wait(driver, lambda d: step_count(d) == f"Step 3 of {steps}")
    driver.find_element(By.ID, "tutorial-close").click()
    # A reload: the panel asks whether to go on, and goes on from there.
    reload()
    wait(driver, lambda d: d.find_element(By.ID, "tutorial-panel").get_attribute("open")
         and d.find_elements(By.CSS_SELECTOR, "#tutorial-body [data-resume]"))
    assert "step 3" in driver.find_element(By.ID, "tutorial-body").text.lower()
    click_in_panel(driver, "[data-resume]")
    wait(driver, lambda d: step_count(d) == f"Step 3 of {steps}")
    run_steps(driver, 1)
    assert step_count(driver) == f"Step 4 of {steps}"
    # The list offers it too.
    click_in_panel(driver, "[data-tutorials]")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#tutorial-body [data-resume="screen-state"]'))
    assert "step 4" in driver.find_element(By.CSS_SELECTOR, "#tutorial-body .tutorial-resume").text


# ---- 4: at 390 px nothing from the phone draws over the header or the panel ----

COVERED = """
// Scrolls the window so the middle of `element` is at the middle of `cover` (the sticky header or
// the fixed tutorial panel), and says what the browser draws on top there.
const [element, cover] = arguments;
const c0 = cover.getBoundingClientRect(), e0 = element.getBoundingClientRect();
window.scrollBy(0, (e0.top + e0.height / 2) - (c0.top + c0.height / 2));
const c = cover.getBoundingClientRect(), e = element.getBoundingClientRect();
const left = Math.max(c.left, e.left), right = Math.min(c.right, e.right);
const top = Math.max(c.top, e.top), bottom = Math.min(c.bottom, e.bottom);
if (right - left < 2 || bottom - top < 2) return "apart";
const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
return cover.contains(hit) ? "covered" : (hit ? hit.outerHTML.slice(0, 120) : "nothing");
"""


def check_at_phone_width_the_phone_draws_under_the_header_and_the_panel(driver, reload):
    phone_size(driver)
    reload()
    for line in BANNER_CASE:
        type_command(driver, line)
    wait_for(driver, "#phone .xray")
    driver.find_element(By.ID, "tutorials").click()
    wait_for(driver, "#tutorial-panel[open] [data-play]")
    header = driver.find_element(By.CSS_SELECTOR, "header")
    panel = driver.find_element(By.ID, "tutorial-panel")
    for css in ("#phone .xray", "#phone .statusbar"):
        for cover in (header, panel):
            element = driver.find_element(By.CSS_SELECTOR, css)
            assert driver.execute_script(COVERED, element, cover) == "covered", (css, cover.get_attribute("id") or "header")


def check_at_phone_width_the_command_box_stays_in_sight(driver, reload):
    phone_size(driver)
    reload()
    for line in ["initial Nav(Home)", "launch"] + [f"push Step{n}" for n in range(6)] + ["tree"]:
        driver.execute_script("document.getElementById('command').scrollIntoView({block: 'end'})")
        type_command(driver, line)
        # Once the page has drawn the answer (two frames after it is in).
        box = driver.execute_async_script("""
            const done = arguments[0];
            requestAnimationFrame(() => requestAnimationFrame(() => {
              const r = document.getElementById('command').getBoundingClientRect();
              done([r.top, r.bottom, innerHeight]);
            }));""")
        assert box[0] >= 0 and box[1] <= box[2] + 1, (line, box)


# ---- 5: the first hints agree, and work ----

def check_the_first_hints_work(driver):
    empty = wait_for(driver, "#tree .empty.first-visit")
    assert empty.find_elements(By.CSS_SELECTOR, "[data-open-tutorials]")
    hints = [h.get_attribute("data-hint") for h in driver.find_elements(By.CSS_SELECTOR, "code.hint")]
    assert hints and set(hints) == {FIRST_COMMAND}, hints  # the tree's and the phone's agree
    assert driver.find_element(By.ID, "command").get_attribute("placeholder").startswith(FIRST_COMMAND)
    # The tutorials, offered where the page starts.
    empty.find_element(By.CSS_SELECTOR, "[data-open-tutorials]").click()
    wait_for(driver, "#tutorial-panel[open] [data-play]")
    driver.find_element(By.ID, "tutorial-close").click()
    # The hint, followed: an app with a root, launched, and nothing refused or warned.
    driver.find_element(By.CSS_SELECTOR, "#tree code.hint").click()
    wait(driver, lambda d: tree_row(d, "Home") is not None)
    wait(driver, lambda d: d.execute_script("return window.navlab.doc().application.state") == "active")
    assert console_errors_shown(driver) == []
    log = driver.find_element(By.ID, "log").text
    assert "expected to have a root view controller" not in log
    # What the placeholder suggests now works too.
    suggested = wait(driver, lambda d: (p := d.find_element(By.ID, "command").get_attribute("placeholder")) != "" and not p.startswith(FIRST_COMMAND) and p)
    commands = [part.split(" ")[0] if part.startswith("help") else part for part in suggested.split(" · ") if part != "Tab completes"]
    assert commands, suggested
    for command in commands:
        type_command(driver, command)
        assert console_errors_shown(driver) == [], (command, suggested)


# ---- 6: smaller things ----

def check_a_pasted_share_link_opens_in_the_same_tab(driver):
    for line in ["initial Nav(Home)", "launch", "push Shared"]:
        type_command(driver, line)
    driver.find_element(By.ID, "share").click()
    wait_for(driver, "#script-dialog[open]")
    link = wait(driver, lambda d: d.find_element(By.ID, "script-dialog").get_attribute("data-link"))
    driver.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Close']").click()
    wait(driver, lambda d: not d.find_element(By.ID, "script-dialog").get_attribute("open"))
    # Pasted into the address bar of this tab: only the fragment changes, nothing is loaded.
    driver.execute_script("window.notReloaded = true; location.hash = arguments[0]", link[link.index("#"):])
    wait_for(driver, "#script-dialog[open]")
    assert "push Shared" in driver.find_element(By.ID, "script-text").text
    assert driver.execute_script("return window.notReloaded") is True


def check_without_compression_streams_share_links_say_what_they_need(driver):
    type_command(driver, "initial Home")
    driver.execute_script("window.CompressionStream = undefined")
    driver.find_element(By.ID, "share").click()
    wait_for(driver, "#script-dialog[open]")
    assert "Safari 16.4" in driver.find_element(By.ID, "script-intro").text


def check_leaked_tags_and_chips_are_not_cut_off(driver, reload):
    for line in BANNER_CASE:
        type_command(driver, line)
    clipped = """
        const tree = document.getElementById('tree').getBoundingClientRect();
        return [...document.querySelectorAll('#tree .tag.leaked')].filter((t) => {
          const r = t.getBoundingClientRect();
          return r.left < tree.left || r.right > tree.left + document.getElementById('tree').clientWidth + 0.5;
        }).length"""
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#tree .tag.leaked")) == 5)
    assert driver.execute_script(clipped) == 0
    # Viewing a past step: every chip whole, inside the window.
    driver.execute_script("const e = document.querySelector('#timeline .entry[data-seq=\"4\"]'); e.scrollIntoView({block: 'center'}); e.click();")
    wait(driver, lambda d: d.find_element(By.ID, "viewing").is_displayed())
    chips_cut = """
        const box = document.getElementById('status-chips');
        const b = box.getBoundingClientRect();
        const cut = [...box.children].filter((c) => { const r = c.getBoundingClientRect(); return r.right > b.right + 0.5 || r.right > innerWidth || r.width < 1; });
        return [box.children.length, cut.map((c) => c.textContent)];"""
    count, cut = driver.execute_script(chips_cut)
    assert count >= 5 and cut == [], cut
    # At a phone's width too.
    phone_size(driver)
    count, cut = driver.execute_script(chips_cut)
    assert count >= 5 and cut == [], cut
    assert driver.execute_script(clipped) == 0


def check_find_says_what_it_matches(driver):
    for line in ["initial Nav(Home)", "launch"]:
        type_command(driver, line)
    find = driver.find_element(By.ID, "tree-filter")
    assert "name or class" in find.get_attribute("placeholder").lower()
    find.send_keys("UINavigationController")
    wait(driver, lambda d: d.find_element(By.ID, "find-count").text == "1 of 1")
