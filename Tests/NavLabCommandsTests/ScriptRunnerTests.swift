import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

@Suite("Scripts: run and check")
struct ScriptRunnerTests {
    @Test("check counts expectations and reports failures as FILE:LINE:COL with expected and actual")
    func check() {
        let script = """
        initial Nav(A)
        launch
        push B
        expect top is B
        expect top is A
          expect not allocated B
        """
        let r = ScriptRunner(session: Session(), mode: .check).run(script, file: "t.navlab")
        expect(r.passed == 1 && r.failed == 2)
        expectEqual(r.failures.first, "t.navlab:5:1: failed: expect top is A\n  expected: top is A\n  actual:   B")
        expectEqual(r.failures.last, "t.navlab:6:3: failed: expect not allocated B\n  expected: not allocated B\n  actual:   allocated")
    }

    @Test("run stops at the first failing command, with the line, a caret and a suggestion")
    func runStops() {
        let r = ScriptRunner(session: Session(), mode: .run(keepGoing: false)).run("initial A\nlaunch\npush B\nlaunch", file: "f.navlab")
        expect(r.stopped)
        expectEqual(r.failures, ["f.navlab:3:1: error: `top` (A) is not in a navigation controller, so there is nothing to push on\n    push B\n    ^\n  present Nav(Next) gives it one"])
    }

    @Test("--keep-going runs on after a failure")
    func keepGoing() {
        let s = Session()
        let r = ScriptRunner(session: s, mode: .run(keepGoing: true)).run("initial A\nlaunch\npush B\nswapRoot C", file: "f")
        expect(!r.stopped && r.failures.count == 1)
        expectEqual(s.state.window.rootViewController.flatMap { s.state.name($0) }, "C")
    }

    @Test("Docs/Reference.md is generated from the verb table and is up to date")
    func reference() throws {
        let path = #filePath.components(separatedBy: "/Tests/")[0] + "/Docs/Reference.md"
        let onDisk = try String(contentsOfFile: path, encoding: .utf8)
        expectEqual(onDisk, Help.markdownReference(), "run `make docs` to regenerate Docs/Reference.md")
    }

    /// `navlab run` and `check` print as they go: a long script's first output does not wait
    /// for its last line.
    @Test("with emit, each line's output is handed over before the next line runs, and nothing is collected")
    func streams() {
        final class Order: @unchecked Sendable { var events: [String] = [] }
        let order = Order()
        var runner = ScriptRunner(session: Session(), mode: .run(keepGoing: false))
        runner.emit = { order.events.append("out: " + $0.text) }
        runner.onLine = { line, _ in order.events.append("ran: " + line) }
        let result = runner.run("# A title\ninitial A\nlaunch\n\npresent B\n", file: "t.navlab")
        expect(result.output.isEmpty)
        let ranLaunch = order.events.firstIndex(of: "ran: launch")!
        let ranPresent = order.events.firstIndex(of: "ran: present B")!
        expect(order.events.firstIndex(of: "out: # A title")! < order.events.firstIndex(of: "ran: initial A")!)
        expect(order.events.firstIndex(of: "out:   viewDidAppear A")! > ranLaunch)
        expect(order.events.firstIndex(of: "out:   viewDidAppear A")! < ranPresent)
        // The same lines, in the same order, as without emit.
        let collected = ScriptRunner(session: Session(), mode: .run(keepGoing: false)).run("# A title\ninitial A\nlaunch\n\npresent B\n", file: "t.navlab")
        expectEqual(order.events.filter { $0.hasPrefix("out: ") }.map { String($0.dropFirst(5)) }, collected.output.map(\.text))
    }

    /// The streamed transcript's `tree --json` is written indented as it is made
    /// (`Session.blockIndent`); it must read exactly as the collected one, whose lines are
    /// indented one by one.
    @Test("streamed, tree --json is the collected transcript's text, each line indented by two spaces, and the session's indent is put back")
    func streamedTreeJSONIndented() {
        let script = "initial Nav(Feed)\nlaunch\npush Detail\npresent Nav(Sheet)\ntree --json\ntree\n"
        final class Printed: @unchecked Sendable { var lines: [String] = [] }
        let printed = Printed()
        let session = Session()
        var runner = ScriptRunner(session: session, mode: .run(keepGoing: false))
        runner.emit = { printed.lines.append($0.text) }
        _ = runner.run(script, file: "t.navlab")
        expectEqual(session.blockIndent, 0)
        let collected = ScriptRunner(session: Session(), mode: .run(keepGoing: false)).run(script, file: "t.navlab")
        let streamed = printed.lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expectEqual(streamed, collected.output.map(\.text))
        // The document, every line of it two spaces in, after its echo.
        let start = streamed.firstIndex(of: "> tree --json")! + 1
        let json = Array(streamed[start...].prefix { $0 != "> tree" })
        expect(json.first == "  {" && json.last == "  }")
        expect(json.allSatisfy { $0.hasPrefix("  ") })
        expectEqual(json.map { String($0.dropFirst(2)) }.joined(separator: "\n"), session.state.json(seq: session.seq).serialized(pretty: true))
    }

    @Test("a command that fails inside `A; B` is reported at its own line and column, even when the engine could not place the error")
    func turnErrorPointsAtItsCommand() {
        // `swipe content` before iOS 26 fails in the engine with no name to point at.
        let script = "device iPhone iOS=18\ninitial Nav(A)\nlaunch\npush B; swipe content\n"
        let r = ScriptRunner(session: Session(), mode: .run(keepGoing: false)).run(script, file: "t.navlab")
        expectEqual(r.failures.count, 1)
        expectEqual(r.failures.first?.hasPrefix("t.navlab:4:9: error: the swipe back from anywhere in the content"), true, "\(r.failures)")
        expectEqual(r.failures.first?.contains("\n    push B; swipe content\n            ^"), true, "\(r.failures)")
    }

    @Test("a line run before is not parsed again, yet when it fails later its error points at that line's own column")
    func repeatedLineFailsInPlace() {
        let script = "initial Nav(Detail)\nlaunch\npush B on Detail\nswapRoot Other\npush B on Detail\n"
        let r = ScriptRunner(session: Session(), mode: .run(keepGoing: false)).run(script, file: "t.navlab")
        expect(r.stopped)
        expectEqual(r.failures.count, 1)
        // Line 5, column 11: where `Detail` is written on the line that failed.
        expectEqual(r.failures.first?.hasPrefix("t.navlab:5:11: error: "), true, "\(r.failures)")
        expectEqual(r.failures.first?.contains("\n    push B on Detail\n              ^"), true, "\(r.failures)")
    }

    @Test("a repeated line keeps its own narration: the comment above it, not the first one's")
    func repeatedLineNarration() {
        let s = Session()
        _ = ScriptRunner(session: s, mode: .run(keepGoing: false)).run("initial Nav(A)\nlaunch\n# first\npush B\npop\n# second\npush B\n", file: "t.navlab")
        let comments = s.entries.filter { $0.command == "push B" }.map(\.comment)
        expectEqual(comments, ["first", "second"])
    }
}
