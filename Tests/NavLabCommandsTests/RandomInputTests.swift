import Foundation
import Testing
import NavLabCore
import NavLabTestSupport
@testable import NavLabCommands

/// The repository's folder, found from this file's path (tests run from a checkout).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every line of every `.navlab` script in the repository: the seed of the mutations below,
/// as of libFuzzer's corpus in `make fuzz`.
func corpusLines() -> [String] {
    var lines: [String] = []
    for folder in ["Tests/Scripts", "Docs/Tutorials", "Fuzz/regressions"] {
        let dir = repositoryRoot.appendingPathComponent(folder)
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where name.hasSuffix(".navlab") {
            let text = (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? ""
            lines += text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
    }
    return lines
}

/// A deterministic stand-in for the fuzzer inside `make test`: lines of the repository's
/// scripts, mutated the way libFuzzer mutates (characters inserted, deleted, duplicated,
/// tokens swapped, deep nesting, long `;` chains, random bytes), run against live sessions.
/// Nothing may crash; a failed line changes nothing; the invariants hold after every line.
@Suite("Random input")
struct RandomInputTests {
    static let alphabet = Array("()@,;#\"=:. \tabcNavTbSplitRoPgeA0123456789-_\u{201C}\u{00E9}\u{1F600}")

    static func mutate(_ line: String, _ others: [String], rng: inout SeededGenerator) -> String {
        var chars = Array(line)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: chars.insert(alphabet.randomElement(using: &rng)!, at: Int.random(in: 0...chars.count, using: &rng))
            case 1 where !chars.isEmpty:
                let a = Int.random(in: 0..<chars.count, using: &rng)
                chars.removeSubrange(a..<min(chars.count, a + Int.random(in: 1...6, using: &rng)))
            case 2 where !chars.isEmpty:
                let a = Int.random(in: 0..<chars.count, using: &rng), b = min(chars.count, a + Int.random(in: 1...12, using: &rng))
                chars.insert(contentsOf: chars[a..<b], at: b)
            case 3:
                var words = String(chars).split(separator: " ").map(String.init)
                if words.count > 1 { words.swapAt(Int.random(in: 0..<words.count, using: &rng), Int.random(in: 0..<words.count, using: &rng)) }
                chars = Array(words.joined(separator: " "))
            case 4:
                let other = others.randomElement(using: &rng)!.split(separator: " ").randomElement(using: &rng).map(String.init) ?? ""
                chars.insert(contentsOf: Array(" " + other), at: Int.random(in: 0...chars.count, using: &rng))
            case 5:
                let n = Int.random(in: 1...300, using: &rng)
                chars = Array("present " + String(repeating: "Nav(", count: n) + "A" + String(repeating: ")", count: Int.random(in: 0...n, using: &rng)))
            case 6: chars = Array((0..<Int.random(in: 2...200, using: &rng)).map { _ in others.randomElement(using: &rng)! }.joined(separator: "; "))
            case 7: chars = (0..<Int.random(in: 1...40, using: &rng)).map { _ in Character(Unicode.Scalar(UInt8.random(in: 1...127, using: &rng))) }
            default: chars = Array(String(chars).uppercased())
            }
        }
        return String(chars)
    }

    @Test("Mutated script lines never crash, never change the state when they fail, and keep every invariant", arguments: 0..<4)
    func mutations(batch: Int) async {
        await onOwnThread { RandomInputTests.run(batch: batch) }
    }

    static func run(batch: Int) {
        let corpus = corpusLines()
        expect(corpus.count > 300, "the scripts of the repository are the corpus")
        var rng = SeededGenerator(seed: UInt64(0xF022 + batch))
        var lines = 0
        for _ in 0..<100 {
            let s = Session()
            // A live app first: a script's opening lines, unmutated.
            for l in ["class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Tab(Nav(Home), Settings)", "launch"] { _ = s.execute(l) }
            for _ in 0..<50 {
                let original = corpus.randomElement(using: &rng)!
                let line = Double.random(in: 0..<1, using: &rng) < 0.7 ? RandomInputTests.mutate(original, corpus, rng: &rng) : original
                guard !["quit", "exit", "save", "load", "record"].contains(where: { line.lowercased().hasPrefix($0) }) else { continue }
                let before = s.state
                let r = s.execute(line)
                lines += 1
                if r.status == .failed, s.state != before { Issue.record("failed but changed the state: \(line)"); return }
                if r.status == .failed, r.error == nil { Issue.record("failed without saying why: \(line)"); return }
                if let v = s.state.invariantViolations().first { Issue.record("\(line) → \(v)"); return }
            }
        }
        expect(lines > 4_000)
    }

    /// `make fuzz` starts from these scripts, and a crash it finds is saved in
    /// `Fuzz/regressions/`: each is replayed here with the fuzzer's checks.
    @Test("Every script of the repository and every fuzzer regression keeps the fuzzer's checks, line by line")
    func seedsAndRegressions() async {
        await onOwnThread {
            var files: [URL] = []
            for folder in ["Tests/Scripts", "Docs/Tutorials", "Fuzz/regressions"] {
                let dir = repositoryRoot.appendingPathComponent(folder)
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where name.hasSuffix(".navlab") {
                    files.append(dir.appendingPathComponent(name))
                }
            }
            expect(files.count >= 15, "the tests' scripts and the tutorials")
            for file in files {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                let s = Session()
                for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let verb = line.split(separator: " ").first ?? ""
                    guard !["quit", "exit", "save", "load", "record", "export"].contains(verb) else { continue }
                    let before = s.state
                    let r = s.execute(String(line), lineNumber: i + 1)
                    let where_ = "\(file.lastPathComponent):\(i + 1): \(line)"
                    if [.failed, .ignored, .shown, .empty].contains(r.status), s.state != before { Issue.record("\(where_): \(r.status) but changed the state") }
                    if let v = s.state.invariantViolations().first { Issue.record("\(where_) → \(v)") }
                }
            }
        }
    }
}
