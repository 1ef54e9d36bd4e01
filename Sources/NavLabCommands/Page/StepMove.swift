import NavLabCore

/// Where one line moved the model: nowhere, forward by the step at `entry` (a new step or
/// `redo`), back by reverting the step at `entry` (`undo`), or somewhere else (observers
/// start again from the whole state).
public enum StepMove: Sendable, Equatable {
    case none
    case forward(entry: Int)
    case backward(entry: Int)
    case elsewhere

    /// From where the session was (`cursor`, `seq`) to where it is now.
    public static func between(cursor: Int, seq: Int, and session: Session) -> StepMove {
        if session.seq == seq, session.cursor == cursor { return .none }
        if session.cursor == cursor + 1 { return .forward(entry: session.cursor) }
        if session.cursor == cursor - 1, session.entries.indices.contains(cursor) { return .backward(entry: cursor) }
        return .elsewhere
    }
}
