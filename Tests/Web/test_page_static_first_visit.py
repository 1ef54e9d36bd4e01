"""The page's first ten minutes (issue 42) in the static folder: the checks the served page
runs too (Tests/Browser/firstvisit.py), and what only this host has — the page opened from disk
and a kept session that cannot be brought back. Every one runs in Chromium and in WebKit
(NAVLAB_BROWSER=webkit)."""

import os
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from test_page_static import WASM, open_static, site  # noqa: F401  (site: the fixture; it puts Tests/Browser on the path)
import firstvisit  # noqa: E402
from browserkit import ROOT, browser, tree_row, wait_for  # noqa: E402,F401


def fresh(site, browser):
    open_static(browser, site)
    return lambda: open_static(browser, site)


def test_run_to_the_end_leaves_the_timeline_the_log_and_the_output_at_their_end(site, browser):
    fresh(site, browser)
    firstvisit.check_run_to_the_end_leaves_every_pane_at_its_end(browser)


def test_a_tutorial_survives_closing_its_panel_and_a_reload(site, browser):
    firstvisit.check_a_tutorial_survives_closing_its_panel_and_a_reload(browser, fresh(site, browser))


def test_at_phone_width_nothing_from_the_phone_draws_over_the_header_or_the_panel(site, browser):
    firstvisit.check_at_phone_width_the_phone_draws_under_the_header_and_the_panel(browser, fresh(site, browser))


def test_at_phone_width_the_command_box_stays_in_sight(site, browser):
    firstvisit.check_at_phone_width_the_command_box_stays_in_sight(browser, fresh(site, browser))


def test_the_first_hints_offer_the_tutorials_and_work_when_followed(site, browser):
    fresh(site, browser)
    firstvisit.check_the_first_hints_work(browser)


def test_a_share_link_pasted_into_the_same_tab_opens(site, browser):
    fresh(site, browser)
    firstvisit.check_a_pasted_share_link_opens_in_the_same_tab(browser)


def test_without_compression_streams_a_share_link_says_what_it_needs(site, browser):
    fresh(site, browser)
    firstvisit.check_without_compression_streams_share_links_say_what_they_need(browser)


def test_leaked_tags_and_the_chips_of_a_past_step_are_not_cut_off(site, browser):
    firstvisit.check_leaked_tags_and_chips_are_not_cut_off(browser, fresh(site, browser))


def test_find_says_it_matches_names_and_classes(site, browser):
    fresh(site, browser)
    firstvisit.check_find_says_what_it_matches(browser)


@pytest.fixture(scope="module")
def folder():
    """The static folder `make web` builds, for opening from disk."""
    path = tempfile.mkdtemp(prefix="navlab-web-disk-")
    subprocess.run(["sh", os.path.join(ROOT, "scripts", "make-web.sh"), WASM, path], check=True, capture_output=True)
    return path


def test_opened_from_disk_the_page_says_what_to_run_instead(folder, browser):
    browser.get("file://" + os.path.join(folder, "index.html"))
    note = wait_for(browser, "#from-disk[open]", timeout=60)
    assert "python3 -m http.server" in note.text and "file://" in note.text
    assert browser.find_element(By.ID, "connection-label").text == "opened from a file"
    assert "cannot run from a file" in browser.find_element(By.ID, "tree").text
    # A line typed anyway is answered, not dropped without a word.
    note.find_element(By.CSS_SELECTOR, "form[method=dialog] button").click()
    WebDriverWait(browser, 5).until(lambda d: not d.find_element(By.ID, "from-disk").get_attribute("open"))
    box = browser.find_element(By.ID, "command")
    assert "serve this folder" in box.get_attribute("placeholder")
    box.send_keys("initial Home")
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda d: "not run: this page was opened from a file" in d.find_element(By.ID, "console-out").text)
    assert browser.find_element(By.ID, "from-disk").get_attribute("open")


def test_a_kept_session_that_is_not_a_script_is_set_aside_and_a_fresh_one_starts(site, browser):
    # Data damaged in storage (planted from a file of the same origin that runs no engine).
    damaged = '{"seq": 3, "lines": ["initial Home"'
    browser.get(site + "navlab-host.json")
    browser.execute_script("localStorage.setItem('navlab.journal', arguments[0]);", damaged)
    open_static(browser, site)
    WebDriverWait(browser, 60).until(lambda d: "could not be brought back" in d.find_element(By.ID, "script-title").text)
    intro = browser.find_element(By.ID, "script-intro").text
    assert "set aside" in intro and "fresh session" in intro, intro
    assert browser.find_element(By.ID, "script-text").text == damaged
    assert browser.find_elements(By.XPATH, "//div[@id='script-actions']/button[text()='Save it']")
    assert browser.execute_script("return localStorage.getItem('navlab.journal.set-aside')") == damaged
    browser.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Close']").click()
    wait_for(browser, "#tree .empty.first-visit")
    assert tree_row(browser, "Home") is None
