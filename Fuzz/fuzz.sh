#!/bin/sh
# `make fuzz`: builds the libFuzzer harness (Fuzz/) and runs it for FUZZ_SECONDS seconds over
# a corpus seeded with every *.navlab script in the repository. Run from the repository's root.
# Exits non-zero when libFuzzer finds a crash, a hang (an input slower than 10 s) or a broken
# invariant; the input that did it is saved under .build-fuzz/artifacts/.
set -eu

SWIFT=${SWIFT:-swift}
FUZZ_SECONDS=${FUZZ_SECONDS:-600}
DIR=${FUZZ_DIR:-.build-fuzz}
# libFuzzer's coverage and AddressSanitizer, on NavLab's own modules and the harness.
SANITIZE=${FUZZ_SANITIZE:-fuzzer,address}

# Xcode's Swift has no libFuzzer: on a Mac, a swift.org toolchain is needed (SWIFT=… or
# TOOLCHAINS=…); the property tests (`make fuzz`'s second half) run with any Swift.
if [ "$(uname -s)" = Darwin ] && [ -z "${TOOLCHAINS:-}" ] && [ "$SWIFT" = swift ] && ! xcrun --find swift 2>/dev/null | grep -q '/Toolchains/swift-'; then
    echo "make fuzz: Xcode's Swift has no libFuzzer; install a swift.org toolchain (https://www.swift.org/install/macos/) and run" >&2
    echo "  TOOLCHAINS=\$(plutil -extract CFBundleIdentifier raw /Library/Developer/Toolchains/swift-latest.xctoolchain/Info.plist) make fuzz" >&2
    exit 1
fi

$SWIFT build --package-path Fuzz --build-path "$DIR" -c release -Xswiftc -sanitize="$SANITIZE"

mkdir -p "$DIR/corpus" "$DIR/artifacts"
# The seeds: the tests' scripts, the tutorials and the regressions. libFuzzer adds what it
# finds to the same folder, so a later run goes on from there.
cp Tests/Scripts/*.navlab Docs/Tutorials/*.navlab "$DIR/corpus/"
for f in Fuzz/regressions/*.navlab; do
    if [ -e "$f" ]; then cp "$f" "$DIR/corpus/regression-${f##*/}"; fi
done

LOG="$DIR/fuzz.log"
# Swift's own crash backtracer would race libFuzzer's handler (and trip AddressSanitizer).
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
echo "fuzzing for $FUZZ_SECONDS s; the whole log is in $LOG"
status=0
# Everything goes to the log; the terminal gets all but the lines for each new input or
# function covered and libFuzzer's recommended dictionary.
"$DIR/release/NavLabFuzz" "$DIR/corpus" \
    -dict=Fuzz/navlab.dict -max_len=4096 -timeout=10 -max_total_time="$FUZZ_SECONDS" \
    -artifact_prefix="$DIR/artifacts/" -print_final_stats=1 >"$LOG" 2>&1 &
pid=$!
# Follows the log until libFuzzer ends (not `tail --pid`: GNU only), then stops the follower.
{ tail -n +1 -f "$LOG" & echo $! >"$DIR/tail.pid"; wait; } | \
    grep --line-buffered -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE) |NEW_FUNC\[|# Uses: [0-9]+$' &
wait $pid || status=$?
sleep 1
kill "$(cat "$DIR/tail.pid")" 2>/dev/null || true
wait || true

echo
echo "== libFuzzer's figures =="
grep -E '^#[0-9]+[[:space:]]' "$LOG" | tail -n 1 || true
grep -E '^stat::' "$LOG" || true
echo "corpus: $(ls "$DIR/corpus" | wc -l) inputs in $DIR/corpus"
if [ "$status" -ne 0 ]; then
    echo "FAILED (libFuzzer exit status $status): see $LOG; the input is in $DIR/artifacts/:"
    grep -E 'Test unit written to|NavLabFuzz: |Fatal error|==ERROR|ERROR: libFuzzer' "$LOG" || true
    echo "replay one: SWIFT_BACKTRACE=enable=no $DIR/release/NavLabFuzz $DIR/artifacts/FILE; shrink it: add -minimize_crash=1 -runs=10000"
    exit "$status"
fi
echo "no crash, hang or broken invariant"
