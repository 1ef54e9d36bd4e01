import NavLabCore

/// Where a line came from: the prompt, the page, or a script.
public enum Origin: String, Sendable, Hashable {
    case repl, web, script
}

/// What one line did, as every host and every page sees it: the line's result, where it moved
/// the session, and what the page is sent for it (`messages()`). Made by PageSession, in the
/// order the lines ran; a value, so a host may build the messages later, off its lock.
public struct PageLine: Sendable {
    /// Rises by one for every line run, whatever its origin, and is never reused: the event
    /// stream's `id:`, and what `POST /api/commands` gives as each line's `eventID`.
    public let id: Int
    public let origin: Origin
    /// The line as the page shows it (a here-document's first line: `import uikit <<END`).
    public let line: String
    public let result: LineResult
    /// The session's step after the line.
    public let seq: Int
    public let move: StepMove
    public let timeline: TimelineChange
    /// The `patch` message's data: the JSON Patch from the page's document before the line to
    /// the one after it; nil when the line did not move the model.
    public let patch: String?
    /// The step the line added, as it was then (its entry, index and the cursor after it).
    let step: (entry: Entry, index: Int, cursor: Int)?

    public var status: LineResult.Status { result.status }
    public var lines: [OutputLine] { result.lines }
    /// Whether the model changed (a `patch` message is due).
    public var changed: Bool { move != .none }
    /// Whether the pages hear of it: a blank or comment-only line says nothing.
    public var isPublished: Bool { result.status != .empty }

    /// The event-stream messages for the line, in order, as (event, data): `command`, then
    /// `patch` when the model changed (PageEvents.lineMessages; Docs/Page.md, "The event stream").
    public func messages() -> [(name: String, data: String)] {
        let parts = step.map { s in
            (entry: PageDocument.entry(s.entry, index: s.index, cursor: s.cursor), logged: s.entry.events.filter { $0.isLogged }, command: s.entry.command)
        }
        return PageEvents.lineMessages(origin: origin.rawValue, line: line, status: result.status, seq: seq, lines: result.lines,
                                       timeline: timeline, changed: changed, patch: patch, step: parts)
            .map { (name: $0.0, data: $0.1) }
    }
}
