#!/usr/bin/env python3
"""The page as a newcomer meets it, photographed at 1440 and 390 px: a first visit, a tutorial
(replacing-the-root) played a few steps, and the same after "Run to the end". Docs/Browser.md
shows them. Served by NAVLAB (default .build/debug/navlab) in the browser NAVLAB_BROWSER names
(chromium, the default, or webkit).

With --storyboard, only the Storyboard tab instead (page-storyboard-1440.png, -390.png):
Tests/Storyboards/Main.storyboard and Settings.storyboard dropped on the page together (Main's
storyboard references joined to Settings' scenes by their arrows), the app launched; at 1440 px
the map enlarged over the panes and zoomed to fit, at 390 px enlarged to the whole screen.

usage: python3 scripts/page-screenshots.py [--storyboard] [FOLDER]   (default Docs/; names page-first-*.png)"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Browser"))
import browserkit  # noqa: E402
import firstvisit  # noqa: E402

only_storyboard = "--storyboard" in sys.argv
args = [a for a in sys.argv[1:] if a != "--storyboard"]
folder = args[0] if args else os.path.join(browserkit.ROOT, "Docs")
os.makedirs(folder, exist_ok=True)


def settle(driver):
    """Two frames after the last change (the panes scroll in the frame after they draw)."""
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    time.sleep(0.5)  # the row flashes of the last step fade


def sized_driver(width):
    """A fresh browser at a phone's size (390) or a desktop's (1440 × 900)."""
    driver = browserkit.new_driver()
    if width == 390:
        browserkit.phone_size(driver)
    else:
        driver.set_window_size(1440, 900)
    return driver


def shoot(width):
    served = browserkit.start_navlab(["run", "--serve"], [])
    driver = sized_driver(width)
    try:
        css = "#tree .empty, #tree .row[data-name]"
        browserkit.open_page(driver, served, css=css)
        settle(driver)
        driver.save_screenshot(os.path.join(folder, f"page-first-visit-{width}.png"))
        firstvisit.play(driver, "replacing-the-root")
        firstvisit.run_steps(driver, 5)
        settle(driver)
        driver.save_screenshot(os.path.join(folder, f"page-tutorial-{width}.png"))
        firstvisit.click_in_panel(driver, "[data-rest]")
        firstvisit.wait(driver, lambda d: "the end" in firstvisit.step_count(d), 120)
        settle(driver)
        driver.save_screenshot(os.path.join(folder, f"page-tutorial-end-{width}.png"))
    finally:
        driver.quit()
        browserkit.stop(served.process)


def shoot_storyboard(width):
    import storyboardmap
    served = browserkit.start_navlab(["run", "--serve"], [])
    driver = sized_driver(width)
    try:
        browserkit.open_page(driver, served, css="#command")
        storyboardmap.drop_files(driver, [(f"{n}.storyboard", storyboardmap.storyboard_file(f"{n}.storyboard")) for n in ("Main", "Settings")])
        firstvisit.wait(driver, lambda d: d.find_elements("css selector", "#storyboard .sb-reference"))
        firstvisit.type_command(driver, "launch")
        firstvisit.wait(driver, lambda d: d.find_elements("css selector", "#storyboard .sb-label.sb-go"))
        storyboardmap.click(driver, "#storyboard-enlarge")
        if width == 1440:
            # The whole map in sight (at 100% it is wider than the window).
            storyboardmap.click(driver, '#storyboard-pane [data-zoom="fit"]')
        settle(driver)
        driver.save_screenshot(os.path.join(folder, f"page-storyboard-{width}.png"))
    finally:
        driver.quit()
        browserkit.stop(served.process)


for width in (1440, 390):
    if only_storyboard:
        shoot_storyboard(width)
        print(f"wrote {folder}/page-storyboard-{width}.png")
        continue
    shoot(width)
    print(f"wrote {folder}/page-first-visit-{width}.png, page-tutorial-{width}.png, page-tutorial-end-{width}.png")
