#!/bin/sh
# Runs each argument (a shell command) at the same time; once all have ended, prints each one's
# output whole, in the order given, and fails if any failed. What GNU make 4's --output-sync
# gives `make -j`, for any make (macOS ships GNU make 3.81). Each one's wall and CPU time are printed
# after its output (where `make test`'s minutes go).
dir=$(mktemp -d "${TMPDIR:-/tmp}/navlab-side.XXXXXX")
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM
i=0
for command in "$@"; do
    i=$((i + 1))
    ( start=$(date +%s); sh -c "$command" >"$dir/$i.out" 2>&1; echo $? >"$dir/$i.status"
      echo $(( $(date +%s) - start )) >"$dir/$i.seconds"; times >"$dir/$i.times" ) &
done
wait
status=0
i=0
for command in "$@"; do
    i=$((i + 1))
    echo "$command"
    cat "$dir/$i.out"
    code=$(cat "$dir/$i.status" 2>/dev/null || echo 1)
    # `times`' second line: the command's CPU, user and system, as 1m2.5s 0m3.1s.
    cpu=$(tail -n 1 "$dir/$i.times" 2>/dev/null | awk '{ t = 0; for (f = 1; f <= 2; f++) { split($f, a, "m"); t += a[1] * 60 + a[2] } printf "%.0f", t }')
    echo "($(cat "$dir/$i.seconds" 2>/dev/null || echo '?') s, CPU ${cpu:-?} s: $command)"
    if [ "$code" != 0 ]; then echo "FAILED (exit $code): $command"; status=1; fi
done
exit $status
