"""The prompt as a user meets it: editing, completion, history, errors, signals, colours."""
import json
import re
import os
import signal
import subprocess

import pexpect

from conftest import NAVLAB, SGR, TIMEOUT

UP = "\x1b[A"
CTRL_C = "\x03"
CTRL_D = "\x04"
CTRL_R = "\x12"
CTRL_U = "\x15"


def launched(p):
    p.run("initial Nav(Register)")
    out = p.run("launch")
    assert "viewDidAppear Register" in out
    return p


def test_partial_verb_and_tab_completes_the_verb(start):
    p = launched(start())
    p.send("pres\t")
    out = p.run("Detail")
    assert "viewDidAppear Detail" in out
    assert "error" not in out


def test_lower_case_partial_verb_completes_to_the_verb_as_declared(start):
    p = launched(start())
    p.send("swapr\t")
    out = p.run("Main")
    assert "viewDidAppear Main" in out
    assert "error" not in out


def test_partial_instance_name_completes_from_the_live_model(start):
    p = launched(start())
    p.send("push X on UINav\t")
    out = p.run("")
    assert "didMove(toParent: UINavigationController) X" in out
    assert "error" not in out


def test_several_candidates_are_listed_and_the_line_comes_back(start):
    p = launched(start())
    p.run("push Detail")
    # The first Tab inserts what the candidates share (`pop`), the second lists them.
    p.send("po\t\t")
    p.expect(r"pop +popToRoot")
    p.prompt()
    # The line is still there after the list: finishing it runs `popToRoot`.
    out = p.run("ToRoot")
    assert "unknown verb" not in out
    assert "viewDidAppear Register" in out


def test_the_verb_syntax_shows_as_a_hint_while_typing(start):
    p = start()
    p.send("prese")
    p.expect(r"present SPEC \[on NAME\] \[style=S\] \[animated\]")
    p.send(CTRL_U)
    p.run("")


def test_up_recalls_the_previous_command_after_a_restart(start):
    first = start()
    assert "window.rootViewController = x" in first.run("help swapRoot")
    first.send(CTRL_D)
    assert first.wait_exit() == (0, None)
    assert first.history()[-1] == "help swapRoot"

    second = start()
    second.send(UP)
    out = second.run("")
    assert "window.rootViewController = x" in out


def test_adjacent_duplicates_are_not_kept_twice(start):
    p = start()
    p.run("help tree")
    p.run("help tree")
    p.run("help quit")
    p.send(CTRL_D)
    assert p.wait_exit() == (0, None)
    assert len([l for l in p.history() if "tree" in l]) == 1


def test_ctrl_r_finds_an_older_command(start):
    p = start()
    p.run("help swapRoot")
    p.run("help present")
    p.run("help quit")
    p.send(CTRL_R)
    p.send("swapR")
    out = p.run("")
    assert "window.rootViewController = x" in out


def test_a_bad_command_prints_the_error_and_the_next_one_works(start):
    p = start()
    out = p.run("presnt Detail")
    assert "unknown verb 'presnt'" in out
    assert "did you mean present?" in out
    assert "^" in out
    p.run("initial Main")
    out = p.run("launch")
    assert "viewDidAppear Main" in out
    assert p.child.isalive()


def test_an_exception_from_uikit_does_not_end_the_prompt(start):
    p = launched(start())
    p.run("push Detail")
    out = p.run("push @Detail")
    assert "error" in out
    out = p.run("tree")
    assert "Detail" in out


def test_ctrl_c_clears_a_half_typed_line_and_keeps_the_session(start):
    p = launched(start())
    p.send("bogus half typed")
    p.send(CTRL_C)
    p.prompt()
    out = p.run("tree")
    assert "unknown verb" not in out
    assert "Register" in out  # the session is the same one
    assert p.child.isalive()


def test_ctrl_c_while_a_hint_shows_clears_the_line_too(start):
    p = launched(start())
    p.send("present Deta")
    p.send(CTRL_C)
    p.prompt()
    out = p.run("tree")
    assert "Deta" not in out
    assert "error" not in out


def test_ctrl_d_on_an_empty_line_exits_0(start):
    p = start()
    p.send(CTRL_D)
    assert p.wait_exit() == (0, None)


def test_quit_exits_0(start):
    p = start()
    p.send("quit\r")
    assert p.wait_exit() == (0, None)


