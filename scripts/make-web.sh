#!/bin/sh
# `make web`: the page with the engine inside it, as a static folder that any static file
# server (or GitHub Pages) can serve: Public/ as it is, the engine's two modules (navlab.wasm,
# the start module the page loads first, and navlab-full.wasm beside it, the complete one its
# worker loads on first use: Web/build.sh), navlab-docs.json (the catalogue and the tutorials,
# which the modules leave out), and a navlab-host.json that tells the page to run the engine
# itself. usage: make-web.sh WASM OUTDIR (WASM: the start module; navlab-full.wasm beside it)
set -e
cd "$(dirname "$0")/.."
wasm=${1:-.build-wasm/navlab.wasm}
out=${2:-.build-web}
[ -f "$wasm" ] || { echo "make web: $wasm is missing (make wasm builds it)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
cp -R Public/. "$out/"
# The page's modules as two files (a fresh load asks for 2, not 19: scripts/bundle-page.py).
python3 scripts/bundle-page.py "$out"
docs="$(dirname "$wasm")/navlab-docs.json"
[ -f "$docs" ] || { echo "make web: $docs is missing (Web/build.sh writes it beside the module)" >&2; exit 1; }
full="$(dirname "$wasm")/navlab-full.wasm"
[ -f "$full" ] || { echo "make web: $full is missing (Web/build.sh builds it beside the start module)" >&2; exit 1; }
cp "$wasm" "$out/navlab.wasm"
cp "$full" "$out/navlab-full.wasm"
cp "$docs" "$out/navlab-docs.json"
# The build: a checksum of the modules and the docs. index.html's marker says at once that this
# folder runs the engine itself and which build it is (the page then asks no navlab-host.json,
# makes its worker at once, and draws the session it kept only if that build drew it).
build=$(cat "$out"/*.wasm "$out/navlab-docs.json" | cksum | cut -d' ' -f1)
printf '{"host": "browser", "engine": "navlab.wasm", "docs": "navlab-docs.json", "build": "%s"}\n' "$build" > "$out/navlab-host.json"
sed -i.bak "s|<meta name=\"navlab-host\" content=\"\">|<meta name=\"navlab-host\" content=\"browser\" data-build=\"$build\">|" "$out/index.html"
# With the marker the page asks no navlab-host.json: its preload would only be a wasted request
# (and Chromium's console warning that a preloaded file went unused).
sed -i.bak '/<link rel="preload" href="navlab-host.json"/d' "$out/index.html"
rm -f "$out/index.html.bak"
grep -q "data-build=\"$build\"" "$out/index.html" || { echo "make web: index.html has no <meta name=\"navlab-host\" content=\"\"> to mark" >&2; exit 1; }
echo "the page, to serve as static files: $out ($(du -sk "$out" | cut -f1) KiB; navlab.wasm $(wc -c < "$out/navlab.wasm") bytes, navlab-full.wasm $(wc -c < "$out/navlab-full.wasm") bytes)"
