import Foundation
import Testing
@testable import NavLabCore
@testable import NavLabCommands

/// Runs `body` with a small stack: 512 KiB, what a Mac gives every thread but the main one
/// (Dispatch's, Swift tasks', NIO's: the server runs commands on those), in a debug build,
/// where frames are largest (Docs/Limits.md). The thread gets 8 MiB mapped for it and the test
/// fails if it used more than 512 KiB of them: a failure that says by how much, in every run,
/// rather than a crash of the whole test run (`onStack`). Tests/Deep runs the same depths in
/// whole processes under `ulimit -s 512`.
private func onSmallStack(sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () -> Void) async {
    let budget = 512 << 10
    let used = await onStack(of: 8 << 20, body)
    expect(used <= budget, "used \(used) bytes of stack, more than the \(budget) allowed", sourceLocation: sourceLocation)
}

/// The hardening issue's items 6 and 7, and the limits of Docs/Limits.md: every limit is an
/// error that names it, nothing of any size overflows the stack or goes quadratic.
@Suite("Limits")
struct LimitsTests {
    @Test("#6: SPEC nesting past the limit is a syntax error at the container, not a stack overflow")
    func specNesting() async {
        await onSmallStack {
            let s = session("initial Home", "launch")
            for depth in [Limits.hierarchyDepth, 3_000, 12_000] {
                let line = "present " + String(repeating: "Nav(", count: depth) + "A" + String(repeating: ")", count: depth)
                let r = s.execute(line)
                expectEqual(r.status, .failed)
                expectEqual(r.error?.kind, .syntax)
                expectEqual(r.error?.message, "containers nested more than \(Limits.hierarchyDepth) deep")
                // The container that went past the limit: `present ` is 8 columns, each `Nav(` 4.
                expectEqual(r.error?.location.column, 9 + 4 * (Limits.hierarchyDepth - 1))
            }
            let ok = "present " + String(repeating: "Root(", count: 20) + "A" + String(repeating: ")", count: 20)
            expectEqual(s.execute(ok).status, .done)
        }
    }

    /// A chain of children, one inside the other, as deep as NavLab allows; then every
    /// command that walks the hierarchy, on a small stack.
    @Test("#6: a hierarchy as deep as the limit works in every command on a 512 KiB stack; one more is refused")
    func deepContainment() async {
        await onSmallStack {
            let s = session("class * restorationIdentifier=class", "class Home encodes=children", "class A encodes=children", "optIn save=yes restore=yes",
                            "initial Home", "launch", "addChild A to Home")
            var parent = "A"
            for i in 2..<Limits.hierarchyDepth {
                let r = s.execute("addChild A to \(parent)")
                expectEqual(r.status, .done, "\(i): \(r.text)")
                parent = "A#\(i)"
            }
            expectEqual(s.state.maximumDepth(), Limits.hierarchyDepth)
            let before = s.state
            let over = s.execute("addChild A to \(parent)")
            expectEqual(over.status, .failed)
            expectEqual(over.error?.message.contains("more than \(Limits.hierarchyDepth) view controllers deep"), true)
            expectEqual(s.state, before, "a refused command leaves the state untouched")
            for line in ["tree", "tree --json", "views", "memory", "why \(parent)", "export dot", "export mermaid",
                         "export json", "archive", "background", "kill", "relaunch", "expect restored A#255", "tree", "undo", "redo",
                         "removeChild A", "undo", "swapRoot X", "undo", "reset"] {
                let r = s.execute(line)
                expect(r.status != .failed, "\(line): \(r.text.prefix(300))")
            }
        }
    }

    @Test("#6: a chain of presentations stops at the limit; tree and dismiss walk it on a small stack")
    func deepPresentations() async {
        await onSmallStack {
            let s = session("initial Home", "launch")
            var refused: LineResult?
            for _ in 0..<(Limits.hierarchyDepth + 10) {
                let r = s.execute("present A style=fullScreen")
                if r.status == .failed { refused = r; break }
            }
            expectEqual(refused?.error?.message.contains("view controllers deep"), true)
            expectEqual(s.state.maximumDepth(), Limits.hierarchyDepth)
            for line in ["tree", "views", "memory", "tree --json", "dismiss Home", "undo"] {
                expect(s.execute(line).status != .failed, "\(line)")
            }
        }
    }

    @Test("#6: presenting an existing subtree (`@NAME`) at the end of a deep chain counts the whole subtree")
    func movingAnExistingSubtree() throws {
        // Outer(Inner(X)) is three deep on its own; held by the app and taken out of Home.
        let s = session("initial Home", "launch", "addChild Outer:Root(Inner:Root(X)) to Home", "hold Outer", "removeChild Outer")
        for _ in 0..<(Limits.hierarchyDepth - 3) { _ = s.execute("present A style=fullScreen") }
        expectEqual(s.state.depth(of: s.state.top()!), Limits.hierarchyDepth - 2)
        let before = s.state
        let r = s.execute("present @Outer")
        expectEqual(r.status, .failed, "X would sit \(Limits.hierarchyDepth + 1) deep")
        expectEqual(r.error?.message.contains("view controllers deep"), true)
        expectEqual(s.state, before)
        // One level less fits exactly.
        _ = s.execute("dismiss")
        expectEqual(s.execute("present @Outer").status, .done)
        expectEqual(s.state.maximumDepth(), Limits.hierarchyDepth)
    }

