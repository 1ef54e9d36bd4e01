// The Swift export: left out of the browser's start module, all of this folder
// (Web/Wasm/StartModule.swift answers instead).
import NavLabCore

/// `export swift`: the session as a self-contained UIKit program that performs its commands on
/// a simulator, step by step, and prints what each callback does in the words of NavLab's log,
/// so that its console can be compared line by line with what NavLab predicts (issue 13).
///
/// Pure: the session's effective history (what `save` writes) is run again in a session of
/// its own, from the state it started on, to know at each step the names in play and the
/// lines `navlab run` prints for it; the program is made from that. This folder, a file a
/// job: ProgramGenerator (the replay, each step placed in a run of the app), StepCoder (one
/// command's Swift), HookCode (code in callbacks), SwiftNames (Swift spelling), and the
/// templates of the program's text — ProgramTemplate (its header and order),
/// BaseClassTemplates, ClassTemplate, ScriptTemplate, DelegateTemplates.
public enum SwiftExport {
    /// The program for the lines of `session`'s current timeline (`Session.replayableLines`).
    public static func program(from session: Session) throws(NavLabError) -> String {
        let lines = session.replayableLines()
        var start = State()
        // The state the first of them ran on: the shell may have started with the app's
        // stored data (its archive, its defaults).
        // The typed lines `replayableLines` returns: on the timeline, after the last `reset`.
        var typed = session.typed.filter { $0.entry <= session.cursor }
        var beforeReset: String?
        if let reset = typed.lastIndex(where: { if case .meta(.reset) = $0.line.action { return true } else { return false } }) {
            if reset > 0 { beforeReset = "the \(reset) line\(reset == 1 ? "" : "s") before the last `reset` (a program is one app from its start: export before `reset` to have them)" }
            typed.removeSubrange(...reset)
        }
        if let first = lines.first, let t = typed.first, t.line == first {
            let isModel: Bool
            if case .model = first.action { isModel = true } else { isModel = false }
            start = session.state(at: isModel ? t.entry - 1 : t.entry)
        }
        return try program(lines: lines.map { (text: $0.text, comment: $0.comment) }, start: start, leftOutBefore: beforeReset)
    }

    /// The program for `lines` (commands as typed, with the comment above each), run from `start`.
    public static func program(lines: [(text: String, comment: String?)], start: State = State(), leftOutBefore: String? = nil) throws(NavLabError) -> String {
        var g = ProgramGenerator(start: start)
        g.leftOutBefore = leftOutBefore
        try g.replay(lines)
        g.codeHooks()
        try g.checkKinds()
        return g.render()
    }
}
