#!/bin/sh
# `check-portable.sh --self-test`: each Mac set-up finding of issue 40 put back, one at a time,
# in a scratch copy of the files the check reads; the check must then fail, naming it. A check
# that stopped catching one fails here. POSIX sh, as the check itself.
set -e
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/check-portable.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# The files the check reads (not the build's output).
for d in Sources Tests Fuzz Docs scripts Web Formula .ci .github; do
    [ -d "$d" ] && (tar cf - --exclude .build --exclude .build-fuzz --exclude __pycache__ "$d") | (cd "$scratch" && tar xf -)
done
cp README.md Makefile "$scratch/"
check() { CHECK_PORTABLE_ROOT="$scratch" sh "$root/scripts/check-portable.sh" 2>&1; }
out=$(check) || { echo "check-portable --self-test: the scratch copy, unchanged, already fails:" >&2; echo "$out" >&2; exit 1; }

failures=0 cases=0
# case FILE 'SED SCRIPT' 'what the check must say': FILE edited by sed in the scratch copy (the
# edit must change it), the check run, FILE put back.
case_() {
    file=$1 script=$2 expected=$3
    cases=$((cases + 1))
    sed "$script" "$root/$file" >"$scratch/$file"
    if cmp -s "$root/$file" "$scratch/$file"; then
        echo "check-portable --self-test: the edit of $file for '$expected' changed nothing: the case is out of date" >&2
        failures=$((failures + 1))
    elif out=$(check); then
        echo "check-portable --self-test: with this put back in $file the check still passes (it should say: $expected)" >&2
        failures=$((failures + 1))
    else
        case $out in
            *"$expected"*) ;;
            *) echo "check-portable --self-test: $file put back: the check fails without saying '$expected':" >&2; echo "$out" >&2
               failures=$((failures + 1)) ;;
        esac
    fi
    cp "$root/$file" "$scratch/$file"
}

case_ Makefile '$a\
	@echo "or: make install PREFIX=~/.local"' 'reaches make with a literal ~ in zsh'
case_ README.md '$a\
On a Mac, `brew install --cask chromium` for the tests.' "chromium cask is not signed"
case_ Sources/navlab/REPL/LineEditor.swift 's/wchar_t(truncatingIfNeeded: /wchar_t(bitPattern: /' 'wchar_t(bitPattern:) does not compile'
case_ Web/toolchain.sh 's/swiftc=$(xcrun --find swiftc 2>\/dev\/null)/swiftc=$(command -v swiftc)/' 'find the toolchain with xcrun --find swiftc'
case_ scripts/dist.sh 's/mkdir -p "\\$HOME\/.local\/bin" && //' 'installs into a bin folder that may not exist'
case_ README.md 's/`mkdir -p "$HOME\/.local\/bin" && install/`install/' 'installs into a bin folder that may not exist'
case_ Makefile '/install -d "$(DESTDIR)$(PREFIX)\/bin"/d' 'installs into a bin folder that may not exist'
case_ scripts/deps.sh 's/if sh "$here\/..\/Web\/build.sh" --check >\/dev\/null 2>&1; then/if true; then/' 'node is asked for where the browser build may not run'
case_ README.md 's/xcodebuild -license accept/xcodebuild -license/' "says nothing of Xcode's licence"
case_ README.md 's/xattr -d com.apple.quarantine/xattr/' 'README.md: the macOS archive is not signed nor notarised'
case_ scripts/dist.sh 's/xattr -d com.apple.quarantine/xattr/' 'scripts/dist.sh: the macOS archive is not signed nor notarised'

if [ "$failures" -gt 0 ]; then
    echo "check-portable --self-test: $failures of $cases findings put back went unnoticed" >&2
    exit 1
fi
echo "check-portable --self-test: each of the $cases Mac set-up findings put back makes the check fail"
