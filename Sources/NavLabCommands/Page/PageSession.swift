import NavLabCore

/// The page's protocol, once, for both hosts (Docs/Architecture.md): the session, the page's
/// document as the pages last received it (PageTracker), the event ids and the journal rule.
/// It runs a line (`run`: the line's result and what the page is sent for it) and answers a
/// request (`answer`: the one route table, PageRoutes), giving the lines a request ran. The
/// native host puts a lock around it and fans those lines out to every event stream
/// (SessionHub); the browser host is C-ABI glue around one of it (Web/Sources). No threads, no
/// clock: whoever owns it runs one call at a time.
public final class PageSession {
    /// Whether the page runs the engine itself (no server, no prompt): refusals then name
    /// the page's own ways to read and write files (PageCommands.refusal).
    public enum Host: Sendable {
        case server, browser
    }

    public let session: Session
    public let host: Host
    /// The page's document as the pages have it: each line's `patch` takes it one step on.
    public private(set) var tracker: PageTracker
    /// The id the next line gets (the browser host sets it when it moves a session from its
    /// start module to the complete one, so the ids go on rising).
    public var nextEventID = 1
    /// Told of every line that moved the session and of every comment line (it belongs to
    /// the step below it), in order: what runs the session again from where it started (the
    /// prompt's journal on disk; the browser's localStorage). Lines that moved nothing
    /// (questions, errors) are left out: run again they would move nothing either.
    public var onKept: ((String) -> Void)?
    /// Where the session was after the last line this saw: a line's move is measured from it.
    private var mark: (cursor: Int, seq: Int)
    /// While a request or a script runs: the lines it ran that the pages hear of.
    private var collected: [PageLine]?

    public init(session: Session = Session(), host: Host = .server) {
        self.session = session
        self.host = host
        tracker = PageTracker(session)
        mark = (session.cursor, session.seq)
    }

    // MARK: Lines

    /// Runs one line, as typed at the prompt or sent by the page.
    @discardableResult
    public func run(_ line: String, lineNumber: Int = 1, origin: Origin) -> PageLine {
        mark = (session.cursor, session.seq)
        return record(line, session.execute(line, lineNumber: lineNumber), origin: origin)
    }

    /// Runs a whole script (`load` at the prompt) through ScriptRunner, every line it runs
    /// recorded as `run` records one; with the lines the pages hear of, in order. `configure`
    /// gives the runner what its host has (files).
    public func run(script text: String, file: String, origin: Origin,
                    configure: (inout ScriptRunner) -> Void = { _ in }) -> (ScriptRunner.Result, [PageLine]) {
        var runner = ScriptRunner(session: session, mode: .run(keepGoing: false))
        configure(&runner)
        mark = (session.cursor, session.seq)
        collected = []
        defer { collected = nil }
        runner.onLine = { [self] line, result in _ = record(line, result, origin: origin) }
        let result = runner.run(text, file: file)
        return (result, collected ?? [])
    }

    /// The bookkeeping after a line ran: how far it moved the session, its event id, the
    /// page's patch, the journal, and the step it added.
    private func record(_ line: String, _ result: LineResult, origin: Origin, quiet: Bool = false) -> PageLine {
        let move = StepMove.between(cursor: mark.cursor, seq: mark.seq, and: session)
        mark = (session.cursor, session.seq)
        let id = nextEventID
        nextEventID += 1
        if move != .none || line.isCommentLine { onKept?(line) }
        let timeline = TimelineChange.of(result, move)
        var patch: String?, step: (entry: Entry, index: Int, cursor: Int)?
        if !quiet {
            patch = tracker.advance(session, move: move)
            if timeline == .append, let i = PageDocument.index(ofSeq: session.seq, in: session.entries) {
                step = (session.entries[i], i, session.cursor)
            }
        }
        let ran = PageLine(id: id, origin: origin, line: ParsedLine.headline(line), result: result, seq: session.seq, move: move,
                           timeline: timeline, patch: patch, step: step)
        if !quiet, ran.isPublished { collected?.append(ran) }
        return ran
    }

    /// The `state` message a page gets when it connects, with the id of the last line in it.
    public func connectMessage() -> (name: String, id: Int, data: String) {
        ("state", nextEventID - 1, PageEvents.stateData(seq: session.seq, document: PageDocument.stateText(session.state, seq: session.seq)))
    }

    // MARK: Requests

    /// What one request got: its answer, and the lines it ran (`POST /api/commands`), each with
    /// the messages the event stream carries for it.
    public struct Reply {
        public var answer: PageAnswer
        public var lines: [PageLine]
    }

    /// One of the page's requests, answered by the one route table (PageRoutes).
    public func answer(_ request: PageRequest) -> Reply {
        collected = []
        defer { collected = nil }
        let answer = PageRoutes.answer(request, in: self)
        return Reply(answer: answer, lines: answer.status == 501 ? [] : collected ?? [])
    }

    /// `POST /api/commands`: the text's lines as PageCommands runs them. In the browser's start
    /// module a line may need what it leaves out: the request is then answered 501 and none of
    /// its lines counts (its host runs the journal again in the complete module, from before
    /// the request, and asks again there; the ids go on from where they were).
    func runCommands(_ text: String) -> PageAnswer {
        let firstID = nextEventID
        var lacking: NavLabError?
        let answer = PageCommands.run(text, inBrowser: host == .browser, execute: { line, n in
            let ran = run(line, lineNumber: n, origin: .web)
            if ran.result.error?.kind == .notInThisBuild { lacking = ran.result.error }
            return (ran.result, ran.id)
        }, seq: { session.seq })
        if let lacking {
            nextEventID = firstID
            return .notInThisBuild(lacking)
        }
        return .json(answer.serialized())
    }

    /// The journal a page kept, run again (a reload, or the browser's module started again
    /// after a trap): every line as `POST /api/commands` runs it, but neither what each
    /// printed nor its messages are made — the page starts from the state after it — so a
    /// session of 10,000 lines is not 10,000 answers held at once. The answer is the POST's,
    /// with only a line that failed in `results`.
    public func replay(_ text: String) -> PageAnswer {
        var lacking: NavLabError?
        let answer = PageCommands.run(text, inBrowser: host == .browser, keepResults: false, execute: { line, n in
            mark = (session.cursor, session.seq)
            let ran = record(line, session.execute(line, lineNumber: n), origin: .web, quiet: true)
            if ran.result.error?.kind == .notInThisBuild { lacking = ran.result.error }
            return (ran.result, ran.id)
        }, seq: { session.seq })
        if let lacking { return .notInThisBuild(lacking) }
        // The page's document follows from here (its `state` message comes next).
        tracker = PageTracker(session)
        return .json(answer.serialized())
    }
}
