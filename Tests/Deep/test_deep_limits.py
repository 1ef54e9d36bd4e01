"""Every limit NavLab has, taken to its end, in 512 KiB of stack: what a Mac gives every
thread but the main one (Dispatch's, Swift concurrency's, the server's). `ulimit -s 512` gives
the same to every thread of the process on Linux, so this holds CI to a Mac's budget.

The scripts are Tests/Deep/*.navlab (written by scripts/deep-scripts.py): a spec nested 250
deep through every printing command, undo and relaunch; 250 presentations; restoration of a
hierarchy 251 deep; code in callbacks nested as deep as Limits.hookDepth lets it; a printout
252 deep; a storyboard at its limits (views 500 deep, view controllers embedded 250 deep). Each runs through `navlab check`, and through the page's server in one session, with
one more: code in callbacks that would nest for ever, refused at the limit.

NAVLAB: the build to test (default the debug one, where frames are largest); NAVLAB_RELEASE,
when set, a release build tested the same way (`make bench` and `make test-deep-release`)."""

import glob
import json
import os
import re
import subprocess
import tempfile
import time
import urllib.request

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEEP = os.path.join(ROOT, "Tests", "Deep")
SCRIPTS = sorted(glob.glob(os.path.join(DEEP, "*.navlab")))
BUILDS = [os.path.abspath(os.path.join(ROOT, os.environ.get("NAVLAB", ".build/debug/navlab")))]
if os.environ.get("NAVLAB_RELEASE"):
    BUILDS.append(os.path.abspath(os.path.join(ROOT, os.environ["NAVLAB_RELEASE"])))
STACK_KIB = 512
# Code in callbacks that nests for ever: refused at Limits.hookDepth, whatever the stack.
FOREVER = ["initial Nav(Loop)", "launch", "on Loop viewDidAppear: push Loop", "push Loop"]


def in_small_stack(args, **kwargs):
    """Runs ARGS with every thread's stack STACK_KIB KiB (`ulimit -s` before exec)."""
    return subprocess.run(["sh", "-c", f'ulimit -s {STACK_KIB} && exec "$@"', "sh", *args], **kwargs)


def crashed(output):
    return "Program crashed" in output or "Segmentation fault" in output


@pytest.mark.parametrize("navlab", BUILDS, ids=lambda p: os.path.basename(os.path.dirname(p)) or p)
@pytest.mark.parametrize("script", SCRIPTS, ids=os.path.basename)
def test_each_deep_script_passes_in_512_kib(navlab, script):
    run = in_small_stack([navlab, "check", os.path.basename(script)], cwd=DEEP, capture_output=True, text=True, timeout=600)
    output = run.stdout + run.stderr
    assert not crashed(output), output[-3000:]
    assert run.returncode == 0, output[-3000:]
    assert re.search(r"^\d+ passed, 0 failed$", output, re.M), output[-3000:]


@pytest.mark.parametrize("navlab", BUILDS, ids=lambda p: os.path.basename(os.path.dirname(p)) or p)
def test_code_in_callbacks_past_its_limit_is_refused_in_512_kib(navlab, tmp_path):
    script = tmp_path / "forever.navlab"
    script.write_text("\n".join(FOREVER) + "\n")
    run = in_small_stack([navlab, "run", str(script)], capture_output=True, text=True, timeout=600)
    output = run.stdout + run.stderr
    assert not crashed(output), output[-3000:]
    assert run.returncode == 1
    assert re.search(r"the code in callbacks runs inside itself more than \d+ deep", output), output[-3000:]


class Server:
    def __init__(self, navlab):
        self.out = tempfile.NamedTemporaryFile("w+", suffix=".out", delete=False)
        empty = tempfile.NamedTemporaryFile("w", suffix=".navlab", delete=False)
        empty.close()
        env = dict(os.environ, NO_COLOR="1", NAVLAB_HOME=tempfile.mkdtemp(prefix="navlab-home-"))
        self.process = subprocess.Popen(["sh", "-c", f'ulimit -s {STACK_KIB} && exec "$@"', "sh",
                                         navlab, "run", "--serve", "--port", "0", empty.name],
                                        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=self.out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        self.url = None
        while time.monotonic() < deadline and self.process.poll() is None:
            match = re.search(r"page: (http://\S+)", open(self.out.name, encoding="utf-8", errors="replace").read())
            if match:
                self.url = match.group(1)
                break
            time.sleep(0.05)
        if self.url is None:
            self.stop()
            pytest.fail("navlab printed no page URL:\n" + self.output()[-2000:])

    def output(self):
        return open(self.out.name, encoding="utf-8", errors="replace").read()

    def post(self, text):
        request = urllib.request.Request(self.url + "api/commands", data=text.encode(), method="POST")
        try:
            with urllib.request.urlopen(request, timeout=600) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            return json.load(error)

    def get(self, path):
        with urllib.request.urlopen(self.url + path, timeout=60) as response:
            return json.load(response)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@pytest.mark.parametrize("navlab", BUILDS, ids=lambda p: os.path.basename(os.path.dirname(p)) or p)
def test_the_server_in_512_kib_answers_every_deep_script(navlab):
    server = Server(navlab)
    try:
        for script in SCRIPTS:
            text = open(script, encoding="utf-8").read()
            answer = server.post("reset\n" + text)
            assert server.process.poll() is None, f"the server died on {os.path.basename(script)}:\n" + server.output()[-3000:]
            failed = [r for r in answer.get("results", []) if r.get("error")]
            assert answer.get("error") is None and not failed, (os.path.basename(script), answer.get("error"), failed[:1])
        answer = server.post("reset\n" + "\n".join(FOREVER))
        assert server.process.poll() is None, server.output()[-3000:]
        assert re.search(r"more than \d+ deep", json.dumps(answer)), json.dumps(answer)[:2000]
        # Still serving, with the state the refused line left untouched.
        assert server.get("api/state")["top"] == "Loop"
    finally:
        server.stop()
    assert not crashed(server.output()), server.output()[-3000:]
