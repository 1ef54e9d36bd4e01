import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabHub
import NavLabCore
import Synchronization

/// `GET /api/events`: Server-Sent Events (Docs/Page.md, "The event stream"). On connecting,
/// `retry: 1000` and one `state` event: the whole document (`{"seq": S, "state": {…}}`), with
/// the id of the last line it includes. Then, for every line any client runs (prompt, page or
/// script), in order and all with `id:` = the line's id, the messages the page protocol makes
/// for it (PageLine.messages: `command`, then `patch` when it moved the model). A client that
/// reconnects with `Last-Event-ID` gets the lines it missed, when the server still holds all
/// of them (the last 1,000); otherwise a new `state` event first. A comment line every
/// `heartbeat` keeps proxies and the browser from giving up.
///
/// Each message is built once, off the hub's lock, and shared by every connected client.
public final class EventFeed: Sendable {
    let hub: SessionHub
    let states: StateCache
    let messages = MessageCache()
    let heartbeat: Duration
    /// Subscriptions of the streams now open, so `closeAll` can end them.
    private let open = Mutex<Set<Int>>([])
    private let beats = Mutex(0)

    init(hub: SessionHub, heartbeat: Duration) {
        self.hub = hub
        states = StateCache()
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
        case event(PageLine)
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
    public func messageText(for event: PageLine) async -> String {
        String(buffer: await messages.message(for: event, feed: self))
    }

    /// What a client that connects now gets first (`make bench`).
    public func connectText() async -> String {
        let (seq, state) = hub.read { ($0.seq, $0.state) }
        return EventFeed.retry + EventFeed.stateMessage(seq: seq, id: 0, document: await states.json(seq: seq, state: state))
    }

    /// The first line of every stream: reconnect after a second.
    static let retry = PageEvents.retry

    /// The `state` event: the whole document at `seq`, with the id of the last event in it.
    static func stateMessage(seq: Int, id: Int?, document: String) -> String {
        message("state", id: id, data: PageEvents.stateData(seq: seq, document: document))
    }

    static func message(_ event: String, id: Int?, data: String) -> String { PageEvents.message(event, id: id, data: data) }

    /// The messages for one line (built off the hub's lock).
    func build(_ line: PageLine) -> ByteBuffer {
        ByteBuffer(string: line.messages().map { EventFeed.message($0.name, id: line.id, data: $0.data) }.joined())
    }
}

/// The SSE bytes of recent lines, built once for all clients.
actor MessageCache {
    private var built: [Int: Task<ByteBuffer, Never>] = [:]
    private var order: [Int] = []
    static let limit = 256

    func message(for event: PageLine, feed: EventFeed) async -> ByteBuffer {
        if let task = built[event.id] { return await task.value }
        let task = Task.detached { feed.build(event) }
        built[event.id] = task
        order.append(event.id)
        if order.count > MessageCache.limit {
            for old in order.prefix(order.count - MessageCache.limit) { built[old] = nil }
            order.removeFirst(order.count - MessageCache.limit)
        }
        return await task.value
    }
}

/// The page's state document (PageDocument.stateText) by `seq`, for the `state` message of
/// streams that connect: built once for the clients that connect at the same step, off the
/// hub's lock. A seq names one state for good (seqs are never reused).
actor StateCache {
    private var built: [Int: Task<String, Never>] = [:]
    private var order: [Int] = []
    static let limit = 16

    /// The document of `state`, which is the state at `seq` (a subscription's snapshot).
    func json(seq: Int, state: State) async -> String {
        if let task = built[seq] { return await task.value }
        let task = Task.detached { PageDocument.stateText(state, seq: seq) }
        built[seq] = task
        order.append(seq)
        if order.count > StateCache.limit {
            for old in order.prefix(order.count - StateCache.limit) { built[old] = nil }
            order.removeFirst(order.count - StateCache.limit)
        }
        return await task.value
    }
}
