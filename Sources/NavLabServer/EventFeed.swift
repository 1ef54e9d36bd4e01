import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabHub
import NavLabCore
import Synchronization

/// `GET /api/events`: Server-Sent Events (SPEC §4). On connecting, `retry: 1000` and one
/// `state` event: the whole document (`{"seq": S, "state": {…}}`), with the id of the last hub
/// event it includes. Then, for every line any client runs (prompt, page or script), in order
/// and all with `id:` = the hub's event id:
/// - `log` when the line added a step with lifecycle calls: `{"seq": S, "command": C, "events":
///   [SPEC §3 log elements, less their seq and command]}`;
/// - `command`: the line, its origin, status and what it printed; a printed line that is one of
///   the `log` event's calls is not repeated but given as its index k there (a number); a new
///   step's timeline `entry` without what the event or the log says already;
/// - `patch` when it moved the model: `{"seq": S, "from": F, "ops": [RFC 6902 operations]}`,
///   which take the document at seq F to the document at S.
/// A client that reconnects with `Last-Event-ID` gets the events it missed, when the server
/// still holds all of them (the last 1,000); otherwise a new `state` event first. A comment line
/// every `heartbeat` keeps proxies and the browser from giving up.
///
/// Each message is built once and shared by every connected client.
public final class EventFeed: Sendable {
    let hub: SessionHub
    let states: StateCache
    let messages = MessageCache()
    let heartbeat: Duration
    /// Subscriptions of the streams now open, so `closeAll` can end them.
    private let open = Mutex<Set<Int>>([])
    private let beats = Mutex(0)

    init(hub: SessionHub, states: StateCache, heartbeat: Duration) {
        self.hub = hub
        self.states = states
        self.heartbeat = heartbeat
    }

    public var openStreams: Int { open.withLock { $0.count } }
    /// Heartbeat comments written so far, to every stream.
    public var heartbeatsWritten: Int { beats.withLock { $0 } }

    /// Ends every open stream (what was already sent stays delivered): for shutdown, and
    /// for tests that read a whole stream.
    public func closeAll() {
        let ids = open.withLock { ids in defer { ids.removeAll() }; return ids }
        for id in ids { hub.unsubscribe(id) }
    }

    enum Item: Sendable {
        case event(HubEvent)
        case heartbeat
    }

