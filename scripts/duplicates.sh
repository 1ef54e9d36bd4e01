#!/bin/sh
# The duplicate-code scan over Sources/, Web/ and Public/ as they are in this checkout (tracked
# and new files), less the generated ones (.gitattributes marks them linguist-generated: every
# Public/ file would otherwise pair with its copy in EmbeddedPage.swift). Needs the
# `duplicates` tool on the PATH; its options pass through (`--most 40`, `--min-lines 8`).
set -e
cd "$(dirname "$0")/.."
command -v duplicates >/dev/null || { echo "scripts/duplicates.sh: no \`duplicates\` on the PATH" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/navlab-duplicates.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
git ls-files --cached --others --exclude-standard Sources Web Public |
    git check-attr --stdin linguist-generated |
    sed -n 's/: linguist-generated: unspecified$//p' |
    while IFS= read -r f; do
        [ -f "$f" ] || continue
        mkdir -p "$tmp/$(dirname "$f")"
        cp "$f" "$tmp/$f"
    done
duplicates --repo "$tmp" "$@"
