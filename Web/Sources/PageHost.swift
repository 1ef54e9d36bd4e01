// The page's host inside the browser: one session, answering the page's requests (SPEC §4)
// as the native server does — the same routes, the same JSON (PageRoutes, PageCommands,
// PageDocument) — and giving, for each line run, the messages the server's event stream
// would carry (PageEvents). The Web Worker calls it; no threads, no clock.
import NavLabCore
import NavLabCommands

struct PageHost {
    var session = Session()
    var tracker: PageTracker
    var nextEventID = 1
    /// Lines that moved the session, and comment lines (what the native journal keeps): the
    /// page stores them so that a reload can run them again.
    var kept: [String] = []
    /// In the start module (NAVLAB_BROWSER_START): the error of a line that needed what it
    /// leaves out, during the request running. The request is then answered 501
    /// (`PageAnswer.notInThisBuild`) and the worker runs it again in the complete module, from
    /// the journal as it was before this request: this instance's session is dropped.
    var lacking: NavLabError?

    init() {
        session.keepsTimeline = true
        tracker = PageTracker(session)
    }

    /// One line, as the hub runs it: the response, the event's id, and its messages.
    mutating func execute(_ line: String, lineNumber: Int, messages: inout [(String, Int, String)]) -> (LineResult, Int) {
        let before = session.seq, cursor = session.cursor
        let response = session.execute(line, lineNumber: lineNumber)
        if response.error?.kind == .notInThisBuild { lacking = response.error }
        let move = StepMove.between(cursor: cursor, seq: before, and: session)
        let id = nextEventID
        nextEventID += 1
        let patch = tracker.advance(session, move: move)
        if move != .none || line.isCommentLine { kept.append(line) }
        guard response.status != .empty else { return (response, id) }
        let timeline = TimelineChange.of(response, move)
        let step = timeline == .append ? PageEvents.stepParts(session, seq: session.seq) : nil
        for (name, data) in PageEvents.lineMessages(origin: "web", line: ParsedLine.headline(line), status: response.status,
                                                    seq: session.seq, lines: response.lines, timeline: timeline,
                                                    changed: move != .none, patch: patch, step: step) {
            messages.append((name, id, data))
        }
        return (response, id)
    }

    /// The journal the page kept, run again (a reload, or the module started again after a
    /// trap): every line as `POST /api/commands` runs it, but neither what each printed nor
    /// its event messages are made — the page starts from the state after it — so a session
    /// of 10,000 lines is not 10,000 answers held at once. The answer is the POST's, with only
    /// a line that failed in `results`.
    mutating func replay(_ text: String) -> PageAnswer {
        lacking = nil
        let answer = PageCommands.run(text, inBrowser: true, keepResults: false, execute: { line, n in
            let before = session.seq, cursor = session.cursor
            let response = session.execute(line, lineNumber: n)
            if response.error?.kind == .notInThisBuild { lacking = response.error }
            let move = StepMove.between(cursor: cursor, seq: before, and: session)
            let id = nextEventID
            nextEventID += 1
            if move != .none || line.isCommentLine { kept.append(line) }
            return (response, id)
        }, seq: { session.seq })
        if let lacking { return .notInThisBuild(lacking) }
        // The page's document follows from here (its `state` message comes next).
        tracker = PageTracker(session)
        return .json(answer.serialized())
    }

    /// The `state` message a page gets when it connects.
    func connect() -> (String, Int, String) {
        ("state", nextEventID - 1, PageEvents.stateData(seq: session.seq, document: PageDocument.stateText(session.state, seq: session.seq)))
    }

    mutating func request(method: String, target: String, body: String, messages: inout [(String, Int, String)]) -> PageAnswer {
        let (path, query) = PageHost.split(target)
        if method == "POST" {
            guard path == "/api/commands" else { return .error(404, "no POST \(path)") }
            var out: [(String, Int, String)] = []
            lacking = nil
            let firstID = nextEventID
            let answer = PageCommands.run(body, inBrowser: true, execute: { line, n in execute(line, lineNumber: n, messages: &out) }, seq: { session.seq })
            if let lacking {
                // None of this request's ids went out: the complete module numbers from here.
                nextEventID = firstID
                return .notInThisBuild(lacking)
            }
            messages += out
            return .json(answer.serialized())
        }
        guard method == "GET" else { return .error(405, "\(method) is not answered here") }
        let parts = path.split(separator: "/").map(String.init)
        switch parts.count >= 2 && parts[0] == "api" ? parts[1] : "" {
        case "state" where parts.count == 2:
            return .json(PageDocument.stateText(session.state, seq: session.seq))
        case "history" where parts.count == 2:
            return .json(PageDocument.historyText(session))
        case "history" where parts.count == 3:
            guard let seq = Int(parts[2]) else { return .error(400, "expected /api/history/SEQ with SEQ a number") }
            if let from = query["from"] {
                let t = tracker
                return PageRoutes.travel(session, seq: seq, fromText: from, travel: { t.travel($0, from: $1, to: $2) })
            }
            guard let (entry, previous) = PageRoutes.step(session, seq: seq), let i = PageDocument.index(ofSeq: seq, in: session.entries) else {
                return .error(404, "no step with seq \(seq) on the timeline")
            }
            let state = PageDocument.stateText(session.state(at: i), seq: seq)
            let before = previous.map { PageDocument.stateText(session.state(at: i - 1), seq: $0) }
            return PageRoutes.stepAnswer(entry: entry, state: state, before: before)
        case "log" where parts.count == 2:
            return .json(session.logText())
        case "facts" where parts.count == 3:
            return PageRoutes.fact(parts[2])
        case "inspect" where parts.count == 2:
            return PageRoutes.inspect(session, name: query["name"], seqText: query["seq"])
        case "export" where parts.count == 3:
            return PageRoutes.export(session, format: parts[2], seqText: query["seq"])
        case "tutorials" where parts.count == 2:
            return PageRoutes.tutorials()
        case "tutorials" where parts.count == 3:
            return PageRoutes.tutorial(PageHost.decode(parts[2]))
        case "verbs" where parts.count == 2:
            return .json(PageDocument.verbs().serialized())
        default:
            return .error(404, "no \(path) here")
        }
    }