def test_sigterm_saves_the_history_then_ends(start):
    p = start()
    p.run("help tree")
    p.child.kill(signal.SIGTERM)
    status, sig = p.wait_exit()
    assert sig == signal.SIGTERM or status == 128 + signal.SIGTERM
    assert "help tree" in p.history()


def tree_json(p):
    out = p.run("tree --json")
    text = out[out.index("{"): out.rindex("}") + 1]
    state = json.loads(text)
    state.pop("seq", None)
    return state


def test_record_then_run_reproduces_the_same_tree_json(start, workdir):
    p = start()
    assert "recording to session.navlab" in p.run("record session.navlab")
    p.run("device iPhone iOS=17")
    p.run("initial Nav(Register)")
    p.run("launch")
    p.run("push Detail  # the detail screen")
    p.run("# the login sheet, over everything")
    p.run("bogus command")
    p.run("present Nav(Login) style=fullScreen")
    p.run("push Detail on UINavigationController#2")
    p.run("tree")
    out = p.run("record stop")
    assert "recorded 6 lines to session.navlab" in out
    at_prompt = tree_json(p)

    script = (workdir / "session.navlab").read_text()
    assert "# the detail screen\npush Detail\n" in script
    assert "# the login sheet, over everything\npresent Nav(Login) style=fullScreen\n" in script
    assert "bogus" not in script
    assert "tree" not in script

    run = subprocess.run([NAVLAB, "run", "--json", "session.navlab"], cwd=workdir, capture_output=True,
                         text=True, timeout=TIMEOUT)
    assert run.returncode == 0, run.stderr
    replayed = json.loads(run.stdout)
    replayed.pop("seq", None)
    assert replayed == at_prompt


def test_save_writes_the_session_and_load_runs_it_in_another(start, workdir):
    first = launched(start())
    first.run("push Detail")
    assert "saved 3 lines to all.navlab" in first.run("save all.navlab")
    before = tree_json(first)
    first.send("quit\r")
    first.wait_exit()

    second = start()
    out = second.run("load all.navlab")
    assert "> push Detail" in out
    after = tree_json(second)
    # The device keeps the app between sessions ($NAVLAB_HOME): this is its second launch.
    assert after["application"].pop("launches") == before["application"].pop("launches") + 1
    assert after == before


def test_save_keeps_an_existing_file_unless_forced_and_writes_no_undo(start, workdir):
    p = launched(start())
    p.run("record flow.navlab")
    p.run("push Detail")
    p.run("push More")
    p.run("undo")
    p.run("record stop")
    assert (workdir / "flow.navlab").read_text() == "push Detail\n"
    out = p.run("save flow.navlab")
    assert "flow.navlab exists" in out
    assert "save flow.navlab --force" in out
    assert (workdir / "flow.navlab").read_text() == "push Detail\n", "what record wrote is kept"
    out = p.run("save flow.navlab --force")
    assert "saved 3 lines to flow.navlab" in out
    text = (workdir / "flow.navlab").read_text()
    assert "undo" not in text and "More" not in text
    assert text.endswith("push Detail\n")


def test_export_swift_writes_the_program_and_keeps_an_existing_file_unless_forced(start, workdir):
    p = launched(start())
    p.run("push Detail")
    out = p.run("export swift App.swift")
    assert "wrote App.swift" in out
    program = (workdir / "App.swift").read_text()
    assert "final class AppDelegate: UIResponder, UIApplicationDelegate {" in program
    assert "// > push Detail" in program
    p.run("push More")
    out = p.run("export swift App.swift")
    assert "App.swift exists" in out
    assert "export swift App.swift --force" in out
    assert (workdir / "App.swift").read_text() == program, "the first program is kept"
    out = p.run("export swift App.swift --force")
    assert "wrote App.swift" in out
    assert "// > push More" in (workdir / "App.swift").read_text()


def test_load_of_a_missing_file_is_an_error_not_an_end(start):
    p = start()
    out = p.run("load nowhere.navlab")
    assert "cannot read" in out
    assert "launch" in p.run("help launch")


def test_file_names_complete_after_load(start, workdir):
    (workdir / "tour.navlab").write_text("initial Tour\nlaunch\n")
    p = start()
    p.send("load to\t")
    out = p.run("")
    assert "viewDidAppear Tour" in out


def test_no_color_gives_no_colour_codes(start):
    p = launched(start(colour=False))
    p.run("presnt X")
    p.run("present Welcome")
    p.run("swapRoot Main")
    assert "leaked" in p.transcript and "error" in p.transcript
    assert not SGR.search(p.transcript)


