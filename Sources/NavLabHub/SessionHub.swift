import NavLabCommands
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
    public let status: LineResult.Status
    public let lines: [OutputLine]
    /// The timeline position after the line (`seq` of SPEC §3).
    public let seq: Int
    /// Whether the model changed (a `patch` event is due).
    public let changed: Bool
    /// What the line did to the timeline.
    public let timeline: TimelineChange
    /// What the hub's observer made of the line (the page's JSON Patch), built under the lock
    /// so that every observer sees the steps in the order they happened.
    public let attachment: String?
}

/// Told of every line the hub runs, under its lock, in order: the session after the line and
/// how the line moved it. What it returns travels with the line's HubEvent (`attachment`).
/// Only ever called under the hub's lock, so it may keep mutable state without its own.
public protocol HubObserver: AnyObject, Sendable {
    func hubRan(_ session: Session, move: StepMove) -> String?
}

/// Told of every line that moved the session — a step, `undo`, `redo`, `reset`, `app` — and of
/// every comment line (it belongs to the step below it), under the hub's lock, in order: what
/// is needed to run the session again from where it started. Lines that moved nothing
/// (questions, errors) are left out: run again they would move nothing either.
public protocol HubJournal: AnyObject, Sendable {
    func hubKept(_ line: String)
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
        /// The id of the newest event no longer in `recent` (0: none dropped yet).
        var droppedThrough = 0
        var observer: (any HubObserver)?
        var journal: (any HubJournal)?

        /// Hands `line` to the journal when it moved the session or is a comment.
        func keep(_ line: String, _ move: StepMove) {
            guard let journal else { return }
            if move != .none || line.isCommentLine { journal.hubKept(line) }
        }

        mutating func publish(_ event: HubEvent) {
            recent.append(event)
            if recent.count > SessionHub.recentLimit {
                let excess = recent.count - SessionHub.recentLimit
                droppedThrough = recent[excess - 1].id
                recent.removeFirst(excess)
            }
            for c in subscribers.values { c.yield(event) }
        }
    }
    private let inner: Mutex<Inner>
    public static let recentLimit = 1000

    public init(session: sending Session = Session()) {
        inner = Mutex(Inner(session: session))
    }

    /// Runs one line in the shared session and tells every subscriber.
    @discardableResult
    public func execute(_ line: String, origin: Origin, lineNumber: Int = 1) -> (LineResult, HubEvent) {
        inner.withLock { s in
            let before = s.session.seq, cursor = s.session.cursor
            let response = s.session.execute(line, lineNumber: lineNumber)
            let move = StepMove.between(cursor: cursor, seq: before, and: s.session)
            let event = HubEvent(id: s.nextEventID, origin: origin, line: ParsedLine.headline(line), status: response.status,
                                 lines: response.lines, seq: s.session.seq, changed: move != .none,
                                 timeline: TimelineChange.of(response, move), attachment: s.observer?.hubRan(s.session, move: move))
            s.nextEventID += 1
            s.keep(line, move)
            if response.status != .empty { s.publish(event) }
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
            let ran = Lines(cursor: session.cursor, seq: session.seq)
            let observer = s.observer
            let keep = s.keep
            runner.onLine = { line, response in
                let move = StepMove.between(cursor: ran.cursor, seq: ran.seq, and: session)
                keep(line, move)
                ran.cursor = session.cursor
                ran.seq = session.seq
                ran.list.append((line, response, session.seq, move, observer?.hubRan(session, move: move)))
            }
            let result = runner.run(text, file: file)
            for (line, response, seq, move, attachment) in ran.list {
                let event = HubEvent(id: s.nextEventID, origin: origin, line: ParsedLine.headline(line), status: response.status,
                                     lines: response.lines, seq: seq, changed: move != .none,
                                     timeline: TimelineChange.of(response, move), attachment: attachment)
                s.nextEventID += 1
                s.publish(event)
            }
            return result
        }
    }

    /// Reads the session under the lock (render JSON, history, completion candidates).
    public func read<T: Sendable>(_ body: (Session) -> T) -> T {
        inner.withLock { body($0.session) }
    }

    /// The journal told of every line that moves the session from now on (nil: none).
    public func setJournal(_ journal: (any HubJournal)?) {
        inner.withLock { $0.journal = journal }
    }

    /// The observer told of every line from now on: the one installed, when it is an `O`;
    /// else `make` builds one from the session as it is (under the lock, so it starts from
    /// exactly that state) and it is installed.
    public func observer<O: HubObserver>(_ make: (Session) -> O) -> O {
        inner.withLock { s in
            if let existing = s.observer as? O { return existing }
            let o = make(s.session)
            s.observer = o
            return o
        }
    }

    /// Where a subscription begins.
    public enum Start: Sendable {
        /// The events after the client's `Last-Event-ID` were all still kept: they come first.
        case resumed
        /// From the state now (taken under the lock, as of event `lastEventID`; a value, so
        /// O(1)); the stream has every event after it.
        case snapshot(seq: Int, state: State, lastEventID: Int)
    }

    /// Every event from now on. When the client had seen up to `lastEventID` and every event
    /// after it is still kept, those come first (`.resumed`); otherwise the subscription starts
    /// from a snapshot of the state taken at the same instant.
    public func subscribe(after lastEventID: Int? = nil) -> (id: Int, start: Start, events: AsyncStream<HubEvent>) {
        let (stream, continuation) = AsyncStream<HubEvent>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let (id, start) = inner.withLock { s -> (Int, Start) in
            let start: Start
            if let last = lastEventID, last >= s.droppedThrough, last < s.nextEventID {
                for e in s.recent where e.id > last { continuation.yield(e) }
                start = .resumed
            } else {
                start = .snapshot(seq: s.session.seq, state: s.session.state, lastEventID: s.nextEventID - 1)
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

/// The lines a script ran, collected for publishing, and where the last one left the session.
private final class Lines {
    var list: [(String, LineResult, Int, StepMove, String?)] = []
    var cursor: Int
    var seq: Int
    init(cursor: Int, seq: Int) { self.cursor = cursor; self.seq = seq }
}
