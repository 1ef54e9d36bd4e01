import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabCore
import Synchronization

/// `GET /api/events`: Server-Sent Events. For every line any client runs, in order:
/// `event: command` (the line, its origin, what it printed), then `event: log` (the lifecycle
/// calls it caused, SPEC §3 log elements) when it added a step to the timeline, then
/// `event: state` (the state after it, with `seq`; only the seq, `superseded`, when later lines
/// have already moved the model on) when it changed the model. All three carry
/// `id:` = the hub's event id, so a client that reconnects with `Last-Event-ID` catches up.
/// A comment line every `heartbeat` keeps proxies and the browser from giving up.
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

    func response(lastEventID: Int?) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        let body = ResponseBody { [self] writer in
            // Subscribe before reading the snapshot, so nothing between the two is lost (and
            // only once the body is being written, so a client gone before that costs nothing).
            let (id, events) = hub.subscribe(after: lastEventID)
            open.withLock { _ = $0.insert(id) }
            defer {
                hub.unsubscribe(id)
                open.withLock { _ = $0.remove(id) }
            }
            // Where the client is: the state now (no id: it is not one of the hub's events).
            let (seq, data) = await states.current()
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n" + EventFeed.message("state", id: nil, data: "{\"seq\":\(seq),\"state\":\(data)}")))
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
                    case .event(let event): try await writer.write(await messages.message(for: event, feed: self))
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                        beats.withLock { $0 += 1 }
                    }
                }
                group.cancelAll()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    static func message(_ event: String, id: Int?, data: String) -> String {
        "event: \(event)\n" + (id.map { "id: \($0)\n" } ?? "") + "data: \(data)\n\n"
    }

    /// The messages for one hub event (built off the hub's lock, except for the short reads).
    func build(_ event: HubEvent) async -> ByteBuffer {
        let timeline = EventFeed.timelineChange(of: event)
        var entry: JSON = .null
        var log: JSON?
        if timeline == "append" {
            (entry, log) = hub.read { session in
                guard let i = PageDocument.index(ofSeq: event.seq, in: session.entries) else { return (JSON.null, nil) }
                let e = session.entries[i]
                let logged = e.events.filter(\.isLogged).map { $0.json(seq: e.seq, command: e.command) }
                return (PageDocument.entry(e, index: i, cursor: session.cursor), logged.isEmpty ? nil : JSON.array(logged))
            }
        }
        let command: JSON = .object([
            ("id", .int(event.id)),
            ("origin", .string(event.origin.rawValue)),
            ("line", .string(event.line)),
            ("status", .string(event.status.rawValue)),
            ("seq", .int(event.seq)),
            ("lines", .array(event.lines.map(PageDocument.line))),
            ("timeline", .string(timeline)),
            ("entry", entry),
        ])
        var text = EventFeed.message("command", id: event.id, data: command.serialized())
        if let log {
            text += EventFeed.message("log", id: event.id, data: JSON.object([("seq", .int(event.seq)), ("events", log)]).serialized())
        }
        if event.changed {
            // The document when the session is still at this step; once later lines have
            // moved it on, only the seq (their own state events carry the newer documents).
            // A burst of lines, or a client catching up, costs one document, not one per line.
            let current = hub.read { $0.seq } == event.seq
            if current, let state = await states.json(seq: event.seq) {
                text += EventFeed.message("state", id: event.id, data: "{\"seq\":\(event.seq),\"state\":\(state)}")
            } else {
                text += EventFeed.message("state", id: event.id, data: "{\"seq\":\(event.seq),\"superseded\":true}")
            }
        }
        return ByteBuffer(string: text)
    }

    /// What the line did to the timeline: `append` (a new step: a model command or `reset`),
    /// `move` (`undo`, `redo`), or `none`.
    static func timelineChange(of event: HubEvent) -> String {
        guard event.status == .done || event.status == .ignored,
              let parsed = try? LineParser.parse(event.line) else { return "none" }
        switch parsed.action {
        case .model, .meta(.reset): return "append"
        case .meta(.undo), .meta(.redo): return event.status == .done ? "move" : "none"
        default: return "none"
        }
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
            let state: State? = hub.read { session in
                if session.seq == seq { return session.state }
                return PageDocument.index(ofSeq: seq, in: session.entries).map { session.state(at: $0) }
            }
            return state.map { PageDocument.state($0, seq: seq).serialized() }
        }
        built[seq] = task
        order.append(seq)
        if order.count > StateCache.limit {
            for old in order.prefix(order.count - StateCache.limit) { built[old] = nil }
            order.removeFirst(order.count - StateCache.limit)
        }
        return await task.value
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
