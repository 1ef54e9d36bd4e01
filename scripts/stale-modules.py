#!/usr/bin/env python3
"""Finds this package's modules that a whole-module debug build (scripts/swift-debug.sh) left
compiled against an older layout of a module they import through another one, and removes
their objects so that the next `swift build` compiles them again. Prints their names.

Why: SwiftPM's build description lists only a target's direct dependencies as the inputs of
its compile command (NavLabServerTests: NavLabServer.swiftmodule, not NavLabCore's). With -wmo
the driver's own incremental check is off, and the compiler does not rewrite a .swiftmodule
whose contents did not change, so a change to a struct in NavLabCore that leaves
NavLabServer's interface alone never reaches NavLabServerTests: it keeps the old field
offsets and reads NavLabCore's values at the wrong places (crashes far from the cause).

Usage: stale-modules.py BUILD_DIR (e.g. .build); exit 0 always; nothing to do when the build
description is missing (a first build)."""
import os, re, sys

build = sys.argv[1] if len(sys.argv) > 1 else ".build"
yaml = os.path.join(build, "debug.yaml")
if not os.path.exists(yaml):
    sys.exit(0)
text = open(yaml, encoding="utf-8").read()
ours = {}
for m in re.finditer(r'^  "C\.([A-Za-z0-9_]+)-([A-Za-z0-9_.-]+)-debug\.module":\n    tool: shell\n    inputs: \[(.*?)\]\n    outputs: \[(.*?)\]', text, re.M):
    name, triple, inputs, outputs = m.groups()
    if not name.lower().startswith("navlab"):
        continue
    deps = re.findall(r'Modules/([A-Za-z0-9_]+)\.swiftmodule', inputs)
    objects = re.findall(r'"([^"]+\.o)"', outputs)
    module = re.search(r'"([^"]+/Modules/%s\.swiftmodule)"' % re.escape(name), outputs)
    ours[name] = (deps, objects, module.group(1) if module else None)

def closure(name, seen=None):
    seen = set() if seen is None else seen
    for d in ours.get(name, ([], [], None))[0]:
        if d in ours and d not in seen:
            seen.add(d)
            closure(d, seen)
    return seen

def mtime(path):
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None

stale = []
for name, (deps, objects, module) in ours.items():
    if not objects or any(mtime(o) is None for o in objects):
        continue  # not built yet, or being rebuilt anyway
    # When the module was last compiled: its diagnostics file is written by every compile
    # (its objects and interface only when their contents change).
    folder = os.path.dirname(objects[0])
    built = mtime(os.path.join(folder, name + ".dia")) or mtime(os.path.join(folder, name + ".d"))
    if built is None:
        continue
    for d in closure(name):
        dm = ours[d][2]
        t = mtime(dm) if dm else None
        if t is not None and t > built:
            stale.append(name)
            break
for name in stale:
    for o in ours[name][1]:
        try:
            os.remove(o)
        except OSError:
            pass
print(" ".join(sorted(stale)))
