"""The tutorials and explanations built into the binary, used from a folder with no checkout."""
import re
import shutil
import subprocess

import pexpect

from conftest import NAVLAB, ROOT, TIMEOUT

TUTORIALS = ["moving-to-scenes", "replacing-the-root", "root-view-controller", "screen-state", "state-restoration", "storyboard-segues"]


def navlab(args, cwd, stdin=None, timeout=TIMEOUT * 3):
    env = {"HOME": str(cwd), "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "LANG": "C.UTF-8", "NAVLAB_HOME": str(cwd / ".navlab")}
    return subprocess.run([NAVLAB, *args], cwd=cwd, capture_output=True, text=True, timeout=timeout, input=stdin, env=env)


def lone_binary(tmp_path):
    """Only the binary, copied outside the repository, run from another empty folder."""
    (tmp_path / "bin").mkdir()
    (tmp_path / "work").mkdir()
    binary = tmp_path / "bin" / "navlab"
    shutil.copy(NAVLAB, binary)
    return binary, tmp_path / "work"


def test_tutorial_lists_them_all_from_any_folder(tmp_path):
    binary, work = lone_binary(tmp_path)
    out = subprocess.run([str(binary), "tutorial"], cwd=work, capture_output=True, text=True, timeout=TIMEOUT)
    assert out.returncode == 0, out.stderr
    names = re.findall(r"^  ([a-z-]+)  ", out.stdout, re.M)
    assert names == TUTORIALS


def test_play_by_name_steps_through_each_tutorial_with_its_narration(tmp_path):
    _, work = lone_binary(tmp_path)
    for name in TUTORIALS:
        result = navlab(["play", "--no-serve", "--delay", "0", name], work)
        assert result.returncode == 0, name + ": " + result.stdout[-2000:] + result.stderr
        # Narration is shown, each step says what it runs, and the checks pass as one line each.
        assert re.search(r"^\[1/\d+\]", result.stdout, re.M), name
        assert "✓ expect" in result.stdout, name
        assert "error:" not in result.stdout, name


def test_play_pauses_at_each_narration_and_q_stops(tmp_path):
    child = pexpect.spawn(NAVLAB, ["play", "--no-serve", "root-view-controller"], cwd=str(tmp_path), encoding="utf-8",
                          timeout=TIMEOUT, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
                                                "NAVLAB_HOME": str(tmp_path / ".navlab")})
    child.expect(r"\[1/(\d+)\]")
    child.expect(r"\(Enter runs it, q stops\)")
    child.sendline("")
    child.expect(r"\[2/\d+\]")
    child.expect(r"\(Enter runs it, q stops\)")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_explain_prints_the_fact_a_note_cites(tmp_path):
    binary, work = lone_binary(tmp_path)
    out = subprocess.run([str(binary), "explain", "82"], cwd=work, capture_output=True, text=True, timeout=TIMEOUT)
    assert out.returncode == 0
    assert out.stdout.startswith("UIKit #82 — ")
    assert "What UIKit does." in out.stdout and "Sources." in out.stdout
    missing = subprocess.run([str(binary), "explain", "999"], cwd=work, capture_output=True, text=True, timeout=TIMEOUT)
    assert missing.returncode == 1
    assert "there is no UIKit fact #999" in missing.stderr


def test_every_citation_a_tutorial_prints_resolves(tmp_path):
    cited = set()
    for name in TUTORIALS:
        run = navlab(["run", name], tmp_path)
        assert run.returncode == 0, name + run.stderr
        assert "# " in run.stdout, "the transcript carries the narration"
        for group in re.findall(r"UIKit #[\d#,–and ]+", run.stdout):
            cited.update(int(n) for n in re.findall(r"\d+", group))
    assert cited
    for n in sorted(cited):
        out = navlab(["explain", str(n)], tmp_path)
        assert out.returncode == 0, f"UIKit #{n}: {out.stderr}"


def test_run_markdown_is_the_published_article(tmp_path):
    for name in TUTORIALS:
        out = navlab(["run", "--markdown", f"{ROOT}/Docs/Tutorials/{name}.navlab"], tmp_path)
        assert out.returncode == 0, out.stderr
        with open(f"{ROOT}/Docs/Tutorials/{name}.md", encoding="utf-8") as f:
            assert out.stdout == f.read(), f"Docs/Tutorials/{name}.md is out of date: run `make docs`"


def test_tutorial_says_what_each_one_teaches(tmp_path):
    """Each tutorial is listed with its `# > …` summary line, not its first narration."""
    out = navlab(["tutorial"], tmp_path)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    for name in TUTORIALS:
        with open(f"{ROOT}/Docs/Tutorials/{name}.navlab", encoding="utf-8") as f:
            summary = next(line[4:].strip() for line in f if line.startswith("# > "))
        assert " ".join(summary.replace("`", "").split()) in text, name
    assert "The first launch." not in out.stdout
