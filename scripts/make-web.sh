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
docs="$(dirname "$wasm")/navlab-docs.json"
[ -f "$docs" ] || { echo "make web: $docs is missing (Web/build.sh writes it beside the module)" >&2; exit 1; }
full="$(dirname "$wasm")/navlab-full.wasm"
[ -f "$full" ] || { echo "make web: $full is missing (Web/build.sh builds it beside the start module)" >&2; exit 1; }
cp "$wasm" "$out/navlab.wasm"
cp "$full" "$out/navlab-full.wasm"
cp "$docs" "$out/navlab-docs.json"
printf '{"host": "browser", "engine": "navlab.wasm", "docs": "navlab-docs.json"}\n' > "$out/navlab-host.json"
echo "the page, to serve as static files: $out ($(du -sk "$out" | cut -f1) KiB; navlab.wasm $(wc -c < "$out/navlab.wasm") bytes, navlab-full.wasm $(wc -c < "$out/navlab-full.wasm") bytes)"