    /// The stream; gzip-compressed, one flush per message, when the client accepts it.
    func response(lastEventID: Int?, gzip: Bool = false) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.vary] = "Accept-Encoding"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        let deflater = gzip ? StreamDeflater() : nil
        if deflater != nil { headers[.contentEncoding] = "gzip" }
        let body = ResponseBody { [self] writer in
            /// Writes `buffer` as it is, or compressed and flushed.
            func send(_ buffer: ByteBuffer) async throws {
                if let deflater {
                    try await writer.write(ByteBuffer(bytes: deflater.compress(Array(buffer.readableBytesView))))
                } else {
                    try await writer.write(buffer)
                }
            }
            // The subscription and the snapshot are taken at the same instant, under the hub's
            // lock (and only once the body is being written, so a client gone before that
            // costs nothing): every later line's patch applies to that document.
            let (id, start, events) = hub.subscribe(after: lastEventID)
            open.withLock { _ = $0.insert(id) }
            defer {
                hub.unsubscribe(id)
                open.withLock { _ = $0.remove(id) }
            }
            var first = EventFeed.retry
            if case .snapshot(let seq, let state, let last) = start {
                first += EventFeed.stateMessage(seq: seq, id: last, document: await states.json(seq: seq, state: state))
            }
            try await send(ByteBuffer(string: first))
            let (items, feed) = AsyncStream<Item>.makeStream()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in events { feed.yield(.event(event)) }
                    feed.finish()
                }
                let heartbeat = self.heartbeat
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: heartbeat)
                        feed.yield(.heartbeat)
                    }
                }
                for await item in items {
                    switch item {
                    case .event(let event): try await send(await messages.message(for: event, feed: self))
                    case .heartbeat:
                        try await send(ByteBuffer(string: ": heartbeat\n\n"))
                        beats.withLock { $0 += 1 }
                    }
                }
                group.cancelAll()
            }
            if let deflater { try await writer.write(ByteBuffer(bytes: deflater.finish())) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// A gzip stream as a client that accepts it gets one: feed it what the stream carried so
    /// far, then the bytes of the next message on the wire (`make bench`).
    public final class CompressedStream {
        private let deflater: StreamDeflater
        /// nil when zlib cannot start a stream.
        public init?() {
            guard let d = StreamDeflater() else { return nil }
            deflater = d
        }
        /// The compressed size of `text` sent next on this stream.
        public func send(_ text: String) -> Int { deflater.compress(Array(text.utf8)).count }
    }

    /// The text every client is sent for `event` (`make bench`).
    public func messageText(for event: HubEvent) async -> String {
        String(buffer: await messages.message(for: event, feed: self))
    }

    /// What a client that connects now gets first (`make bench`).
    public func connectText() async -> String {
        let (seq, state) = hub.read { ($0.seq, $0.state) }
        return EventFeed.retry + EventFeed.stateMessage(seq: seq, id: 0, document: await states.json(seq: seq, state: state))
    }

    /// The first line of every stream: reconnect after a second.
    static let retry = "retry: 1000\n\n"

    /// The `state` event: the whole document at `seq`, with the id of the last event in it.
    static func stateMessage(seq: Int, id: Int?, document: String) -> String {
        message("state", id: id, data: "{\"seq\":\(seq),\"state\":\(document)}")
    }

    static func message(_ event: String, id: Int?, data: String) -> String {
        "event: \(event)\n" + (id.map { "id: \($0)\n" } ?? "") + "data: \(data)\n\n"
    }

    /// The messages for one hub event (built off the hub's lock, except for the short read of
    /// the step's timeline entry and calls).
    func build(_ event: HubEvent) async -> ByteBuffer {
        let timeline = event.timeline.rawValue
        var entry: JSON = .null
        var logged: [Event] = []
        var stepCommand = ""
        if timeline == "append" {
            (entry, logged, stepCommand) = hub.read { session in
                guard let i = PageDocument.index(ofSeq: event.seq, in: session.entries) else { return (JSON.null, [], "") }
                let e = session.entries[i]
                return (PageDocument.entry(e, index: i, cursor: session.cursor), e.events.filter(\.isLogged), e.command)
            }
        }
        var text = ""
        if !logged.isEmpty {
            // SPEC §3 log elements, their `seq` and `command` said once for the step.
            let log = JSON.array(logged.map { e -> JSON in
                guard case .object(let fields) = e.json(seq: event.seq, command: stepCommand) else { return .null }
                return .object(fields.filter { $0.0 != "seq" && $0.0 != "command" })
            })
            text += EventFeed.message("log", id: event.id, data: JSON.object([("seq", .int(event.seq)), ("command", .string(stepCommand)), ("events", log)]).serialized())
        }
        // The printed lines; a call the log event carries is given by its index there (the
        // calls appear in the output in the order they were logged).
        var next = 0
        let lines: [JSON] = event.lines.map { line in
            if next < logged.count {
                let call = Session.line(logged[next])
                if call.style == line.style, call.text == line.text, EventFeed.printed(logged[next]) == line.text,
                   EventFeed.style(of: logged[next]) == line.style {
                    next += 1
                    return .int(next - 1)
                }
            }
            return PageDocument.line(line)
        }
        // The new step's timeline entry, less what the event says already (its seq, command,
        // status) and the calls (the log event's).
        if case .object(let fields) = entry {
            entry = .object(fields.filter { !["seq", "status", "current", "undone", "events"].contains($0.0) })
        }
        let command: JSON = .object([
            ("id", .int(event.id)),
            ("origin", .string(event.origin.rawValue)),
            ("line", .string(event.line)),
            ("status", .string(event.status.rawValue)),
            ("seq", .int(event.seq)),
            ("lines", .array(lines)),
            ("timeline", .string(timeline)),
            ("entry", entry),
        ])
        text += EventFeed.message("command", id: event.id, data: command.serialized())
        if event.changed, let patch = event.attachment {
            text += EventFeed.message("patch", id: event.id, data: patch)
        }
        return ByteBuffer(string: text)
    }

    /// The printed line of a log element as the page rebuilds it from the element's fields
    /// (log.js, `printedText`): the event those fields and its style describe, printed; a line
    /// is sent as a reference only when that is the line printed.
    static func printed(_ e: Event) -> String {
        let kind: Event.Kind
        switch style(of: e) {
        case .warning: kind = .warning
        case .appDelegate: kind = .appDelegate
        default: kind = .callback
        }
        return Event(kind: kind, callback: e.callback, viewController: e.viewController, parent: e.parent, message: e.message).text
    }

    /// The style of that line as the page gives it (log.js, `printedStyle`).
    static func style(of e: Event) -> OutputLine.Style {
        e.callback == "warning" ? .warning : e.callback.hasPrefix("application") ? .appDelegate : .callback
    }
}

