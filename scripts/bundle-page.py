#!/usr/bin/env python3
"""`make web` and `make page`: the page's ES modules as two files instead of nineteen.

A fresh load of the static page asked for each module apart: headless Chromium here took
7–10 ms a request, one after another, so the last module arrived ~250 ms after the page did
(with python's http.server and with nginx alike). Bundled, the page asks for two:
  js/start-bundle.js  engine.js and start.js (index.html still loads it `async`: it starts the
                      engine while the rest arrives)
  js/main-bundle.js   main.js and every module it reaches, importing the first one.
Each module keeps its own scope (a function of its own, in the order ES modules would
evaluate them: what it imports first); what it imports it reads from the module that exports
it. js/api.js stays a module, re-exporting the bundle's api.js, so `import('./js/api.js')` (the
tests', the bench's) reaches the page's own instance. Public/ itself is unchanged; the page
built into navlab is bundled the same way (scripts/embed-page.py), and `--public DIR` serves a
folder as it is.

The modules' forms it handles, and refuses anything else with the line: `import { a, b } from
"./x.js";` on one line, and `export` before `function`, `async function`, `class`, `const`
or `let` at the start of a line; no cycles among the modules.

usage: bundle-page.py FOLDER   (FOLDER: the static copy make-web.sh made of Public/)"""
import os
import re
import sys

folder = sys.argv[1]
js = os.path.join(folder, "js")
IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([a-z-]+)\.js";\s*$')
EXPORT = re.compile(r'^export (async function|function|class|const|let) ([A-Za-z_$][\w$]*)')


def fail(path, number, line, why):
    sys.exit(f"bundle-page: {path}:{number}: {why}: {line.strip()}\n"
             "  (the bundler reads `import { a, b } from \"./x.js\";` on one line and `export function|async function|class|const …`: write the module that way)")


modules = {}


def load(name):
    if name in modules:
        return modules[name]
    path = os.path.join(js, name + ".js")
    if not os.path.exists(path):
        importer = next((n for n, m in modules.items() if any(d == name for d, _ in m["imports"])), "index.html")
        sys.exit(f"bundle-page: {importer}.js imports ./{name}.js, which is not in {js}")
    imports, exports, body = [], [], []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("import"):
                m = IMPORT.match(line)
                if not m:
                    fail(path, number, line, "an import the bundler cannot read")
                names = [n.strip() for n in m.group(1).split(",") if n.strip()]
                if any(" " in n for n in names):
                    fail(path, number, line, "an import with `as`")
                imports.append((m.group(2), names))
                body.append("\n")  # its imports are read at the top of the module's function
                continue
            if line.startswith("export"):
                m = EXPORT.match(line)
                if not m:
                    fail(path, number, line, "an export the bundler cannot read")
                exports.append(m.group(2))
                line = line[len("export "):]
            if "import(" in line or re.search(r"\bimport\s*\{", line):
                fail(path, number, line, "an import inside the module")
            body.append(line)
    modules[name] = {"imports": imports, "exports": exports, "body": "".join(body)}
    for dep, _ in imports:
        load(dep)
    return modules[name]


def order(entry, seen, out, stack=()):
    """The modules `entry` reaches, each after what it imports (ES modules' evaluation order)."""
    if entry in stack:
        sys.exit(f"bundle-page: the modules import each other in a cycle: {' → '.join(stack + (entry,))}")
    if entry in seen:
        return
    for dep, _ in modules[entry]["imports"]:
        order(dep, seen, out, stack + (entry,))
    seen.add(entry)
    out.append(entry)


def ident(name):
    return "__" + name.replace("-", "_")


def emit(names, outside):
    """Each module in `names` as a function of its own; `outside`: modules another bundle has (read through `__outside`)."""
    parts = []
    for name in names:
        m = modules[name]
        reads = "".join(
            f"  const {{ {', '.join(imported)} }} = {'__outside' if dep in outside else ident(dep)};\n"
            for dep, imported in m["imports"])
        parts.append(f"// ---- js/{name}.js\nconst {ident(name)} = (() => {{\n{reads}{m['body']}\n"
                     f"  return {{ {', '.join(m['exports'])} }};\n}})();\n")
    return "".join(parts)


load("start")
load("main")
start_order, main_order = [], []
order("start", set(), start_order)
seen = set(start_order)
order("main", seen, main_order)
head = "// Built by scripts/bundle-page.py from the page's modules (Public/js): see there.\n"

start_exports = sorted({e for n in start_order for e in modules[n]["exports"]})
with open(os.path.join(js, "start-bundle.js"), "w", encoding="utf-8") as f:
    f.write(head + emit(start_order, set()))
    for n in start_order:
        if modules[n]["exports"]:
            f.write(f"export const {{ {', '.join(modules[n]['exports'])} }} = {ident(n)};\n")

with open(os.path.join(js, "main-bundle.js"), "w", encoding="utf-8") as f:
    f.write(head + 'import * as __outside from "./start-bundle.js";\n' + emit(main_order, set(start_order)))
    f.write(f"export const {{ {', '.join(modules['api']['exports'])} }} = {ident('api')};\n")

# api.js: the bundle's own instance, for `import('./js/api.js')`.
with open(os.path.join(js, "api.js"), "w", encoding="utf-8") as f:
    f.write('// The page\'s api.js lives in main-bundle.js (scripts/bundle-page.py): this is that instance.\n'
            'export * from "./main-bundle.js";\n')
for n in start_order + main_order:
    if n != "api":
        os.remove(os.path.join(js, n + ".js"))

# index.html: the two bundles instead of the modules.
index = os.path.join(folder, "index.html")
html = open(index, encoding="utf-8").read()
lines = [l for l in html.split("\n") if not re.match(r'\s*<link rel="modulepreload" href="js/[a-z-]+\.js">$', l)]
html = "\n".join(lines)
for old, new in [('<script type="module" async src="js/start.js"></script>', '<script type="module" async src="js/start-bundle.js"></script>'),
                 ('<script type="module" src="js/main.js"></script>', '<script type="module" src="js/main-bundle.js"></script>\n<link rel="modulepreload" href="js/start-bundle.js">')]:
    if old not in html:
        sys.exit(f"bundle-page: {index} has no {old}")
    html = html.replace(old, new)
open(index, "w", encoding="utf-8").write(html)
print(f"bundle-page: {len(start_order)} modules in js/start-bundle.js, {len(main_order)} in js/main-bundle.js")
