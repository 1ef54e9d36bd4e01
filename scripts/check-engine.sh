#!/bin/sh
# The engine builds for the browser too (Embedded Swift, wasm32), so NavLabCore and
# NavLabCommands must not use what Embedded Swift lacks. The compiler finds most of it when
# `make wasm` runs; this finds it at once, with the line and what to write instead.
cd "$(dirname "$0")/.."
status=0
check() { # PATTERN WHAT INSTEAD
    hits=$(grep -rnE --include='*.swift' "$1" Sources/NavLabCore Sources/NavLabCommands | grep -v '^Sources/NavLabCommands/Generated/' | grep -vE '^[^:]+:[0-9]+:\s*//')
    if [ -n "$hits" ]; then
        echo "$hits" | sed "s|\$|\n  $2: $3|"
        status=1
    fi
}
check '^\s*import Foundation' "Foundation" "the engine imports only NavLabCore; the hosts do I/O"
check '\b(Codable|Encodable|Decodable)\b' "Codable" "write JSON with JSONWriter; Codable for the store lives in NavLabStore"
check '(\(|: |where: |by: )\\\.[A-Za-z_]' "a key path literal" "a closure: { \$0.name }"
check '\bany [A-Z]' "an existential (any P)" "a generic parameter or an enum"
check '(^|[^re"])throws([^("a-zA-Z]|$)' "an untyped throws" "throws(NavLabError)"
check 'catch let [a-z]+ as ' "catch … as" "do throws(NavLabError) { … } catch { let e = error … }"
if [ $status = 0 ]; then echo "engine sources: no Foundation, Codable, key paths, any or untyped throws"; fi
exit $status
