// What the page is sent after each line, built the same way by both hosts: the native server
// (its event stream, /api/events) and the browser build (its Web Worker). Pure: the hosts
// bring the session and the line's result; these make the messages.
import NavLabCore


/// What a line did to the timeline: a new step (a command that reached the model, `reset`),
/// a move along it (`undo`, `redo`), or nothing.
public enum TimelineChange: String, Sendable {
    case append, move, none

    public static func of(_ response: LineResult, _ move: StepMove) -> TimelineChange {
        guard response.status == .done || response.status == .ignored else { return .none }
        switch response.parsed?.action {
        case .meta(.undo)?, .meta(.redo)?: return response.status == .done ? .move : .none
        case .model?, .meta(.reset)?: return .append
        default: return move == .none ? .none : .append
        }
    }
}

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
    public func travel(_ session: Session, from: Int, to: Int) -> (toBefore: [JSON], step: [JSON]?) {
        var p = from == session.cursor ? patcher : PagePatcher(session.state(at: from), seq: session.entries[from].seq)
        var toBefore: [JSON] = [], step: [JSON]? = nil
        let before = max(0, to - 1)
        var walked = 0
        let stepsToBefore = abs(from - before)
        session.walk(from: from, through: to > 0 ? [before, to] : [to]) { state, seq, change, forward in
            let ops = p.patch(to: state, seq: seq, change: change, forward: forward)
            if walked < stepsToBefore || to == 0 { toBefore += ops } else { step = ops }
            walked += 1
        }
        if to > 0, step == nil { step = [] }
        return (toBefore, step)
    }
}

/// The event-stream messages (SPEC §4): `state` on connect, then per line `command` (what was
/// typed and printed, and the calls UIKit made) and `patch`.
public enum PageEvents {
    /// The first line of every stream: reconnect after a second.
    public static let retry = "retry: 1000\n\n"

    /// The `state` event's data: the whole document at `seq`.
    public static func stateData(seq: Int, document: String) -> String { "{\"seq\":\(seq),\"state\":\(document)}" }

    public static func message(_ event: String, id: Int?, data: String) -> String {
        "event: \(event)\n" + (id.map { "id: \($0)\n" } ?? "") + "data: \(data)\n\n"
    }

    /// What the step at `seq` adds to the page's timeline and log, read from the session (the
    /// server does this under the hub's lock): its entry, its logged calls, its command.
    public static func stepParts(_ session: Session, seq: Int) -> (entry: JSON, logged: [Event], command: String) {
        guard let i = PageDocument.index(ofSeq: seq, in: session.entries) else { return (JSON.null, [], "") }
        let e = session.entries[i]
        return (PageDocument.entry(e, index: i, cursor: session.cursor), e.events.filter { $0.isLogged }, e.command)
    }

    /// The messages for one line, as (event, data) pairs in the order they are sent: `command`
    /// (what was typed and printed, and the UIKit calls of the step it added), and `patch` when
    /// the model changed. Nothing is said twice: the event's `id:` is the command's id, a
    /// printed line that is one of the calls is the call's index, and the timeline entry leaves
    /// out what the event says already.
    public static func lineMessages(origin: String, line: String, status: LineResult.Status, seq: Int,
                                    lines printedLines: [OutputLine], timeline: TimelineChange, changed: Bool,
                                    patch: String?, step: (entry: JSON, logged: [Event], command: String)?) -> [(String, String)] {
        var entry: JSON = .null
        var logged: [Event] = []
        var stepCommand = ""
        if timeline == .append, let step { (entry, logged, stepCommand) = step }
        var out: [(String, String)] = []
        // SPEC §3 log elements, without the `seq` and `command` the event gives once.
        let calls = logged.map { e -> JSON in
            guard case .object(let fields) = e.json(seq: seq, command: stepCommand) else { return .null }
            return .object(fields.filter { $0.0 != "seq" && $0.0 != "command" })
        }
        // The printed lines; a call in `events` is given by its index there (the calls appear
        // in the output in the order they were logged).
        var next = 0
        let lines: [JSON] = printedLines.map { line in
            if next < logged.count {
                let call = Session.line(logged[next])
                if call.style == line.style, call.text == line.text, printed(logged[next]) == line.text,
                   style(of: logged[next]) == line.style {
                    next += 1
                    return .int(next - 1)
                }
            }
            return PageDocument.line(line)
        }
        // The new step's timeline entry, less what the event says already: its seq, status,
        // calls, its command when it is the line, and the comment and reason it does not have.
        if case .object(let fields) = entry {
            entry = .object(fields.filter { k, v in
                if ["seq", "status", "current", "undone", "events"].contains(k) { return false }
                if k == "command", v == .string(line) { return false }
                if k == "comment" || k == "reason" { return v != .null }
                return true
            })
        }
        var command: [(String, JSON)] = [
            ("origin", .string(origin)),
            ("line", .string(line)),
            ("status", .string(status.rawValue)),
            ("seq", .int(seq)),
        ]
        if !calls.isEmpty { command.append(("events", .array(calls))) }
        command += [
            ("lines", .array(lines)),
            ("timeline", .string(timeline.rawValue)),
            ("entry", entry),
        ]
        out.append(("command", JSON.object(command).serialized()))
        if changed, let patch { out.append(("patch", patch)) }
        return out
    }

    /// The printed line of a log element as the page rebuilds it from the element's fields
    /// (log.js, `printedText`): the event those fields and its style describe, printed; a line
    /// is sent as a reference only when that is the line printed.
    public static func printed(_ e: Event) -> String {
        let kind: Event.Kind
        switch style(of: e) {
        case .warning: kind = .warning
        case .appDelegate: kind = .appDelegate
        default: kind = .callback
        }
        return Event(kind: kind, callback: e.callback, viewController: e.viewController, parent: e.parent, message: e.message, depth: e.depth).text
    }

    /// The style of that line as the page gives it (log.js, `printedStyle`).
    public static func style(of e: Event) -> OutputLine.Style {
        e.callback == "warning" ? .warning : e.callback.hasPrefix("application") ? .appDelegate : .callback
    }
}
