"""The Storyboard tab (issue 41): a storyboard pasted into the command box is drawn as a map —
its scenes, its segues labelled, the initial scene marked, the scenes with instances
highlighted — and a segue the screen can perform is a button that runs `segue ID from NAME`.
Shared by the page navlab serves (test_page_storyboard.py) and the static folder
(Tests/Web/test_page_static_storyboard.py)."""

import os

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
    go = '#storyboard .sb-label.sb-go[data-command="segue showDetail from ListViewController"]'
    assert driver.find_element(By.CSS_SELECTOR, go).text == "show · showDetail"
    # (A pointer's click on its text: WebKit's driver does not click an SVG group itself.)
    click(driver, go + " text")
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


# ---- storyboards dropped on the page, the arrows between them, the map on a phone ----

STORYBOARDS = os.path.join(os.path.dirname(__file__), "..", "Storyboards")


def storyboard_file(name):
    with open(os.path.join(STORYBOARDS, name), encoding="utf-8") as f:
        return f.read()


# Files dropped on the page, as a user's drag from the Finder would bring them (Selenium cannot
# drag a file of the system's): a DataTransfer with File objects, dragenter, dragover, drop.
DROP = """
    const [files] = arguments;
    const data = new DataTransfer();
    for (const [name, text] of files) data.items.add(new File([text], name, { type: "" }));
    for (const type of ["dragenter", "dragover", "drop"]) {
        document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }"""


def drop_files(driver, files):
    """Drops [(name, text)] on the page."""
    driver.execute_script(DROP, [list(f) for f in files])


def doc(driver):
    return driver.execute_script("return window.navlab.doc()")


def edge_ends(driver, path):
    """The first and last points of an arrow, and the boxes (x, y, width, height) of the scenes
    its data-from and data-to name, in the SVG's user units."""
    return driver.execute_script("""
        const p = arguments[0], svg = p.ownerSVGElement;
        const box = (id) => { const [board, scene] = id.split(/\\/(.*)/);
          const r = svg.querySelector(`.sb-scene[data-storyboard="${board}"][data-scene="${scene}"] rect`).getBBox();
          return [r.x, r.y, r.width, r.height]; };
        const n = p.getTotalLength(), a = p.getPointAtLength(0), b = p.getPointAtLength(n);
        return { start: [a.x, a.y], end: [b.x, b.y], from: box(p.dataset.from), to: box(p.dataset.to) };""", path)


def near_box(point, box, slack=2.5):
    x, y = point
    bx, by, bw, bh = box
    return bx - slack <= x <= bx + bw + slack and by - slack <= y <= by + bh + slack


