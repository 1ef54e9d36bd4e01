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
        #expect(r.passed == 1 && r.failed == 2)
        #expect(r.failures.first == "t.navlab:5:1: failed: expect top is A\n  expected: top is A\n  actual:   B")
        #expect(r.failures.last == "t.navlab:6:3: failed: expect not allocated B\n  expected: not allocated B\n  actual:   allocated")
    }

    @Test("run stops at the first failing command, with the line, a caret and a suggestion")
    func runStops() {
        let r = ScriptRunner(session: Session(), mode: .run(keepGoing: false)).run("initial A\nlaunch\npush B\nlaunch", file: "f.navlab")
        #expect(r.stopped)
        #expect(r.failures == ["f.navlab:3:1: error: `top` (A) is not in a navigation controller, so there is nothing to push on\n    push B\n    ^\n  present Nav(Next) gives it one"])
    }

    @Test("--keep-going runs on after a failure")
    func keepGoing() {
        let s = Session()
        let r = ScriptRunner(session: s, mode: .run(keepGoing: true)).run("initial A\nlaunch\npush B\nswapRoot C", file: "f")
        #expect(!r.stopped && r.failures.count == 1)
        #expect(s.state.window.rootViewController.flatMap { s.state.name($0) } == "C")
    }

    @Test("Docs/Reference.md is generated from the verb table and is up to date")
    func reference() throws {
        let path = #filePath.components(separatedBy: "/Tests/")[0] + "/Docs/Reference.md"
        let onDisk = try String(contentsOfFile: path, encoding: .utf8)
        #expect(onDisk == Help.markdownReference(), "run `make docs` to regenerate Docs/Reference.md")
    }
}
