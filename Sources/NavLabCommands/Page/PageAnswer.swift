import NavLabCore

/// The answer to one of the page's requests, whichever host serves it (Docs/Page.md, "The
/// HTTP interface"): the native server turns it into an HTTP response, the browser host hands
/// it to its Web Worker. A large document may be built `later`: the native host reads what
/// it needs under its lock (a State is a value, copied in O(1)) and writes the text after.
public struct PageAnswer: Sendable {
    public var status: Int
    public var type: String
    private var content: Content

    enum Content: Sendable {
        case text(String)
        case later(@Sendable () -> String)
    }

    public init(status: Int, type: String, body: String) {
        self.status = status
        self.type = type
        content = .text(body)
    }

    /// The body (a `later` one is written now, each time it is read).
    public var body: String {
        switch content {
        case .text(let s): return s
        case .later(let make): return make()
        }
    }

    public static let jsonType = "application/json; charset=utf-8"

    public static func json(_ body: String, status: Int = 200) -> PageAnswer { PageAnswer(status: status, type: jsonType, body: body) }

    /// A JSON document written when the host reads `body`.
    public static func json(later make: @escaping @Sendable () -> String) -> PageAnswer {
        var a = PageAnswer(status: 200, type: jsonType, body: "")
        a.content = .later(make)
        return a
    }

    public static func text(_ body: String, type: String = "text/plain; charset=utf-8") -> PageAnswer { PageAnswer(status: 200, type: type, body: body) }

    /// `{"error": {"status": N, "message": "…"}}`, what the page shows of a refusal.
    public static func error(_ status: Int, _ message: String) -> PageAnswer {
        json(JSON.object([("error", .object([("status", .int(status)), ("message", .string(message))]))]).serialized(), status: status)
    }

    /// What the browser's start module answers for a request that needs what it leaves out
    /// (`NavLabError.Kind.notInThisBuild`): 501, `{"error": {"status": 501, "kind":
    /// "notInThisBuild", "message": "…"}}`. Its host (engine-worker.js) loads the complete
    /// module and asks it instead; the native server and the complete module never answer it.
    public static func notInThisBuild(_ e: NavLabError) -> PageAnswer {
        json(JSON.object([("error", .object([("status", .int(501)), ("kind", .string(e.kind.rawValue)), ("message", .string(e.message))]))]).serialized(), status: 501)
    }
}
