import NavLabCommands
import NavLabHub
import NavLabCore
import Synchronization
import Testing

/// Collects what the hub keeps.
final class KeptLines: HubJournal {
    let lines = Mutex<[String]>([])
    func hubKept(_ line: String) { lines.withLock { $0.append(line) } }
}

@Suite("The hub's journal: the lines that run the session again")
struct HubJournalTests {
    @Test("steps, undo, redo, reset and comments are kept; questions and failures are not")
    func keptLines() {
        let hub = SessionHub()
        let kept = KeptLines()
        hub.setJournal(kept)
        let lines = ["# the flow", "initial Nav(A)", "launch", "tree", "push B", "pusj C", "why B", "undo", "redo",
                     "dismiss", "reset", "initial Tab(X, Y)", "help push"]
        for line in lines { hub.execute(line, origin: .repl) }
        // `dismiss` with nothing presented is an ignored step (UIKit does nothing): a step all the same.
        expectEqual(kept.lines.withLock { $0 }, ["# the flow", "initial Nav(A)", "launch", "push B", "undo", "redo", "dismiss", "reset", "initial Tab(X, Y)"])
    }

    @Test("the kept lines, run again in a new session, give the same state and timeline")
    func replayIsTheSame() {
        let hub = SessionHub()
        let kept = KeptLines()
        hub.setJournal(kept)
        for line in ["initial Nav(A)", "launch", "push B", "present C", "why C", "undo", "push D", "swapRoot E", "undo", "undo", "redo"] {
            hub.execute(line, origin: .repl)
        }
        let replay = SessionHub()
        for line in kept.lines.withLock({ $0 }) { replay.execute(line, origin: .script) }
        expectEqual(replay.read { $0.stateJSON() }, hub.read { $0.stateJSON() })
        expect(replay.read { ($0.seq, $0.cursor, $0.entries.count) } == hub.read { ($0.seq, $0.cursor, $0.entries.count) })
    }

    @Test("a loaded script's lines are kept one by one, not the `load`")
    func loadedScript() {
        let hub = SessionHub()
        let kept = KeptLines()
        hub.setJournal(kept)
        _ = hub.runScript("initial Nav(A)\nlaunch\ntree\npush B\n", file: "flow.navlab", origin: .repl)
        expectEqual(kept.lines.withLock { $0 }, ["initial Nav(A)", "launch", "push B"])
    }
}
