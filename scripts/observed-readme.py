#!/usr/bin/env python3
"""Tests/Observed/README.md's table of cases and its count line, made from the cases' own
headers (`# source:`, `# trust:`, `# area:`). `--check` fails when the README is not what the
cases say (make test runs it); without it the README is rewritten."""
import glob, os, re, sys

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Observed")
readme = os.path.join(here, "README.md")

def field(lines, name):
    for l in lines:
        if l.startswith(f"# {name}:"):
            return l.split(":", 1)[1].strip()
    return None

rows, sources = [], set()
for path in sorted(glob.glob(os.path.join(here, "*.navlab")), key=lambda p: (int(os.path.basename(p).split("-")[0]), p)):
    lines = open(path, encoding="utf-8").read().splitlines()
    name = os.path.basename(path)[:-len(".navlab")]
    source, trust, area = field(lines, "source"), field(lines, "trust"), field(lines, "area")
    if not (source and trust and area):
        sys.exit(f"{path}: a case needs # source:, # trust: and # area: lines")
    url = source.split()[0]
    sources.add(url)
    rows.append(f"| [{name}]({name}.navlab) | {area} | {trust.split()[0]} | {source} |")

text = open(readme, encoding="utf-8").read()
count = f"**{len(rows)} cases from {len(sources)} distinct sources.**"
table = "| case | area | trust | source |\n|---|---|---|---|\n" + "\n".join(rows) + "\n"
new = re.sub(r"\*\*\d+ cases from \d+ distinct sources\.\*\*\n\n\| case \| area \| trust \| source \|\n\|---\|---\|---\|---\|\n(?:\|.*\|\n)*",
             count + "\n\n" + table, text, count=1)
if "--check" in sys.argv:
    if new != text:
        sys.exit("Tests/Observed/README.md does not list the cases as their headers say: run `python3 scripts/observed-readme.py`")
else:
    open(readme, "w", encoding="utf-8").write(new)
    print(count)
