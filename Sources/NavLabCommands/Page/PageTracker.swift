import NavLabCore

/// The page's document as the page last received it, and the JSON Patch that takes it to the
/// session's next step (PagePatcher, kept with the seq it is at).
public struct PageTracker: Sendable {
    private var patcher: PagePatcher
    public private(set) var seq: Int

    public init(_ session: Session) {
        patcher = PagePatcher(session.state, seq: session.seq)
        seq = session.seq
    }

    /// The `patch` event's data for the line: `{"seq": N, "from": M, "ops": [...]}`, or nil
    /// when the line did not move the model.
    public mutating func advance(_ session: Session, move: StepMove) -> String? {
        let ops: [JSON]
        switch move {
        case .none:
            return nil
        case .forward(let i):
            ops = patcher.patch(to: session.state, seq: session.seq, change: session.entries[i].delta, forward: true)
        case .backward(let i):
            ops = patcher.patch(to: session.state, seq: session.seq, change: session.entries[i].delta, forward: false)
        case .elsewhere:
            patcher = PagePatcher(session.state, seq: session.seq)
            ops = [PageTracker.replaceAll(session.state, seq: session.seq)]
        }
        let from = seq
        seq = session.seq
        return PageTracker.patchData(seq: session.seq, from: from, ops: ops)
    }

    public static func patchData(seq: Int, from: Int, ops: [JSON]) -> String {
        "{\"seq\":\(seq),\"from\":\(from),\"ops\":\(JSON.array(ops).serialized())}"
    }

    public static func replaceAll(_ state: State, seq: Int) -> JSON {
        .object([("op", .string("replace")), ("path", .string("")), ("value", PageDocument.state(state, seq: seq))])
    }

    /// Time travel for a page that holds the document at `from` (an index into the entries):
    /// the operations that take it to the step before `to` (`toBefore`), then the ones of step
    /// `to` itself (`step`; nil for the first entry, which has none). Costs the steps walked,
    /// from a copy of the tracker when the page is where the session is; else (a page that
    /// has not yet applied the latest patches) from the document at `from`, built whole.
    /// With them, the names leaked before and after step `to` (the document's `leaked`).
    public func travel(_ session: Session, from: Int, to: Int) -> (toBefore: [JSON], step: [JSON]?, leaked: (before: [String], after: [String])) {
        var p = from == session.cursor ? patcher : PagePatcher(session.state(at: from), seq: session.entries[from].seq)
        var toBefore: [JSON] = [], step: [JSON]? = nil
        let before = max(0, to - 1)
        var walked = 0
        let stepsToBefore = abs(from - before)
        var leakedBefore = p.leakedNames
        session.walk(from: from, through: to > 0 ? [before, to] : [to]) { state, seq, change, forward in
            if walked == stepsToBefore { leakedBefore = p.leakedNames }
            let ops = p.patch(to: state, seq: seq, change: change, forward: forward)
            if walked < stepsToBefore || to == 0 { toBefore += ops } else { step = ops }
            walked += 1
        }
        if to > 0, step == nil { step = [] }
        return (toBefore, step, (leakedBefore, p.leakedNames))
    }
}
