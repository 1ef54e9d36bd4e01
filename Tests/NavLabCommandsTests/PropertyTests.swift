import Foundation
import Synchronization
import Testing
import NavLabCore
import NavLabTestSupport
@testable import NavLabCommands

/// Seeded random sessions of valid commands, checking after every step the invariants of the
/// hardening issue: one parent each and listed in it, presentations acyclic and agreeing both
/// ways, the root's view in the window unless a full-screen presentation removed it, `top` on
/// `screen`, everything in the window allocated, `leaked` ⊆ `allocated`
/// (`State.invariantViolations`); a failed command or a query changes nothing; undo∘redo is the
/// identity; replaying the same lines gives byte-identical state and log.
@Suite("Invariants over random sessions")
struct PropertyTests {
    /// 8 batches of 250: 2,000 sessions in `make test`; `NAVLAB_SESSIONS_PER_BATCH` asks for
    /// more (`make fuzz` runs 8 × 5,000).
    static let sessionsPerBatch = ProcessInfo.processInfo.environment["NAVLAB_SESSIONS_PER_BATCH"].flatMap { Int($0) } ?? 250
    static let stepsPerSession = 40

    /// Runs one seeded session; the problems found, each with the seed and the lines so far.
    static func check(seed: UInt64, echo: Bool = false) -> [String] {
        var writer = CommandWriter(rng: SeededGenerator(seed: seed))
        let s = Session()
        var lines: [String] = []
        var problems: [String] = []
        func report(_ what: String) { problems.append("seed \(seed), after:\n  " + lines.joined(separator: "\n  ") + "\n  → \(what)") }
        for step in 0..<stepsPerSession {
            let line = writer.line(s.state)
            lines.append(line)
            if echo { FileHandle.standardError.write(Data("  \(line)\n".utf8)) }
            let before = s.state
            let r = s.execute(line)
            if r.status == .failed, s.state != before { report("the failed line changed the state: \(r.text)") }
            if r.status == .shown, s.state != before { report("a query changed the state") }
            for v in s.state.invariantViolations() { report(v) }
            // The state's own printout imports back to the same printout (a storyboard is not one).
            if line.hasPrefix("import "), !line.hasPrefix("import storyboard") {
                let printed = String(line.drop { $0 != "\n" }.dropFirst().dropLast("\nEND".count))
                if r.status == .failed { report("importing the state's own printout failed: \(r.text)") }
                else if (line.hasPrefix("import uikit") ? s.state.renderPrintHierarchy() : s.state.renderScreenState()) != printed {
                    report("the import did not rebuild its printout")
                }
            }
            // The document's `allocated` and `leaked` (worked out from links noted while its
            // entries are written) are the model's own: every id in order, and the walk down
            // from the roots (`leaked()`).
            if step % 5 == 4 {
                let doc = s.stateJSON()
                let state = s.state
                let allocated = state.viewControllers.keys.sorted()
                if doc["allocated"] != .strings(allocated.map { state.viewControllers[$0]!.name }) { report("the document's `allocated` is not every view controller in order") }
                if state.allocatedIDs != allocated { report("allocatedIDs is not every view controller in order") }
                if doc["leaked"] != .strings(state.leaked().map { state.viewControllers[$0]!.name }) { report("the document's `leaked` is not `leaked()`: \(String(describing: doc["leaked"]))") }
            }
            // undo∘redo is the identity.
            if step % 5 == 4, r.status != .failed {
                let here = s.state, json = s.stateJSON().serialized()
                let cursor = s.cursor
                _ = s.execute("undo")
                if s.cursor != cursor {
                    let redone = s.execute("redo")
                    if redone.status == .failed { report("redo after undo failed: \(redone.text)") }
                    if s.state != here || s.stateJSON().serialized() != json {
                        report("undo then redo did not give the same state back: " + PropertyTests.difference(String(describing: here), String(describing: s.state)))
                    }
                }
            }
            if !problems.isEmpty { return problems }
        }
        // Replay is byte-identical (the checks above ran undo/redo too: replay those as well
        // by replaying the session's own lines through a second one with the same checks).
        let replay = Session()
        var w2 = CommandWriter(rng: SeededGenerator(seed: seed))
        for step in 0..<stepsPerSession {
            let line = w2.line(replay.state)
            if line != lines[step] { report("the generator diverged at step \(step): not deterministic"); break }
            let r = replay.execute(line)
            if step % 5 == 4, r.status != .failed {
                let cursor = replay.cursor
                _ = replay.execute("undo")
                if replay.cursor != cursor { _ = replay.execute("redo") }
            }
        }
        if replay.stateJSON().serialized() != s.stateJSON().serialized() { report("replaying the same lines gave a different state") }
        if replay.logJSON().serialized() != s.logJSON().serialized() { report("replaying the same lines gave a different log") }
        return problems
    }

    /// Where two descriptions first differ, with some context.
    static func difference(_ a: String, _ b: String) -> String {
        let a = Array(a), b = Array(b)
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        let from = max(0, i - 80)
        return "…\(String(a[from..<min(a.count, i + 120)]))… became …\(String(b[from..<min(b.count, i + 120)]))…"
    }

    @Test("Random sessions keep every invariant", arguments: 0..<8)
    func randomSessions(batch: Int) async {
        let found = Mutex<(checked: Int, problem: String?)>((0, nil))
        await onOwnThread {
            // A crash ends the process before any report: NAVLAB_TRACE_SEEDS=1 names each
            // session's seed on standard error first, so the last one named is the culprit.
            let trace = ProcessInfo.processInfo.environment["NAVLAB_TRACE_SEEDS"] != nil
            for seed in PropertyTests.seeds(batch: batch) {
                if trace || PropertyTests.only != nil { FileHandle.standardError.write(Data("property session seed \(seed)\n".utf8)) }
                let problems = PropertyTests.check(seed: seed, echo: PropertyTests.only != nil)
                found.withLock { $0.checked += 1; $0.problem = problems.first }
                if !problems.isEmpty { return }
            }
        }
        let (checked, problem) = found.withLock { ($0.checked, $0.problem) }
        if let problem { Issue.record(Comment(rawValue: problem)) }
        expectEqual(checked, PropertyTests.seeds(batch: batch).count)
    }

    /// NAVLAB_PROPERTY_SEED=N: that one session alone (in batch 0), its lines echoed.
    static let only = ProcessInfo.processInfo.environment["NAVLAB_PROPERTY_SEED"].flatMap { UInt64($0) }
    static func seeds(batch: Int) -> [UInt64] {
        if let only { return batch == 0 ? [only] : [] }
        return (0..<sessionsPerBatch).map { UInt64(batch * 1_000_000 + $0) }
    }

    @Test("The generator reaches every verb that changes the model")
    func coversTheLanguage() async {
        await onOwnThread { PropertyTests.coverage() }
    }

    static func coverage() {
        var writer = CommandWriter(rng: SeededGenerator(seed: 42))
        var verbs: Set<String> = []
        let s = Session()
        for _ in 0..<3_000 {
            let line = writer.line(s.state)
            verbs.insert(String(line.split(separator: " ").first ?? ""))
            _ = s.execute(line)
        }
        let modelVerbs = VerbTable.all.filter {
            !["expect", "record", "save", "load", "quit", "help", "explain"].contains($0.name)
        }.map(\.name)
        let missing = modelVerbs.filter { !verbs.contains($0) }
        expect(missing.isEmpty, "never generated: \(missing)")
    }
}
