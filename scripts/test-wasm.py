#!/usr/bin/env python3
"""The browser build proven the same as the native tool: every script and tutorial through
navlab.wasm under node gives, byte for byte, what `navlab run FILE` and `navlab check FILE`
give natively (standard output, standard error and exit status).

usage: test-wasm.py NATIVE_NAVLAB WASM FILE..."""
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

native, wasm, files = sys.argv[1], sys.argv[2], sys.argv[3:]
modes = [("run", [], []), ("run --keep-going", ["--keep-going"], ["--keep-going"]), ("check", ["--check"], None)]


def one(job):
    path, (name, node_flags, native_flags) = job
    if native_flags is None:
        n = subprocess.run([native, "check", path], capture_output=True)
    else:
        n = subprocess.run([native, "run", *native_flags, path], capture_output=True)
    w = subprocess.run(["node", "Web/run-node.mjs", "--wasm", wasm, *node_flags, path], capture_output=True)
    problems = []
    if n.returncode != w.returncode:
        problems.append(f"exit status {w.returncode} in the browser build, {n.returncode} natively")
    for what, a, b in (("standard output", n.stdout, w.stdout), ("standard error", n.stderr, w.stderr)):
        if a != b:
            al, bl = a.decode(errors="replace").splitlines(), b.decode(errors="replace").splitlines()
            at = next((i for i in range(min(len(al), len(bl))) if al[i] != bl[i]), min(len(al), len(bl)))
            problems.append(f"{what} differs at line {at + 1}:\n    native: {al[at] if at < len(al) else '(end)'}\n"
                            f"    wasm:   {bl[at] if at < len(bl) else '(end)'}")
    return path, name, problems, n.stdout.count(b"\n")


jobs = [(f, m) for f in files for m in modes]
passed = failed = lines = 0
with ThreadPoolExecutor(max_workers=2) as pool:
    for path, name, problems, n in pool.map(one, jobs):
        lines += n
        if problems:
            failed += 1
            print(f"FAILED  {path} ({name}):")
            for p in problems:
                print("  " + p)
        else:
            passed += 1
print(f"browser build: {len(files)} scripts, run, run --keep-going and check each, "
      f"{lines} lines compared with the native tool")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
