"""The Storyboard tab on the page navlab serves (storyboardmap.py has the checks the static
folder runs too). Chromium, and WebKit with NAVLAB_BROWSER=webkit."""

import storyboardmap
from selenium.webdriver.common.by import By

from browserkit import browser, console_errors, open_page, phone_size, serve, wait_for  # noqa: F401


def test_the_map_draws_the_storyboard_and_performs_a_clicked_segue(serve, browser):
    served = serve([])
    open_page(browser, served, css="#command")
    storyboardmap.check_the_map_draws_the_storyboard_and_performs_a_clicked_segue(browser)
    assert served.get_json("/api/state")["top"] == "DetailViewController"
    assert console_errors(browser) == []


def test_import_opens_storyboard_files_and_imports_them_by_name(serve, browser):
    import os
    from selenium.webdriver.support.ui import WebDriverWait
    from browserkit import ROOT, wait_for
    served = serve([])
    open_page(browser, served, css="#command")
    browser.find_element(By.ID, "import").click()
    wait_for(browser, "#import-dialog[open]")
    folder = os.path.join(ROOT, "Tests", "Storyboards")
    browser.find_element(By.ID, "import-file").send_keys(os.path.join(folder, "Main.storyboard") + "\n" + os.path.join(folder, "Settings.storyboard"))
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "import-names").get_attribute("value") == "Main Settings")
    assert browser.find_element(By.ID, "import-format").get_attribute("value") == "storyboard"
    assert "import storyboard Main Settings <<END" in browser.find_element(By.ID, "import-note").text
    browser.find_element(By.ID, "import-run").click()
    WebDriverWait(browser, 10).until(lambda d: not d.find_element(By.ID, "import-dialog").get_attribute("open"))
    state = served.get_json("/api/state")
    assert [b["name"] for b in state["storyboards"]] == ["Main", "Settings"]
    # One step, as the prompt's `import storyboard` makes; the map draws both, in one drawing
    # (Main's references stand for scenes of Settings).
    WebDriverWait(browser, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-cluster-name")) == 2)
    assert [f.text for f in browser.find_elements(By.CSS_SELECTOR, "#storyboard figcaption")] == ["Main.storyboard + Settings.storyboard"]
    assert console_errors(browser) == []


def test_dropped_storyboards_are_imported_together_and_joined_by_reference_arrows(serve, browser):
    served = serve([])
    open_page(browser, served, css="#command")
    storyboardmap.check_dropped_storyboards_are_imported_together_and_joined_by_reference_arrows(browser)
    assert [b["name"] for b in served.get_json("/api/state")["storyboards"]] == ["Main", "Settings"]
    # One step.
    assert [e["command"] for e in served.get_json("/api/history")["entries"] if e["command"]] == ["import storyboard Main Settings <<END … (136 lines)"]
    # Three dropped: one import (it replaces the storyboards before, as at the prompt); the one
    # that references neither of the others, nor they it, is drawn apart.
    storyboardmap.drop_files(browser, [(f"{n}.storyboard", storyboardmap.storyboard_file(f"{n}.storyboard")) for n in ("Main", "Tabs", "Settings")])
    storyboardmap.wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-board")) == 2)
    assert [f.text for f in browser.find_elements(By.CSS_SELECTOR, "#storyboard figcaption")] == ["Main.storyboard + Settings.storyboard", "Tabs.storyboard"]
    assert [b["name"] for b in served.get_json("/api/state")["storyboards"]] == ["Main", "Tabs", "Settings"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#storyboard .sb-reference")) == 2
    # A dropped script still opens as one.
    storyboardmap.drop_files(browser, [("flow.navlab", "initial Nav(Home)\nlaunch\n")])
    wait_for(browser, "#script-dialog[open]")
    assert "the file flow.navlab" in browser.find_element(By.ID, "script-intro").text
    assert console_errors(browser) == []


def test_a_broken_dropped_storyboard_is_refused_as_import_refuses_it(serve, browser):
    served = serve(["initial Nav(Home)", "launch"])
    open_page(browser, served, css="#command")
    before = served.get_json("/api/state")
    storyboardmap.check_a_broken_dropped_storyboard_is_refused_as_import_refuses_it(browser)
    after = served.get_json("/api/state")
    assert after["seq"] == before["seq"] and after["storyboards"] == []
    assert console_errors(browser) == []


def test_the_map_at_a_phones_width(serve, browser):
    served = serve([])
    phone_size(browser)
    open_page(browser, served, css="#command")
    storyboardmap.check_the_map_at_a_phones_width(browser)
    assert served.get_json("/api/state")["top"] == "AccountViewController"
    assert console_errors(browser) == []
