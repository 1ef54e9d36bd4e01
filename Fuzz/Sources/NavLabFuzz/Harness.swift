// What libFuzzer calls with each input (main.swift hands it to libFuzzer's driver). Each
// input is a script, one command a line, run in a fresh Session. After every line the harness checks what must hold whatever the commands were, and aborts
// (a crash for libFuzzer) when it does not:
//   - the state's invariants (`State.invariantViolations()`) hold;
//   - a line that failed, was ignored, only showed something or was blank left the state as it was;
//   - every 7th line, `undo` then `redo` gives back exactly the same state.
// Build and run it with `make fuzz` (README.md). Given file paths instead of a corpus folder,
// the binary replays them: `.build-fuzz/release/NavLabFuzz Fuzz/regressions/NAME.navlab`.
import NavLabCommands
import NavLabCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines run per input, so that one input stays fast.
let maxLines = 300
/// How often (in lines) `undo` then `redo` is checked.
let undoRedoEvery = 7
/// Verbs that only ask the shell for a file or to stop: skipped.
let skippedVerbs: Set<Substring> = ["quit", "exit", "save", "load", "record", "export"]

/// The first word of a line: up to a space, a tab, `;` or `#`.
func firstWord(_ line: Substring) -> Substring {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    return trimmed.prefix { $0 != " " && $0 != "\t" && $0 != ";" && $0 != "#" }
}

func report(_ problem: String, line: String, number: Int, script: [Substring]) -> Never {
    var out = "\nNavLabFuzz: \(problem)\n  after line \(number): \(line.debugDescription)\n  the script up to it:\n"
    for (i, l) in script.prefix(number).enumerated() { out += "  \(i + 1)\t\(l.debugDescription)\n" }
    var bytes = Array(out.utf8)
    _ = write(2, &bytes, bytes.count)
    abort()
}

func check(_ s: Session, line: String, number: Int, script: [Substring]) {
    let violations = s.state.invariantViolations()
    if !violations.isEmpty {
        report("invariant violated: " + violations.joined(separator: "; "), line: line, number: number, script: script)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The same split as `navlab run` (ScriptRunner): on "\n" only.
    let script = Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(maxLines))
    let s = Session()
    var run = 0
    for (i, raw) in script.enumerated() {
        if skippedVerbs.contains(firstWord(raw)) { continue }
        let line = String(raw), number = i + 1
        let before = s.state
        let r = s.execute(line, lineNumber: number)
        if r.status == .failed, s.state != before {
            report("the line failed (\(r.error?.message ?? "no message")) but changed the state", line: line, number: number, script: script)
        }
        // Docs/Guide.md, "Three outcomes": an ignored command leaves the state unchanged; so
        // does a query, a comment or a blank line.
        if r.status == .ignored || r.status == .shown || r.status == .empty, s.state != before {
            report("the line was \(r.status) but changed the state", line: line, number: number, script: script)
        }
        check(s, line: line, number: number, script: script)
        run += 1
        if run % undoRedoEvery == 0 {
            let now = s.state
            let u = s.execute("undo")
            if u.status == .done {
                check(s, line: "undo", number: number, script: script)
                let r = s.execute("redo")
                if r.status != .done {
                    report("redo right after undo was \(r.status): \(r.text)", line: line, number: number, script: script)
                }
                if s.state != now {
                    report("undo then redo did not give back the same state", line: line, number: number, script: script)
                }
            } else if u.status != .failed, s.state != now {
                report("undo was \(u.status) but changed the state", line: line, number: number, script: script)
            }
        }
    }
    return 0
}
