import NavLabCommands
import NavLabCore
import Synchronization

/// Told of every line that moved the session — a step, `undo`, `redo`, `reset`, `app` — and of
/// every comment line (it belongs to the step below it), under the hub's lock, in order: what
/// is needed to run the session again from where it started (PageSession.onKept).
public protocol HubJournal: AnyObject, Sendable {
    func hubKept(_ line: String)
}

/// The native host's page session (PageSession, the page protocol both hosts share) under a
/// lock, shared by the prompt and the web server and safe to use from any thread, and the
/// fan-out of its lines to every subscriber (the page's event streams, the prompt's
/// announcements). Every line runs under the one lock, in arrival order.
public final class SessionHub: Sendable {
    private struct Inner {
        let page: PageSession
        var subscribers: [Int: AsyncStream<PageLine>.Continuation] = [:]
        var nextSubscriber = 1
        /// The most recent lines, for clients that reconnect with Last-Event-ID.
        var recent: [PageLine] = []
        /// The id of the newest line no longer in `recent` (0: none dropped yet).
        var droppedThrough = 0

        /// Hands `line` to every subscriber and keeps it for reconnecting ones.
        mutating func publish(_ line: PageLine) {
            guard line.isPublished else { return }
            recent.append(line)
            if recent.count > SessionHub.recentLimit {
                let excess = recent.count - SessionHub.recentLimit
                droppedThrough = recent[excess - 1].id
                recent.removeFirst(excess)
            }
            for c in subscribers.values { c.yield(line) }
        }
    }
    private let inner: Mutex<Inner>
    public static let recentLimit = 1000

    public init(session: sending Session = Session()) {
        inner = Mutex(Inner(page: PageSession(session: session, host: .server)))
    }

    /// Runs one line in the shared session and tells every subscriber.
    @discardableResult
    public func execute(_ line: String, origin: Origin, lineNumber: Int = 1) -> (LineResult, PageLine) {
        inner.withLock { s in
            let ran = s.page.run(line, lineNumber: lineNumber, origin: origin)
            s.publish(ran)
            return (ran.result, ran)
        }
    }

    /// Runs a whole script in the shared session under the lock (`load` at the prompt) and
    /// tells subscribers about every line it ran, in order.
    public func runScript(_ text: String, file: String, origin: Origin,
                          configure: @Sendable (inout ScriptRunner) -> Void = { _ in }) -> ScriptRunner.Result {
        inner.withLock { s in
            let (result, lines) = s.page.run(script: text, file: file, origin: origin, configure: configure)
            for line in lines { s.publish(line) }
            return result
        }
    }

    /// One of the page's requests (`/api/…` but the event stream), answered by the one route
    /// table under the lock; the lines it runs go to every subscriber. A large document in the
    /// answer is written when its body is read, after the lock is let go.
    public func answer(_ request: PageRequest) -> PageAnswer {
        inner.withLock { s in
            let reply = s.page.answer(request)
            for line in reply.lines { s.publish(line) }
            return reply.answer
        }
    }

    /// Reads the session under the lock (render JSON, history, completion candidates).
    public func read<T: Sendable>(_ body: (Session) -> T) -> T {
        inner.withLock { body($0.page.session) }
    }

    /// The journal told of every line that moves the session from now on (nil: none).
    public func setJournal(_ journal: (any HubJournal)?) {
        inner.withLock { s in
            s.page.onKept = journal.map { j in { j.hubKept($0) } }
        }
    }

    /// Where a subscription begins.
    public enum Start: Sendable {
        /// The lines after the client's `Last-Event-ID` were all still kept: they come first.
        case resumed
        /// From the state now (taken under the lock, as of line `lastEventID`; a value, so
        /// O(1)); the stream has every line after it.
        case snapshot(seq: Int, state: State, lastEventID: Int)
    }

    /// Every line from now on. When the client had seen up to `lastEventID` and every line
    /// after it is still kept, those come first (`.resumed`); otherwise the subscription starts
    /// from a snapshot of the state taken at the same instant.
    public func subscribe(after lastEventID: Int? = nil) -> (id: Int, start: Start, events: AsyncStream<PageLine>) {
        let (stream, continuation) = AsyncStream<PageLine>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let (id, start) = inner.withLock { s -> (Int, Start) in
            let start: Start
            let next = s.page.nextEventID
            if let last = lastEventID, last >= s.droppedThrough, last < next {
                for e in s.recent where e.id > last { continuation.yield(e) }
                start = .resumed
            } else {
                start = .snapshot(seq: s.page.session.seq, state: s.page.session.state, lastEventID: next - 1)
            }
            let id = s.nextSubscriber
            s.nextSubscriber += 1
            s.subscribers[id] = continuation
            return (id, start)
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, start, stream)
    }

    public func unsubscribe(_ id: Int) {
        let c = inner.withLock { $0.subscribers.removeValue(forKey: id) }
        c?.finish()
    }

    public var subscriberCount: Int { inner.withLock { $0.subscribers.count } }
}
