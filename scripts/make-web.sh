#!/bin/sh
# `make web`: the page with the engine inside it, as a static folder that any static file
# server (or GitHub Pages) can serve: Public/ as it is, navlab.wasm, navlab-docs.json (the
# catalogue and the tutorials, which the module leaves out), and a navlab-host.json
# that tells the page to run the engine itself. usage: make-web.sh WASM OUTDIR
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
cp "$wasm" "$out/navlab.wasm"
cp "$docs" "$out/navlab-docs.json"
printf '{"host": "browser", "engine": "navlab.wasm", "docs": "navlab-docs.json"}\n' > "$out/navlab-host.json"
echo "the page, to serve as static files: $out ($(du -sk "$out" | cut -f1) KiB; navlab.wasm $(wc -c < "$out/navlab.wasm") bytes)"