def test_a_terminal_gets_colours_without_no_color(start):
    p = launched(start(colour=True))
    p.run("presnt X")
    assert SGR.search(p.transcript)


def test_stdin_not_a_terminal_is_navlab_run_dash(workdir):
    script = "initial Register\nlaunch\ntree\n"
    env = {"HOME": str(workdir), "PATH": os.environ.get("PATH", "")}
    piped = subprocess.run([NAVLAB], input=script, capture_output=True, text=True, cwd=workdir, env=env,
                           timeout=TIMEOUT)
    dash = subprocess.run([NAVLAB, "run", "-"], input=script, capture_output=True, text=True, cwd=workdir,
                          env=env, timeout=TIMEOUT)
    assert piped.returncode == 0
    assert piped.stdout == dash.stdout
    assert "navlab (" not in piped.stdout
    assert "\x1b" not in piped.stdout
    assert "viewDidAppear Register" in piped.stdout
    assert not os.path.exists(os.path.join(str(workdir), ".navlab_history"))


def test_stdin_not_a_terminal_stops_at_an_error_with_status_1(workdir):
    piped = subprocess.run([NAVLAB], input="initial A\nbogus\nlaunch\n", capture_output=True, text=True,
                           cwd=workdir, timeout=TIMEOUT)
    assert piped.returncode == 1
    assert "-:2:1: error: unknown verb 'bogus'" in piped.stderr


def test_an_error_in_piped_input_is_printed_once_on_standard_error(workdir):
    piped = subprocess.run([NAVLAB], input="initial A\nlaunch\npresnt B\n", capture_output=True, text=True,
                           cwd=workdir, timeout=TIMEOUT)
    assert piped.returncode == 1
    assert "viewDidAppear A" in piped.stdout
    assert "unknown verb" not in piped.stdout
    assert piped.stderr.count("unknown verb 'presnt'") == 1
    assert "-:3:1: error: unknown verb 'presnt'" in piped.stderr
    assert "did you mean present?" in piped.stderr


def test_the_users_editrc_is_honoured(home, start):
    (home / ".editrc").write_text('navlab:bind -s ^X "help quit"\n')
    p = start()
    p.send("\x18")
    out = p.run("")
    assert "leaves NavLab" in out


def test_tab_and_history_still_work_in_vi_mode_from_editrc(home, start):
    (home / ".editrc").write_text("bind -v\n")
    p = launched(start())
    p.send("pres\t")
    out = p.run("Detail")
    assert "viewDidAppear Detail" in out


def test_ending_while_recording_writes_the_recording(start, workdir):
    p = start()
    p.run("record unfinished.navlab")
    p.run("initial Main")
    p.run("launch")
    p.send(CTRL_D)
    assert p.wait_exit() == (0, None)
    assert "recorded 2 lines to unfinished.navlab" in p.transcript
    assert (workdir / "unfinished.navlab").read_text() == "initial Main\nlaunch\n"


def test_record_stop_without_record_is_an_error(start):
    p = start()
    out = p.run("record stop")
    assert "nothing is being recorded" in out
    assert "leaves NavLab" in p.run("help quit")


def test_ctrl_c_during_a_history_search_keeps_the_session(start):
    """Ctrl-R, then Ctrl-C: the search is abandoned, as sqlite3 and IPython do — NavLab goes on,
    with the model as it was (it used to take the interrupted read for the end of input and quit)."""
    p = start()
    p.run("initial Home")
    p.run("launch")
    p.run("present Detail")
    p.send(CTRL_R)
    p.send("pres")
    p.send(CTRL_C)
    p.prompt()
    assert p.child.isalive()
    out = p.run("expect top is Detail")
    assert "ok: expect top is Detail" in out
    out = p.run("undo")
    assert "undone: present Detail" in out


def test_version_usage_and_help_name_navlab_and_its_options(workdir):
    version = subprocess.run([NAVLAB, "--version"], capture_output=True, text=True, cwd=workdir, timeout=TIMEOUT)
    assert version.returncode == 0
    assert re.fullmatch(r"\d+\.\d+\.\d+\n", version.stdout)
    bad = subprocess.run([NAVLAB, "--bogus"], capture_output=True, text=True, cwd=workdir, timeout=TIMEOUT)
    assert bad.returncode != 0
    assert "Unknown option '--bogus'" in bad.stderr
    assert "Usage: navlab [" in bad.stderr
    assert "navlab repl" not in bad.stderr
    helped = subprocess.run([NAVLAB, "--help"], capture_output=True, text=True, cwd=workdir, timeout=TIMEOUT)
    for option in ["--no-serve", "--port", "--host", "--public", "--version"]:
        assert option in helped.stdout, option


