#!/usr/bin/env python3
"""Writes Tests/Deep: scripts that take every limit NavLab has to its end (Docs/Limits.md),
which `make test` runs with 512 KiB of stack, a Mac's secondary threads' size
(Tests/Deep/test_deep_limits.py), through the page's server too, and in the browser build.

  python3 scripts/deep-scripts.py          # write them
  python3 scripts/deep-scripts.py --check  # fail if a file differs from what this writes
"""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DEEP = os.path.join(ROOT, "Tests", "Deep")
# Limits.hierarchyDepth is 256: C0 … C249 and a leaf, 251 deep, under the root's own levels.
LEVELS = 250
# Limits.hookDepth is 20: code in callbacks 20 deep is the most that runs.
HOOK_DEPTH = 20


def nested_spec():
    return "".join(f"C{i}:Root(" for i in range(LEVELS)) + "Leaf" + ")" * LEVELS


def printout():
    """A `_printHierarchy` printout 251 view controllers deep, as iOS 12+ prints one."""
    lines = ["<UINavigationController 0x7fa1c9806000>, state: appeared, view: <UILayoutContainerView 0x7fa1c8d03000>"]
    for i in range(LEVELS):
        lines.append("   " + "|    " * i + f"| <App.C{i} 0x7fa1{i:08x}>, state: appeared, view: <UIView 0x7fb1{i:08x}>")
    lines.append("   " + "|    " * LEVELS + f"| <App.Leaf 0x7fa2{0:08x}>, state: appeared, view: <UIView 0x7fb2{0:08x}>")
    return lines


HEADER = "# Written by scripts/deep-scripts.py: {what}. make test runs it with 512 KiB of stack (Docs/Limits.md).\n"

QUERIES = ["tree", "tree --uikit", "views", "memory", "why Leaf", "export mermaid", "export dot", "export swift", "tree --json", "log"]


def storyboard():
    """A storyboard at both of its limits: a scene whose views nest almost as deep as
    Limits.storyboardDepth (512 elements) with a control's segue at the bottom, and view
    controllers embedded in one another (container views) 250 deep."""
    views = 250
    inner = "".join(f'<view id="v{i}"><subviews>' for i in range(views)) + \
        '<button id="go"><connections><segue destination="Next" kind="show" identifier="next" id="s-next"/></connections></button>' + \
        "</subviews></view>" * views
    scenes = ['<scene sceneID="s-Home"><objects><viewController id="Home" customClass="Home" sceneMemberID="viewController">'
              f'<view key="view" id="root"><subviews>{inner}<containerView id="cv-Home"><connections>'
              '<segue destination="E0" kind="embed" id="e-Home"/></connections></containerView></subviews></view>'
              '</viewController></objects></scene>',
              '<scene sceneID="s-Next"><objects><viewController id="Next" customClass="Next" sceneMemberID="viewController"/></objects></scene>']
    for i in range(LEVELS):
        target = f"E{i + 1}" if i + 1 < LEVELS else "Leaf"
        scenes.append(f'<scene sceneID="s-E{i}"><objects><viewController id="E{i}" customClass="E{i}" sceneMemberID="viewController">'
                      f'<view key="view" id="vE{i}"><subviews><containerView id="cvE{i}"><connections>'
                      f'<segue destination="{target}" kind="embed" id="eE{i}"/></connections></containerView></subviews></view>'
                      '</viewController></objects></scene>')
    scenes.append('<scene sceneID="s-Leaf"><objects><viewController id="Leaf" customClass="Leaf" sceneMemberID="viewController"/></objects></scene>')
    return ['<?xml version="1.0" encoding="UTF-8"?>',
            '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="Home">',
            "<scenes>", *scenes, "</scenes>", "</document>"]


def files():
    out = {}
    out["deep-spec.navlab"] = HEADER.format(what=f"a spec nested {LEVELS} deep, and every way of printing it") + "\n".join([
        f"initial {nested_spec()}",
        "launch",
        *QUERIES,
        "expect top is Leaf",
        f"expect parent Leaf is C{LEVELS - 1}",
        "expect inWindow Leaf",
        f"addChild D0:Root(D1:Root(D2)) to C{LEVELS - 4}",
        "swapRoot Other",
        "expect leakedCount 0",
        "relaunch",
        "expect top is Leaf",
        "undo",
        "expect root is Other",
        "redo",
        "expect top is Leaf",
    ]) + "\n"
    out["deep-present.navlab"] = HEADER.format(what=f"{LEVELS} presentations, each on the one before") + "\n".join(
        ["initial A", "launch"] + [f"present P{i}" for i in range(LEVELS)] + [q.replace("Leaf", "P0") for q in QUERIES] + [
            f"expect top is P{LEVELS - 1}",
            f"expect presenting P{LEVELS - 1} is P{LEVELS - 2}",
            "dismiss P0",
            "expect top is P0",
            f"expect not allocated P{LEVELS - 1}",
        ]) + "\n"
    out["deep-restore.navlab"] = HEADER.format(what=f"state restoration of a hierarchy {LEVELS + 1} deep") + "\n".join([
        "class * restorationIdentifier=class",
        *[f"encode C{i} children" for i in range(LEVELS)],
        "optIn save=yes restore=yes",
        f"initial {nested_spec()}",
        "launch",
        "background",
        "archive",
        "kill",
        "launch",
        "tree",
        "expect restored Leaf",
        f"expect restored C{LEVELS - 1}",
        "expect top is Leaf",
    ]) + "\n"
    # Code in callbacks as deep as it may go: H1's viewDidAppear pushes H2, whose pushes H3, …
    hooks = [f"on H{i} viewDidAppear: push H{i + 1}" for i in range(1, HOOK_DEPTH + 1)]
    out["deep-hooks.navlab"] = HEADER.format(what=f"code in callbacks nested {HOOK_DEPTH} deep, the most that runs") + "\n".join(
        ["initial Nav(H0)", "launch", *hooks, "push H1",
         f"expect top is H{HOOK_DEPTH + 1}",
         "expect stack UINavigationController is " + ", ".join(f"H{i}" for i in range(HOOK_DEPTH + 2))]) + "\n"
    presents = [f"on P{i} viewDidAppear: present P{i + 1}" for i in range(1, HOOK_DEPTH + 1)]
    out["deep-hooks-present.navlab"] = HEADER.format(what=f"presentations from viewDidAppear nested {HOOK_DEPTH} deep") + "\n".join(
        ["initial A", "launch", *presents, "present P1", f"expect top is P{HOOK_DEPTH + 1}"]) + "\n"
    out["deep-import.navlab"] = HEADER.format(what=f"a printout {LEVELS + 2} view controllers deep, as a here-document") + "\n".join(
        ["import uikit <<END", *printout(), "END", *QUERIES, "expect top is Leaf", f"expect parent Leaf is C{LEVELS - 1}"]) + "\n"
    out["deep-storyboard.navlab"] = HEADER.format(what="a storyboard at its limits: views nested 500 deep, view controllers embedded 250 deep") + "\n".join(
        ["import storyboard Deep <<END", *storyboard(), "END", "launch", "segue", "tree", "views",
         f"expect parent Leaf is E{LEVELS - 1}", "expect parent E0 is Home",
         "segue next user", "expect top is Next"]) + "\n"
    return out


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    os.makedirs(DEEP, exist_ok=True)
    for name, text in files().items():
        path = os.path.join(DEEP, name)
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if stale:
        sys.exit("Tests/Deep is not what scripts/deep-scripts.py writes (" + ", ".join(stale) + "): run python3 scripts/deep-scripts.py")


if __name__ == "__main__":
    main()
