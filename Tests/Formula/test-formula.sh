#!/bin/sh
# Formula/navlab.rb's `test do`, by hand, on a navlab built here (Homebrew runs it after an
# install; there is no Homebrew here): the formula's Ruby parses (`ruby -c`, when ruby is
# installed), `navlab --version` is the version of the formula's tag, and the formula's own
# script — read from the formula, between `<<~EOS` and `EOS` — runs and checks.
# usage: Tests/Formula/test-formula.sh [NAVLAB]   (default .build/debug/navlab)
set -e
cd "$(dirname "$0")/../.."
navlab=${1:-.build/debug/navlab}
case $navlab in /*) ;; *) navlab="$PWD/$navlab" ;; esac
formula=Formula/navlab.rb
if command -v ruby >/dev/null 2>&1; then ruby -c "$formula" >/dev/null; else echo "test-formula: no ruby here: the formula's syntax is not checked"; fi
tag=$(sed -n 's/.*tag: "v\([^"]*\)".*/\1/p' "$formula")
version=$("$navlab" --version)
case $version in *"$tag"*) ;; *) echo "test-formula: navlab --version says $version; the formula's tag is v$tag" >&2; exit 1;; esac
dir=$(mktemp -d "${TMPDIR:-/tmp}/navlab-formula.XXXXXX")
trap 'rm -rf "$dir"' EXIT
awk '/<<~EOS/ { inside = 1; next } /^ *EOS$/ { inside = 0 } inside { sub(/^      /, ""); print }' "$formula" >"$dir/flow.navlab"
[ -s "$dir/flow.navlab" ] || { echo "test-formula: no <<~EOS script in $formula" >&2; exit 1; }
expected=$(sed -n 's/.*assert_match "\([^"]*\)", shell_output("#{bin}\/navlab run.*/\1/p' "$formula")
[ -n "$expected" ] || { echo "test-formula: no assert_match on navlab run's output in $formula" >&2; exit 1; }
out=$(cd "$dir" && NAVLAB_HOME="$dir/navlab-home" "$navlab" run flow.navlab)
case $out in *"$expected"*) ;; *) echo "test-formula: navlab run flow.navlab does not print '$expected':" >&2; echo "$out" >&2; exit 1;; esac
(cd "$dir" && NAVLAB_HOME="$dir/navlab-home" "$navlab" check flow.navlab >/dev/null)
echo "test-formula: Formula/navlab.rb's test passes with $navlab ($version)"
