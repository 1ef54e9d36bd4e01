// What the page is sent after each line, built the same way by both hosts: the native server
// (its event stream, /api/events) and the browser build (its Web Worker). Pure: the hosts
// bring the session and the line's result; these make the messages.
import NavLabCore

/// The event-stream messages (Docs/Page.md, "The event stream"): `state` on connect, then per line `command` (what was
/// typed and printed, and the calls UIKit made) and `patch`.
public enum PageEvents {
    /// The first line of every stream: reconnect after a second.
    public static let retry = "retry: 1000\n\n"

    /// The `state` event's data: the whole document at `seq`.
    public static func stateData(seq: Int, document: String) -> String { "{\"seq\":\(seq),\"state\":\(document)}" }

    public static func message(_ event: String, id: Int?, data: String) -> String {
        "event: \(event)\n" + (id.map { "id: \($0)\n" } ?? "") + "data: \(data)\n\n"
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
        // `log --json` elements, without the `seq` and `command` the event gives once.
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