def test_long_lines_fold_at_word_boundaries_to_the_terminal_width(start):
    p = start()
    p.resize(40, 80)
    p.run("initial Nav(Register)")
    p.run("launch")
    p.run("push Done")
    p.run("present Main on UINavigationController")
    notes = p.run("swapRoot Main")
    memory = p.run("memory")
    for out in (notes, memory):
        for line in SGR.sub("", out).splitlines():
            assert len(line) <= 80, line
    # Words stay whole: the terminal never has to cut one.
    assert "UINavigationController.viewControllers" in memory
    assert "kept alive by a presentation" in " ".join(notes.split())


def test_help_longer_than_the_screen_goes_through_the_pager(home, workdir):
    """`help` pages through $PAGER (default `less -FRX`) when it does not fit, and starts
    with a short index; a short answer is printed as it is."""
    from conftest import Prompt
    paged = workdir / "paged.txt"
    p = Prompt(home, workdir, extra_env={"PAGER": f"cat > {paged}"})
    p.resize(24, 160)
    p.run("help")
    text = paged.read_text()
    assert text.startswith("Start with `initial SPEC` and `launch`")
    assert "The window: swapRoot" in text
    assert "swapRoot SPEC|NAME" in text
    paged.unlink()
    out = p.run("help swapRoot")
    assert "window.rootViewController" in out
    assert not paged.exists()
    assert p.child.isalive()


def test_help_is_printed_when_the_pager_cannot_run(home, workdir):
    from conftest import Prompt
    p = Prompt(home, workdir, extra_env={"PAGER": "no-such-pager-here"})
    p.resize(24, 160)
    out = p.run("help")
    assert "The window: swapRoot" in out
    assert "swapRoot SPEC|NAME" in out


def test_the_caret_counts_wide_characters_as_two_cells(start):
    p = start()
    out = p.run('expect log contains "日本語" bogus')
    caret = next(l for l in SGR.sub("", out).splitlines() if l.strip() == "^")
    prompt = "navlab (notRunning)> "
    # 20 characters, a quote, three wide characters (six cells), a quote and a space.
    assert caret.index("^") == len(prompt) + 20 + 1 + 6 + 1 + 1


def test_save_then_reset_then_load_reproduces_the_state(start, workdir):
    # Issue 11: `save` writes the effective history, so loading it after `reset` gives the same
    # `tree --json` (tree_json leaves out the step number, which counts the reset and the
    # loaded steps too).
    p = launched(start())
    for line in ["push Detail", "present Sheet", "undo", "present Other style=fullScreen", "hold Detail as coordinator", "swapRoot Main"]:
        p.run(line)
    before = tree_json(p)
    assert "saved" in p.run("save again.navlab")
    p.run("reset")
    assert tree_json(p)["application"]["state"] == "notRunning"
    p.run("load again.navlab")
    assert tree_json(p) == before


def test_a_file_that_cannot_be_written_says_why_in_plain_words(start, workdir):
    (workdir / "folder").mkdir()
    p = launched(start())
    out = p.run("export dot folder")
    assert "cannot write folder: is a directory" in out
    out = p.run("export dot nowhere/tree.dot")
    assert "cannot write nowhere/tree.dot: no such folder" in out
    out = p.run('export dot ""')
    assert 'cannot write "": no file name given' in out
    out = p.run("save folder --force")
    assert "cannot write folder: is a directory" in out
    assert "Domain=" not in p.transcript and "NSCocoaErrorDomain" not in p.transcript
    assert "launch" in p.run("help launch")


def test_editrc_names_the_file_to_read(home, workdir, start):
    (workdir / "keys").write_text('navlab:bind -s ^X "help quit"\n')
    p = start(env={"EDITRC": str(workdir / "keys")})
    p.send("\x18")
    out = p.run("")
    assert "leaves NavLab" in out


def test_export_swift_after_reset_says_what_it_leaves_out(start, workdir):
    p = launched(start())
    p.run("reset")
    p.run("initial Nav(Main)")
    p.run("launch")
    out = p.run("export swift App.swift")
    assert "wrote App.swift" in out
    assert "left out of App.swift: the 2 lines before the last `reset`" in " ".join(out.split())
    assert "// Left out: the 2 lines before the last `reset`" in (workdir / "App.swift").read_text()