/// The SSE bytes of recent hub events, built once for all clients.
actor MessageCache {
    private var built: [Int: Task<ByteBuffer, Never>] = [:]
    private var order: [Int] = []
    static let limit = 256

    func message(for event: HubEvent, feed: EventFeed) async -> ByteBuffer {
        if let task = built[event.id] { return await task.value }
        let task = Task.detached { await feed.build(event) }
        built[event.id] = task
        order.append(event.id)
        if order.count > MessageCache.limit {
            for old in order.prefix(order.count - MessageCache.limit) { built[old] = nil }
            order.removeFirst(order.count - MessageCache.limit)
        }
        return await task.value
    }
}

/// The page's state document (PageDocument.state, serialized) by `seq`. A seq names one
/// state for good (seqs are never reused), so a document once built stays right.
actor StateCache {
    let hub: SessionHub
    private var built: [Int: Task<String?, Never>] = [:]
    private var order: [Int] = []
    static let limit = 16

    init(hub: SessionHub) { self.hub = hub }

    /// The state after the step `seq`: the live state if the session is there, else a replay
    /// of the timeline; nil when that step was undone and overwritten.
    func json(seq: Int) async -> String? {
        if let task = built[seq] { return await task.value }
        let hub = self.hub
        let task = Task.detached { () -> String? in
            // Copying a State out of the lock is O(1) (it is a value); rendering happens outside.
            PageServer.state(at: seq, hub: hub).map { PageDocument.state($0.1, seq: seq).serialized() }
        }
        remember(seq, task)
        return await task.value
    }

    /// The document of `state`, which is the state at `seq` (a subscription's snapshot).
    func json(seq: Int, state: State) async -> String {
        if let task = built[seq], let json = await task.value { return json }
        let task = Task.detached { () -> String? in PageDocument.state(state, seq: seq).serialized() }
        remember(seq, task)
        return await task.value ?? ""
    }

    private func remember(_ seq: Int, _ task: Task<String?, Never>) {
        built[seq] = task
        order.append(seq)
        if order.count > StateCache.limit {
            for old in order.prefix(order.count - StateCache.limit) { built[old] = nil }
            order.removeFirst(order.count - StateCache.limit)
        }
    }

    /// The session's state now, and its seq.
    func current() async -> (Int, String) {
        let seq = hub.read { $0.seq }
        if let json = await json(seq: seq) { return (seq, json) }
        // The session moved between the two reads: render what it holds now.
        let (now, state) = hub.read { ($0.seq, $0.state) }
        return (now, PageDocument.state(state, seq: now).serialized())
    }
}
