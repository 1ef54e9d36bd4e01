import Testing
import Foundation
import NavLabCore
import NavLabTestSupport
@testable import NavLabCommands

/// A step is a change (StateChange): recorded from what the engine touched, reversible, and
/// as large as what changed. The timeline keeps these, so undo, redo and time travel apply
/// them instead of replaying commands.
@Suite("Steps as changes")
struct StateChangeTests {
    /// Random sessions (the property tests' generator, without its undo/redo lines), then
    /// undo all the way back: every intermediate state comes back exactly, as a value and as
    /// `tree --json`; then redo all the way forward, the same.
    @Test("Undo all the way back, then redo all the way forward, gives every intermediate state exactly", arguments: 0..<6)
    func undoAllTheWayBack(seed: Int) async {
        await onOwnThread {
            var writer = CommandWriter(rng: SeededGenerator(seed: UInt64(9_000 + seed)))
            let s = Session()
            var seen: [Int: (State, String)] = [0: (s.state, s.execute("tree --json").text)]
            var steps = 0
            while steps < 150 {
                let line = writer.line(s.state)
                if line.hasPrefix("undo") || line.hasPrefix("redo") { continue }
                steps += 1
                _ = s.execute(line)
                seen[s.cursor] = (s.state, s.execute("tree --json").text)
            }
            let top = s.cursor
            expect(top > 50, "the session made steps")
            for i in stride(from: top, through: 0, by: -1) {
                expectEqual(s.cursor, i)
                expectEqual(s.state, seen[i]!.0, "step \(i) after undo: \(PropertyTests.difference(String(describing: seen[i]!.0), String(describing: s.state)))")
                expectEqual(s.execute("tree --json").text, seen[i]!.1, "tree --json at step \(i) after undo")
                if i > 0 { expectEqual(s.execute("undo").status, .done) }
            }
            expectEqual(s.execute("undo").status, .ignored)
            for i in 1...top {
                expectEqual(s.execute("redo").status, .done)
                expectEqual(s.state, seen[i]!.0, "step \(i) after redo")
            }
            // Time travel reads any step and leaves the model where it was.
            for i in stride(from: 0, through: top, by: 7) {
                expectEqual(s.state(at: i), seen[i]!.0, "state(at: \(i))")
            }
            expectEqual(s.state, seen[top]!.0)
            expect(s.state.invariantViolations().isEmpty)
        }
    }

    /// A push on a stack of 2,000 records the new instance, the navigation controller's
    /// splice and the state's other fields (nextID): not the stack, nor the other instances.
    @Test("A push records what it touched: one new instance and a one-element splice, not the stack")
    func pushIsSmall() {
        let s = session("initial Nav(Home)", "launch")
        for _ in 0..<2_000 { _ = s.execute("push Page") }
        _ = s.execute("push Detail")
        let delta = s.entries[s.cursor].delta
        let detail = s.state.names["Detail"]!, nav = s.state.names["UINavigationController"]!
        expectEqual(delta.made, [detail])
        expect(delta.released.isEmpty)
        expectEqual(Set(delta.viewControllers.keys), [detail, nav])
        expectEqual(delta.modified[nav], ["children"])
        let splices = delta.viewControllers[nav]!.splices
        expectEqual(splices, [Splice(at: 2_001, removed: [], inserted: [detail])])
        // A pop releases the popped instance: the change says so.
        _ = s.execute("pop")
        let pop = s.entries[s.cursor].delta
        expectEqual(pop.released, [detail])
        expectEqual(pop.viewControllers[nav]!.splices, [Splice(at: 2_001, removed: [detail], inserted: [])])
    }

    @Test("What a command changes in an instance is named by field: present sets presentedChild on one side, presenter and presentation on the other")
    func fieldsChanged() {
        let s = session("initial Home", "launch")
        _ = s.execute("present Sheet")
        let delta = s.entries[s.cursor].delta
        let home = s.state.names["Home"]!, sheet = s.state.names["Sheet"]!
        expectEqual(delta.made, [sheet])
        expectEqual(delta.modified[home], ["presentedChild"])
        expectEqual(delta.viewControllers[sheet]!.after?.presenter, home)
    }

    @Test("A failed command, or one past a limit, leaves the state and the timeline untouched")
    func failedIsUndone() {
        let s = session("initial Nav(Home)", "launch", "push A")
        let before = s.state, cursor = s.cursor
        expectEqual(s.execute("push B; present @Home").status, .failed)
        expectEqual(s.state, before)
        expectEqual(s.cursor, cursor)
        expectEqual(s.execute("undo").status, .done)
        expect(s.state.names["A"] == nil)
    }

    @Test("reset is one step: undo brings the whole old app back")
    func resetIsReversible() {
        let s = session("initial Nav(Home)", "launch", "push A", "set A capital=Paris")
        let before = s.state
        _ = s.execute("reset")
        expectEqual(s.state, State())
        _ = s.execute("undo")
        expectEqual(s.state, before)
    }
}
