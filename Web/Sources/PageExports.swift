// The page's host inside the browser: C-ABI glue around one PageSession (NavLabCommands), the
// page protocol both hosts share. The Web Worker (Public/js/engine-worker.js) calls these.
import NavLabCore
import NavLabCommands

/// The page's session, and the journal the page keeps (what a reload runs again).
nonisolated(unsafe) var page = newPage()
nonisolated(unsafe) var journal: [String] = []

func newPage() -> PageSession {
    let p = PageSession(host: .browser)
    p.onKept = { journal.append($0) }
    return p
}

/// The answer to the page's request: [status][type][body][n messages][name, id, data]….
/// Written straight into the answer buffer, its size counted first: the body is copied once.
/// (Built as `Bytes`, an 11 MB history at 10,000 steps was held four times at once — the
/// string, an array of its bytes, the growing `Bytes`, the buffer — and the module's memory,
/// which never shrinks, kept the peak.)
func pageAnswer(_ a: PageAnswer, _ messages: [(name: String, id: Int, data: String)]) -> UnsafeMutableRawPointer {
    let body = a.body
    var size = 4 + (4 + a.type.utf8.count) + (4 + body.utf8.count) + 4
    for m in messages { size += (4 + m.name.utf8.count) + 4 + (4 + m.data.utf8.count) }
    var out = AnswerWriter(size: size)
    out.u32(a.status)
    out.chunk(a.type)
    out.chunk(body)
    out.u32(messages.count)
    for m in messages {
        out.chunk(m.name)
        out.u32(m.id)
        out.chunk(m.data)
    }
    return out.finish()
}

/// A fresh session for the page (a reload, or Reset); answers the `state` message.
@_cdecl("navlab_page_open")
public func navlab_page_open() -> UnsafeMutableRawPointer {
    journal = []
    page = newPage()
    return pageAnswer(.json("{}"), [page.connectMessage()])
}

/// One request of the page: `method`, `target` (path and query), `body`; the answer carries
/// the messages the event stream would for the lines it ran.
@_cdecl("navlab_page_request")
public func navlab_page_request(_ m: UnsafeRawPointer?, _ ml: Int32, _ t: UnsafeRawPointer?, _ tl: Int32,
                                _ b: UnsafeRawPointer?, _ bl: Int32) -> UnsafeMutableRawPointer {
    let reply = page.answer(PageRequest(method: text(m, ml), target: text(t, tl), body: text(b, bl)))
    var messages: [(name: String, id: Int, data: String)] = []
    for line in reply.lines {
        for m in line.messages() { messages.append((m.name, line.id, m.data)) }
    }
    return pageAnswer(reply.answer, messages)
}

/// A journal run again into the session (PageSession.replay): the answer, no messages.
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
    for line in journal { b.line(line) }
    return answer(b)
}