def check_dropped_storyboards_are_imported_together_and_joined_by_reference_arrows(driver):
    drop_files(driver, [("Main.storyboard", storyboard_file("Main.storyboard")), ("Settings.storyboard", storyboard_file("Settings.storyboard"))])
    # One import of both (Main's references need Settings), the tab shows itself.
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-reference")) == 2)
    assert [b["name"] for b in doc(driver)["storyboards"]] == ["Main", "Settings"]
    assert not driver.find_element(By.ID, "import-dialog").get_attribute("open")
    assert driver.find_element(By.ID, "storyboard-pane").is_displayed()
    log = driver.find_element(By.ID, "console-out").text
    assert "import storyboard Main Settings <<END" in log and "imported Settings.storyboard: 3 scenes" in log
    # One drawing for the two, a box around each storyboard's scenes.
    assert len(driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-board")) == 1
    assert driver.find_element(By.CSS_SELECTOR, "#storyboard figcaption").text == "Main.storyboard + Settings.storyboard"
    assert [c.text for c in driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-cluster-name")] == ["Main.storyboard", "Settings.storyboard"]
    # The tab that is Settings' initial view controller, and the segue to the scene whose
    # storyboard ID is Account: each reference box has an arrow to the scene it stands for.
    arrows = {(p.get_attribute("data-from"), p.get_attribute("data-to")): p
              for p in driver.find_elements(By.CSS_SELECTOR, "#storyboard path.sb-edge.sb-reference")}
    assert set(arrows) == {("Main/Man-Rf-001", "Settings/Stg-Nv-001"), ("Main/Man-Rf-002", "Settings/Stg-Ac-001")}
    for path in arrows.values():
        ends = edge_ends(driver, path)
        assert near_box(ends["start"], ends["from"]) and near_box(ends["end"], ends["to"]), ends
    assert [t.text for t in driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-ref-label text")] == ["reference", "reference"]
    # Drawn apart from the segues: dashed, in a colour of their own, with their own arrowhead.
    style = driver.execute_script("const s = getComputedStyle(arguments[0]); return [s.strokeDasharray, s.stroke]", list(arrows.values())[0])
    segue = driver.find_element(By.CSS_SELECTOR, "#storyboard path.sb-edge.sb-action")
    assert style[0] not in ("", "none") and style != driver.execute_script("const s = getComputedStyle(arguments[0]); return [s.strokeDasharray, s.stroke]", segue)
    # Both storyboards' initial scenes are marked, each inside its own box.
    initial = [(e.get_attribute("data-storyboard"), e.get_attribute("data-scene")) for e in driver.find_elements(By.CSS_SELECTOR, "#storyboard .sb-scene.sb-initial")]
    assert initial == [("Main", "Man-Tb-001"), ("Settings", "Stg-Nv-001")]


def click(driver, css):
    """Clicks the element, brought to the middle of the screen first (at a phone's width the
    sticky top bar would take a click near the top; WebKit's driver scrolls no inner box).
    The map is drawn again when the state changes: an element found just before may be gone,
    so a stale one is looked up again (firstvisit.wait asks again on a stale element)."""

    def attempt(d):
        element = d.find_element(By.CSS_SELECTOR, css)
        d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element)
        element.click()
        return True
    wait(driver, attempt)


def scroll_to(driver, css):
    driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center', inline: 'center'})", css)


def caret_lines(driver):
    """The Import dialog's line of the file and the caret under it, as drawn (spaces kept)."""
    return driver.execute_script("return document.querySelector('#import-note .import-line').textContent").split("\n")


def check_a_broken_dropped_storyboard_is_refused_as_import_refuses_it(driver):
    before = doc(driver)["seq"]
    # Main alone: its references name a storyboard not dropped with it.
    drop_files(driver, [("Main.storyboard", storyboard_file("Main.storyboard"))])
    note = wait(driver, lambda d: d.find_element(By.ID, "import-dialog").get_attribute("open") is not None and d.find_element(By.ID, "import-note").text)
    assert note.startswith("Main.storyboard:61:17: a storyboard reference names Settings.storyboard, which this import does not give"), note
    assert "import it too" in note and "Nothing was imported." in note
    # The place in the file, from the box that holds it, the caret under it.
    caret = caret_lines(driver)
    assert caret[0].strip().startswith('<viewControllerPlaceholder storyboardName="Settings"') and caret[1].index("^") == 16, caret
    assert driver.find_element(By.ID, "import-names").get_attribute("value") == "Main"
    assert doc(driver)["seq"] == before
    click(driver, "#import-cancel")
    # XML cut wrong in the second of two files: the file, the line and the column.
    broken = storyboard_file("Settings.storyboard").replace("</objects>", "</object>", 1)
    drop_files(driver, [("Main.storyboard", storyboard_file("Main.storyboard")), ("Settings.storyboard", broken)])
    note = wait(driver, lambda d: d.find_element(By.ID, "import-dialog").get_attribute("open") is not None and "Settings.storyboard:" in d.find_element(By.ID, "import-note").text and d.find_element(By.ID, "import-note").text)
    line = next(i for i, l in enumerate(broken.split("\n"), 1) if "</object>" in l)
    column = broken.split("\n")[line - 1].index("</object>") + 1
    assert note.startswith(f"Settings.storyboard:{line}:{column}: </object> closes <objects>"), note
    caret = caret_lines(driver)
    assert caret[0].strip() == "</object>" and caret[1].index("^") == caret[0].index("</object>"), caret
    assert doc(driver)["seq"] == before
    click(driver, "#import-cancel")
    # A storyboard with a script: which to do is not guessed.
    drop_files(driver, [("Main.storyboard", storyboard_file("Main.storyboard")), ("flow.navlab", "launch\n")])
    wait(driver, lambda d: d.find_element(By.ID, "script-dialog").get_attribute("open") is not None)
    intro = driver.find_element(By.ID, "script-intro").text
    assert "flow.navlab is not a .storyboard file" in intro and "drop the .storyboard files together" in intro, intro
    driver.find_element(By.XPATH, "//div[@id='script-actions']/button[text()='Close']").click()
    assert doc(driver)["seq"] == before


def check_the_map_at_a_phones_width(driver):
    """At 390 px: the map zooms and pans, Enlarge makes it the whole screen, and every segue the
    screen can perform is a tap target of 24 px or more at any zoom."""
    assert driver.execute_script("return innerWidth") <= 400
    drop_files(driver, [("Main.storyboard", storyboard_file("Main.storyboard")), ("Settings.storyboard", storyboard_file("Settings.storyboard"))])
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-reference"))
    type_command(driver, "launch")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#storyboard .sb-label.sb-go"))

    def targets(d):
        return d.execute_script("""return [...document.querySelectorAll('#storyboard .sb-go .sb-hit, #storyboard .sb-go-button, #storyboard-pane .sb-zoom button, #storyboard-enlarge')]
            .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })""")

    def svg_width(d):
        return d.execute_script("return document.querySelector('#storyboard .sb-map').getBoundingClientRect().width")

    assert all(w >= 24 and h >= 24 for w, h in targets(driver)), targets(driver)
    wide = svg_width(driver)
    assert wide > driver.find_element(By.ID, "storyboard").rect["width"]  # 100%: wider than the pane, it scrolls
    click(driver, '#storyboard-pane [data-zoom="fit"]')
    wait(driver, lambda d: svg_width(d) <= d.find_element(By.ID, "storyboard").rect["width"])
    assert driver.find_element(By.CSS_SELECTOR, '#storyboard-pane [data-zoom="reset"]').text.endswith("%")
    assert all(w >= 24 and h >= 24 for w, h in targets(driver)), targets(driver)
    click(driver, '#storyboard-pane [data-zoom="in"]')
    wait(driver, lambda d: svg_width(d) > d.find_element(By.ID, "storyboard").rect["width"] * 1.1)
    click(driver, '#storyboard-pane [data-zoom="reset"]')
    wait(driver, lambda d: abs(svg_width(d) - wide) < 1)
    # Enlarge: the whole screen, over the sticky top bar; Back returns.
    click(driver, "#storyboard-enlarge")
    wait(driver, lambda d: d.execute_script(
        "const r = document.getElementById('storyboard-pane').getBoundingClientRect(); return r.top <= 0 && r.left <= 0 && r.right >= innerWidth && r.bottom >= innerHeight"))
    assert driver.execute_script("return document.elementFromPoint(innerWidth / 2, 10).closest('#storyboard-pane') !== null")
    assert driver.find_element(By.ID, "storyboard-enlarge").text == "Back"
    # A reference box, tapped, brings the scene it stands for into sight (here off to the side).
    def in_sight(d, board, scene):
        return d.execute_script("""const r = document.querySelector(`#storyboard .sb-scene[data-storyboard="${arguments[0]}"][data-scene="${arguments[1]}"] rect`).getBoundingClientRect(),
            p = document.getElementById('storyboard').getBoundingClientRect();
            return r.left >= p.left && r.right <= p.right && r.top >= p.top && r.bottom <= p.bottom""", board, scene)
    scroll_to(driver, '#storyboard .sb-scene[data-scene="Man-Rf-002"]')
    assert not in_sight(driver, "Settings", "Stg-Ac-001")
    click(driver, '#storyboard .sb-scene[data-scene="Man-Rf-002"] .sb-class')
    wait(driver, lambda d: in_sight(d, "Settings", "Stg-Ac-001"))
    # A performable segue's label, tapped, runs it.
    click(driver, "#storyboard .sb-label.sb-go text")
    wait(driver, lambda d: d.execute_script("return window.navlab.doc().top") == "AccountViewController")
    driver.find_element(By.ID, "storyboard-enlarge").click()
    wait(driver, lambda d: d.find_element(By.ID, "storyboard-pane").rect["height"] < d.execute_script("return innerHeight"))