    /// `/api/x?a=1&b=%20` → ("/api/x", ["a": "1", "b": " "]).
    static func split(_ target: String) -> (String, [String: String]) {
        guard let q = target.firstIndex(of: "?") else { return (decode(target), [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: q)...].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[decode(String(kv[0]))] = kv.count > 1 ? decode(String(kv[1])) : ""
        }
        return (decode(String(target[..<q])), query)
    }

    /// Percent-decoding (and `+` as a space, as forms send it).
    static func decode(_ s: String) -> String {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        while let c = bytes.popFirst() {
            if c == 37, bytes.count >= 2, let h = hex(bytes[bytes.startIndex]), let l = hex(bytes[bytes.startIndex + 1]) {
                out.append(h << 4 | l)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(c == 43 ? 32 : c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

nonisolated(unsafe) var page = PageHost()

/// The answer to the page's request: [status][type][body][n messages][name, id, data]….
/// Written straight into the answer buffer, its size counted first: the body is copied once.
/// (Built as `Bytes`, an 11 MB history at 10,000 steps was held four times at once — the
/// string, an array of its bytes, the growing `Bytes`, the buffer — and the module's memory,
/// which never shrinks, kept the peak.)
func pageAnswer(_ a: PageAnswer, _ messages: [(String, Int, String)]) -> UnsafeMutableRawPointer {
    var size = 4 + (4 + a.type.utf8.count) + (4 + a.body.utf8.count) + 4
    for (name, _, data) in messages { size += (4 + name.utf8.count) + 4 + (4 + data.utf8.count) }
    var out = AnswerWriter(size: size)
    out.u32(a.status)
    out.chunk(a.type)
    out.chunk(a.body)
    out.u32(messages.count)
    for (name, id, data) in messages {
        out.chunk(name)
        out.u32(id)
        out.chunk(data)
    }
    return out.finish()
}

/// A fresh session for the page (a reload, or Reset); answers the `state` message.
@_cdecl("navlab_page_open")
public func navlab_page_open() -> UnsafeMutableRawPointer {
    page = PageHost()
    return pageAnswer(.json("{}"), [page.connect()])
}

/// One request of the page: `method`, `target` (path and query), `body`.
@_cdecl("navlab_page_request")
public func navlab_page_request(_ m: UnsafeRawPointer?, _ ml: Int32, _ t: UnsafeRawPointer?, _ tl: Int32,
                                _ b: UnsafeRawPointer?, _ bl: Int32) -> UnsafeMutableRawPointer {
    var messages: [(String, Int, String)] = []
    let a = page.request(method: text(m, ml), target: text(t, tl), body: text(b, bl), messages: &messages)
    return pageAnswer(a, messages)
}

/// A journal run again into the session (PageHost.replay): the answer, no messages.
@_cdecl("navlab_page_replay")
public func navlab_page_replay(_ b: UnsafeRawPointer?, _ bl: Int32) -> UnsafeMutableRawPointer {
    pageAnswer(page.replay(text(b, bl)), [])
}

/// The id the next line's event gets; `set` > 0 sets it first. When the start module answers
/// 501 the worker reads it there and sets it in the complete module after the journal ran,
/// so the ids go on as if the start module had answered.
@_cdecl("navlab_page_next_event_id")
public func navlab_page_next_event_id(_ set: Int32) -> Int32 {
    if set > 0 { page.nextEventID = Int(set) }
    return Int32(truncatingIfNeeded: page.nextEventID)
}

/// What a reload needs to bring the session back: the lines kept so far, one a line.
@_cdecl("navlab_page_journal")
public func navlab_page_journal() -> UnsafeMutableRawPointer {
    var b = Bytes()
    for line in page.kept { b.line(line) }
    return answer(b)
}
