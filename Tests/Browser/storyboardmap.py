"""The Storyboard tab (issue 41): a storyboard pasted into the command box is drawn as a map —
its scenes, its segues labelled, the initial scene marked, the scenes with instances
highlighted — and a segue the screen can perform is a button that runs `segue ID from NAME`.
Shared by the page navlab serves (test_page_storyboard.py) and the static folder
(Tests/Web/test_page_static_storyboard.py)."""

from selenium.webdriver.common.by import By

from firstvisit import type_command, wait

STORYBOARD = """import storyboard Tiny <<END
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n">
    <scenes>
        <scene sceneID="s0"><objects><navigationController id="n" sceneMemberID="viewController"><connections>
            <segue destination="a" kind="relationship" relationship="rootViewController" id="r1"/></connections></navigationController></objects></scene>
        <scene sceneID="s1"><objects><viewController id="a" customClass="ListViewController" storyboardIdentifier="List" sceneMemberID="viewController">
            <view key="view" id="v1"><subviews><button id="b1"><connections><segue destination="d" kind="show" identifier="showDetail" id="g1"/></connections></button></subviews></view>
            <connections><segue destination="i" kind="presentation" identifier="about" id="g2"/></connections></viewController></objects></scene>
        <scene sceneID="s2"><objects><viewController id="d" customClass="DetailViewController" sceneMemberID="viewController"/></objects></scene>
        <scene sceneID="s3"><objects><viewController id="i" customClass="AboutViewController" sceneMemberID="viewController"/></objects></scene>
    </scenes>
</document>
END"""


def paste_command(driver, text):
    """Pastes several lines into the command box, as a user's paste (they run as they are)."""
    before = driver.execute_script("return document.querySelectorAll('#console-out .co-block').length")
    driver.execute_script("""
        const box = document.getElementById('command');
        const e = new Event('paste', { bubbles: true, cancelable: true });
        Object.defineProperty(e, 'clipboardData', { value: { getData: () => arguments[0] } });
        box.dispatchEvent(e);""", text)
    wait(driver, lambda d: d.execute_script(
        "return document.querySelectorAll('#console-out .co-block').length > arguments[0] && !document.querySelector('#console-out .waiting')", before))


def scene(driver, scene_id):
    return driver.find_element(By.CSS_SELECTOR, f'#storyboard .sb-scene[data-scene="{scene_id}"]')


def check_the_map_draws_the_storyboard_and_performs_a_clicked_segue(driver):
    paste_command(driver, STORYBOARD)
    # The tab opens by itself with the first storyboard, and dagre lays out the map.
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-board svg .sb-scene"))
    assert driver.find_element(By.ID, "storyboard-pane").is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, "#storyboard figcaption").text == "Tiny.storyboard"
    texts = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-scene .sb-class")]
    assert sorted(texts) == ["AboutViewController", "DetailViewController", "ListViewController", "UINavigationController"]
    assert "sb-initial" in scene(driver, "n").get_attribute("class")
    labels = sorted(t.text for t in driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-label text"))
    assert labels == ["presentation · about", "relationship", "show · showDetail"]
    # Not running: nothing is live, nothing can be performed.
    assert driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-go") == []
    assert "Launch the app" in driver.find_element(By.CSS_SELECTOR, "#storyboard .sb-perform").text

    type_command(driver, "launch")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-label.sb-go")) == 2)
    assert "sb-live" in scene(driver, "a").get_attribute("class")
    assert "sb-live" not in scene(driver, "d").get_attribute("class")
    buttons = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-go-button")]
    assert buttons == ["segue showDetail from ListViewController", "segue about from ListViewController"]
    # A click on the arrow's label performs the segue as the command box would.
    go = [g for g in driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-label.sb-go") if g.text == "show · showDetail"][0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", go)
    # (A pointer's click on its text: WebKit's driver does not click an SVG group itself.)
    go.find_element(By.TAG_NAME, "text").click()
    wait(driver, lambda d: "sb-live" in scene(d, "d").get_attribute("class"))
    assert driver.execute_script("return window.navlab.doc().top") == "DetailViewController"
    log = driver.find_element(By.ID, "console-out").text
    assert "segue showDetail from ListViewController" in log
    # Enlarged over the panes (at a desktop's width), and back with Esc.
    if driver.execute_script("return innerWidth") > 1000:
        driver.find_element(By.ID, "storyboard-enlarge").click()
        wait(driver, lambda d: d.find_element(By.ID, "storyboard-pane").rect["width"] > 0.9 * d.execute_script("return innerWidth"))
        driver.find_element(By.ID, "storyboard-enlarge").click()
        wait(driver, lambda d: d.find_element(By.ID, "storyboard-pane").rect["width"] < 0.6 * d.execute_script("return innerWidth"))
    # Detail performs nothing: the buttons are gone.
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-go"))
    # The Memory pane is one click away.
    driver.find_element(By.CSS_SELECTOR, '#storyboard-pane [data-show-pane="memory"]').click()
    assert driver.find_element(By.ID, "memory-pane").is_displayed()
    assert not driver.find_element(By.ID, "storyboard-pane").is_displayed()
