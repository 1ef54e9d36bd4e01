"""`import uikit` at the prompt (issue 13): pasted lines after `import uikit -` up to an empty
line, a here-document typed after `import uikit <<END`, a file; Ctrl-C cancels a paste and keeps
the session; a bad line is shown with a caret under its place; the import is kept by `save` and
by the session's journal (`--resume`)."""
import json
import signal

from conftest import SGR

PRINTOUT = [
    "<UINavigationController 0x10480c200>, state: appeared, view: <UILayoutContainerView 0x104c1f2a0>",
    "   | <Shop.Feed 0x104d0e5f0>, state: disappeared, view: <UIView 0x104d1a880> not in the window",
    "   | <Shop.Product 0x104d23c80>, state: appeared, view: <UIView 0x104d2b000>",
]


def paste(p, lines, end):
    """Types each line at the `...>` prompt, then `end` (an empty line or END)."""
    for line in lines:
        p.send(line + "\r")
        p.expect(r"\.\.\.> ")
    return p.run(end)


def uikit(p):
    return SGR.sub("", p.run("tree --uikit")).replace("\r\n", "\n")


def test_pasted_lines_after_import_uikit_dash_become_the_app(start):
    p = start()
    p.send("device iPhone iOS=16\r")
    p.prompt()
    p.send("import uikit -\r")
    p.expect(r"then an empty line \(Ctrl-C cancels\):")
    p.expect(r"\.\.\.> ")
    out = SGR.sub("", paste(p, PRINTOUT, ""))
    assert "imported 3 view controllers from a _printHierarchy printout" in out
    # What runs is what was pasted: the same printout, addresses and all.
    printed = uikit(p)
    for line in PRINTOUT:
        assert line in printed
    assert "undone: import uikit <<END … (3 lines)" in p.run("undo")


def test_ctrl_c_cancels_a_paste_and_keeps_the_session(start):
    p = start()
    p.run("initial Nav(Home)")
    p.run("launch")
    p.send("import uikit <<END\r")
    p.expect(r"\.\.\.> ")
    p.send(PRINTOUT[0] + "\r")
    p.expect(r"\.\.\.> ")
    p.send("\x03")
    p.expect(r"\(import cancelled\)")
    p.prompt()
    assert json.loads(SGR.sub("", p.run("tree --json")))["top"] == "Home"


def test_a_here_document_at_the_prompt_and_a_bad_line_shown_with_a_caret(start, workdir):
    p = start()
    p.send("import uikit <<END\r")
    p.expect(r"\.\.\.> ")
    bad = PRINTOUT[:2] + ["   | <Shop.Product 0x104d23c80>, state: apeared, view: <UIView 0x104d2b000>"]
    out = SGR.sub("", paste(p, bad, "END"))
    lines = out.replace("\r\n", "\n").split("\n")
    shown = next(l for l in lines if "line 4:" in l)
    caret = lines[lines.index(shown) + 1]
    assert caret.index("^") == shown.index("apeared")
    assert "error: 'apeared' is not a state" in out and "did you mean appeared?" in out
    # Nothing was imported.
    assert json.loads(SGR.sub("", p.run("tree --json")))["application"]["state"] == "notRunning"
    # From a file, named by the file's own line numbers.
    (workdir / "h.txt").write_text("\n".join(bad) + "\n")
    out = SGR.sub("", p.run("import uikit h.txt"))
    assert "h.txt, line 3:" in out and "'apeared' is not a state" in out
    (workdir / "good.txt").write_text("\n".join(PRINTOUT) + "\n")
    assert "imported 3 view controllers" in SGR.sub("", p.run("import uikit good.txt"))
    # `save` keeps the printout itself, so the script replays anywhere.
    p.run("save s.navlab")
    saved = (workdir / "s.navlab").read_text()
    assert "import uikit <<END\n" + "\n".join(PRINTOUT) + "\nEND\n" in saved


def test_an_import_survives_kill_9_and_resume(start):
    p = start()
    p.send("import uikit <<END\r")
    p.expect(r"\.\.\.> ")
    paste(p, PRINTOUT, "END")
    p.run("push Detail")
    before = json.loads(SGR.sub("", p.run("tree --json")))
    p.signalled(signal.SIGKILL)
    resumed = start(args=["--resume"])
    assert json.loads(SGR.sub("", resumed.run("tree --json"))) == before


def test_import_storyboard_files_at_the_prompt(start, workdir):
    """`import storyboard FILE…` (issue 41): the files are read beside the prompt; a broken one is
    refused naming the file as typed, its line and column, and nothing is imported; a good one's
    initial view controller is what `launch` makes, and `save` keeps the XML."""
    import shutil, pathlib
    here = pathlib.Path(__file__).resolve().parent.parent / "Storyboards"
    shutil.copy(here / "Tabs.storyboard", workdir / "Tabs.storyboard")
    broken = (here / "Tabs.storyboard").read_text().replace("</scenes>", "</scene>", 1)
    (workdir / "Broken.storyboard").write_text(broken)
    p = start()
    out = SGR.sub("", p.run("import storyboard Broken.storyboard"))
    assert "error: Broken.storyboard:" in out and "</scene> closes <scenes>" in out, out
    assert json.loads(SGR.sub("", p.run("tree --json")))["application"]["state"] == "notRunning"
    out = SGR.sub("", p.run("import storyboard Tabs.storyboard"))
    assert "imported Tabs.storyboard: 9 scenes, 7 segues" in out, out
    p.run("launch")
    out = SGR.sub("", p.run("segue showPost"))
    assert "prepare(for:sender:) FeedViewController" in out, out
    p.run("save s.navlab")
    saved = (workdir / "s.navlab").read_text()
    assert saved.startswith("import storyboard Tabs <<END\n<?xml")
