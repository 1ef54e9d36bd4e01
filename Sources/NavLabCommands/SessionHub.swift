import NavLabCore
import Synchronization

/// Where a command came from: the prompt, the page, or a script.
public enum Origin: String, Sendable, Hashable {
    case repl, web, script
}

/// What one executed line did, as every observer sees it.
public struct HubEvent: Sendable {
    /// Increases by one for every line any client runs (SSE ids); never reused.
    public let id: Int
    public let origin: Origin
    public let line: String
    public let status: Response.Status
    public let lines: [OutputLine]
    /// The timeline position after the line (`seq` of SPEC §3).
    public let seq: Int
    /// Whether the model changed (a `state` event is due).
    public let changed: Bool
}

/// The one Session shared by the prompt and the web server, safe to use from any thread.
/// Every line runs under one lock, in arrival order; observers get every HubEvent in order.
public final class SessionHub: Sendable {
    private struct Inner {
        var session: Session
        var nextEventID = 1
        var subscribers: [Int: AsyncStream<HubEvent>.Continuation] = [:]
        var nextSubscriber = 1
        /// The most recent events, for clients that reconnect with Last-Event-ID.
        var recent: [HubEvent] = []
    }
    private let inner: Mutex<Inner>
    public static let recentLimit = 1000

    public init(session: sending Session = Session()) {
        inner = Mutex(Inner(session: session))
    }

    /// Runs one line in the shared session and tells every subscriber.
    @discardableResult
    public func execute(_ line: String, origin: Origin, lineNumber: Int = 1) -> (Response, HubEvent) {
        inner.withLock { s in
            let before = s.session.seq
            let response = s.session.execute(line, lineNumber: lineNumber)
            let event = HubEvent(id: s.nextEventID, origin: origin, line: line, status: response.status,
                                 lines: response.lines, seq: s.session.seq,
                                 changed: s.session.seq != before || response.status == .done)
            s.nextEventID += 1
            if response.status != .empty {
                s.recent.append(event)
                if s.recent.count > SessionHub.recentLimit { s.recent.removeFirst(s.recent.count - SessionHub.recentLimit) }
                for c in s.subscribers.values { c.yield(event) }
            }
            return (response, event)
        }
    }

    /// Runs a whole script in the shared session under the lock (`load` at the prompt) and
    /// tells subscribers about every line it ran, in order.
    public func runScript(_ text: String, file: String, origin: Origin,
                          configure: (inout ScriptRunner) -> Void = { _ in }) -> ScriptRunner.Result {
        inner.withLock { s in
            let session = s.session
            var runner = ScriptRunner(session: session, mode: .run(keepGoing: false))
            configure(&runner)
            let ran = Lines()
            runner.onLine = { line, response in ran.list.append((line, response, session.seq)) }
            let result = runner.run(text, file: file)
            var previous = -1
            for (line, response, seq) in ran.list {
                let event = HubEvent(id: s.nextEventID, origin: origin, line: line, status: response.status,
                                     lines: response.lines, seq: seq, changed: seq != previous)
                previous = seq
                s.nextEventID += 1
                s.recent.append(event)
                for c in s.subscribers.values { c.yield(event) }
            }
            if s.recent.count > SessionHub.recentLimit { s.recent.removeFirst(s.recent.count - SessionHub.recentLimit) }
            return result
        }
    }

    /// Reads the session under the lock (render JSON, history, completion candidates).
    public func read<T: Sendable>(_ body: (Session) -> T) -> T {
        inner.withLock { body($0.session) }
    }

    /// Every event from now on, plus those after `lastEventID` still kept (for reconnects).
    public func subscribe(after lastEventID: Int? = nil) -> (id: Int, events: AsyncStream<HubEvent>) {
        let (stream, continuation) = AsyncStream<HubEvent>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let id = inner.withLock { s in
            if let last = lastEventID { for e in s.recent where e.id > last { continuation.yield(e) } }
            let id = s.nextSubscriber
            s.nextSubscriber += 1
            s.subscribers[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    public func unsubscribe(_ id: Int) {
        let c = inner.withLock { $0.subscribers.removeValue(forKey: id) }
        c?.finish()
    }

    public var subscriberCount: Int { inner.withLock { $0.subscribers.count } }
}

/// The lines a script ran, collected for publishing.
private final class Lines {
    var list: [(String, Response, Int)] = []
}