    @Test("#7: `;` is linear: 10,000 commands on one line run, in order, errors pointing at their own column")
    func longTurn() throws {
        let s = session("initial Nav(Home)", "launch")
        let line = Array(repeating: "push A; pop", count: Limits.commandsPerLine / 2).joined(separator: "; ")
        let r = s.execute(line)
        expectEqual(r.status, .done)
        expectEqual(s.state.nameCounters["A"], 5_000, "every push ran")
        expect(s.execute("expect stack UINavigationController is Home").status != .failed)
        // A mistake late in a long line is reported at its own column.
        let bad = Array(repeating: "push A", count: 4_999).joined(separator: "; ") + "; pusj A"
        let e = s.execute(bad)
        expectEqual(e.error?.message, "unknown verb 'pusj'")
        expectEqual(e.error?.location.column, 4_999 * 8 + 1)
    }

    @Test("#7: more than 10,000 commands on one line is an error naming the limit, and nothing runs")
    func tooManyCommands() {
        let s = session("initial Nav(Home)", "launch")
        let before = s.state
        let r = s.execute(Array(repeating: "pop", count: Limits.commandsPerLine + 1).joined(separator: ";"))
        expectEqual(r.status, .failed)
        expectEqual(r.error?.message, "\(Limits.commandsPerLine + 1) commands joined by ';' on one line; at most \(Limits.commandsPerLine) may share a line")
        expectEqual(r.error?.location.column, Limits.commandsPerLine * 4 + 1)
        expectEqual(s.state, before)
    }

    @Test("A line longer than 65,536 characters is an error at the column past the limit")
    func longLine() {
        let s = session("initial Home", "launch")
        let r = s.execute("present A # " + String(repeating: "x", count: Limits.lineLength))
        expectEqual(r.status, .failed)
        expectEqual(r.error?.message, "this line is \(Limits.lineLength + 12) characters long; a line may be at most \(Limits.lineLength)")
        expectEqual(r.error?.location.column, Limits.lineLength + 1)
        expect(s.state.names["A"] == nil)
    }

    @Test("More view controllers than the limit at once is refused, and the state is untouched")
    func tooManyViewControllers() async {
        await onOwnThread {
            // A running app, and then as many more view controllers as the limit allows, held
            // by the app (made directly: 250,000 commands would take a while in a debug build).
            var st = session("initial Nav(Home)", "launch").state
            while st.viewControllers.count < Limits.viewControllers {
                let id = VCID(st.nextID)
                st.nextID += 1
                st.insert(ViewController(id: id, name: "Kept#\(id.raw)", className: "Kept", kind: .plain))
                st.setName("Kept#\(id.raw)", to: id)
            }
            let s = Session(state: st)
            expectEqual(s.state.viewControllers.count, Limits.viewControllers)
            let before = s.state
            let r = s.execute("push B")
            expectEqual(r.status, .failed)
            expectEqual(r.error?.message, "that would make \(Limits.viewControllers + 1) view controllers allocated at once; NavLab allows at most \(Limits.viewControllers)")
            expectEqual(s.state, before, "the state the command made was discarded")
            // A command that makes none still runs.
            expect(s.execute("pop").status != .failed)
        }
    }

    /// Found by the property tests: `@NAME` inside a spec could put a view controller under
    /// its own descendant (a presentation link survives a root swap, UIKit #4), and walks of the
    /// hierarchy then ran for ever. NavLab refuses it (Docs/Modelling.md).
    @Test("An @NAME that would become its own ancestor is refused; the state is untouched", arguments: [
        ["initial Home", "launch", "present X style=fullScreen", "swapRoot X", "present @Home"],
        ["initial Home", "launch", "present X", "swapRoot Y", "addChild @Home to X"],
        ["initial Home", "launch", "present Root(X)", "swapRoot Y", "switch @Home in Root"],
        ["initial Home", "launch", "present X", "swapRoot Y", "present Nav(A) on X", "setViewControllers @Home, B on UINavigationController"],
        ["initial Home", "launch", "present X", "swapRoot Y", "show Tab(@Home, Nav(Detail)) on X"],
    ])
    func cycles(lines: [String]) {
        let s = Session()
        for l in lines.dropLast() { expect(s.execute(l).status != .failed, "\(l)") }
        let before = s.state
        let r = s.execute(lines.last!)
        expectEqual(r.status, .failed)
        expectEqual(r.error?.message.hasPrefix("that would make Home its own ancestor (Home → "), true, "\(r.text)")
        expectEqual(s.state, before)
        expect(s.state.cycleMember() == nil)
        expectEqual(s.execute("tree").status, .shown)
    }
}
