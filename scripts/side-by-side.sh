#!/bin/sh
# Runs each argument (a shell command) at the same time; once all have ended, prints each one's
# output whole, in the order given, and fails if any failed. What GNU make 4's --output-sync
# gives `make -j`, for any make (macOS ships GNU make 3.81).
dir=$(mktemp -d "${TMPDIR:-/tmp}/navlab-side.XXXXXX")
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM
i=0
for command in "$@"; do
    i=$((i + 1))
    ( sh -c "$command" >"$dir/$i.out" 2>&1; echo $? >"$dir/$i.status" ) &
done
wait
status=0
i=0
for command in "$@"; do
    i=$((i + 1))
    echo "$command"
    cat "$dir/$i.out"
    code=$(cat "$dir/$i.status" 2>/dev/null || echo 1)
    if [ "$code" != 0 ]; then echo "FAILED (exit $code): $command"; status=1; fi
done
exit $status
