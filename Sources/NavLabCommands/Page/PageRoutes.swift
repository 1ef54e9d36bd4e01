import NavLabCore

/// An answer to one of the page's requests (SPEC §4), whichever host serves it: the native
/// server turns it into an HTTP response, the browser build posts it from its Web Worker.
public struct PageAnswer: Sendable, Equatable {
    public var status: Int
    public var type: String
    public var body: String

    public static let jsonType = "application/json; charset=utf-8"

    public static func json(_ body: String, status: Int = 200) -> PageAnswer { PageAnswer(status: status, type: jsonType, body: body) }
    public static func text(_ body: String, type: String = "text/plain; charset=utf-8") -> PageAnswer { PageAnswer(status: 200, type: type, body: body) }

    /// What the browser's start module answers for a request that needs what it leaves out
    /// (`NavLabError.Kind.notInThisBuild`): 501, `{"error": {"status": 501, "kind":
    /// "notInThisBuild", "message": "…"}}`. Its host (engine-worker.js) loads the complete
    /// module and asks it instead; the native server and the complete module never answer it.
    public static func notInThisBuild(_ e: NavLabError) -> PageAnswer {
        json(JSON.object([("error", .object([("status", .int(501)), ("kind", .string(e.kind.rawValue)), ("message", .string(e.message))]))]).serialized(), status: 501)
    }

    /// `{"error": {"status": N, "message": "…"}}`, what the page shows of a refusal.
    public static func error(_ status: Int, _ message: String) -> PageAnswer {
        json(JSON.object([("error", .object([("status", .int(status)), ("message", .string(message))]))]).serialized(), status: status)
    }
}

/// The page's requests that read the session, answered the same way by both hosts. Each takes
/// the session as it is (the server calls them under the hub's lock).
public enum PageRoutes {
    /// The state after step `seqText` (the live one when nil) and its seq, or the refusal:
    /// 400 when it is not a number, 404 when that step is not on the timeline.
    public static func state(_ session: Session, at seqText: String?) -> Result<(Int, State), PageRefusal> {
        if let seqText, Int(seqText) == nil {
            return .failure(PageRefusal(.error(400, "expected ?seq=SEQ with SEQ a number (a step on the timeline)")))
        }
        guard let seq = seqText.flatMap({ Int($0) }), seq != session.seq else { return .success((session.seq, session.state)) }
        guard let i = PageDocument.index(ofSeq: seq, in: session.entries) else {
            return .failure(PageRefusal(.error(404, "no step with seq \(seqText ?? "") on the timeline; GET /api/history lists the steps")))
        }
        return .success((seq, session.state(at: i)))
    }

    /// `GET /api/history/SEQ?from=FROM`: time travel for a page holding the document at step
    /// FROM — JSON Patch operations to the step before SEQ, then those of step SEQ itself.
    public static func travel(_ session: Session, seq: Int, fromText: String,
                              travel: (Session, Int, Int) -> (toBefore: [JSON], step: [JSON]?)) -> PageAnswer {
        guard let from = Int(fromText) else {
            return .error(400, "expected ?from=SEQ with SEQ a number (the step the page shows)")
        }
        guard let i = PageDocument.index(ofSeq: seq, in: session.entries) else { return .error(404, "no step with seq \(seq) on the timeline") }
        guard let f = PageDocument.index(ofSeq: from, in: session.entries) else {
            return .error(409, "no step with seq \(from) on the timeline (from=): get /api/state and start again")
        }
        let (toBefore, step) = travel(session, f, i)
        let entry = PageDocument.entry(session.entries[i], index: i, cursor: session.cursor)
        return .json("{\"seq\":\(seq),\"from\":\(from),\"entry\":\(entry.serialized()),\"before\":\(JSON.array(toBefore).serialized()),\"step\":\(step.map { JSON.array($0).serialized() } ?? "null")}")
    }

    /// `GET /api/history/SEQ`: the step's entry, the state after it and the state before it.
    /// `document(seq, state)` gives a state's document (the server keeps recent ones built).
    public static func step(_ session: Session, seq: Int) -> (entry: JSON, previousSeq: Int?)? {
        guard let i = PageDocument.index(ofSeq: seq, in: session.entries) else { return nil }
        return (PageDocument.entry(session.entries[i], index: i, cursor: session.cursor), i > 0 ? session.entries[i - 1].seq : nil)
    }

    public static func stepAnswer(entry: JSON, state: String, before: String?) -> PageAnswer {
        .json("{\"entry\":\(entry.serialized()),\"state\":\(state),\"before\":\(before ?? "null")}")
    }

    /// `GET /api/facts/N`: a cited fact, for the page's `(UIKit #N)` links.
    public static func fact(_ numberText: String) -> PageAnswer {
        guard let n = Int(numberText), let fact = UIKitFacts.fact(n) else {
            return .error(404, "no UIKit fact with that number; `explain` lists them")
        }
        return .json(PageDocument.fact(fact).serialized())
    }

    /// `GET /api/tutorials`: the built-in tutorials, for the page's Tutorials panel.
    public static func tutorials() -> PageAnswer {
        #if NAVLAB_BROWSER_START
        // The browser's start module leaves the tutorials out: their checks are `expect`s,
        // which it leaves out too (its host loads the complete one).
        return .notInThisBuild(NavLabError.notInThisBuild("the tutorials", at: SourceLocation(column: 1)))
        #else
        let list = Tutorials.all.map { t in
            JSON.object([("name", .string(t.name)), ("title", .string(t.title)), ("summary", .string(t.summary)),
                         ("steps", .int(Tutorial.steps(t.text).count))])
        }
        return .json(JSON.object([("tutorials", .array(list))]).serialized())
        #endif
    }

    /// `GET /api/tutorials/NAME`: one tutorial's steps (narration and commands) to play.
    public static func tutorial(_ name: String) -> PageAnswer {
        #if NAVLAB_BROWSER_START
        // The browser's start module leaves the tutorials out (see `tutorials()`).
        return .notInThisBuild(NavLabError.notInThisBuild("the tutorials", at: SourceLocation(column: 1)))
        #else
        guard let t = Tutorials.named(name) else {
            return .error(404, "no tutorial named \(name): the built-in ones are " + Tutorials.all.map({ $0.name }).joined(separator: ", "))
        }
        return .json(t.json.serialized())
        #endif
    }

    /// `GET /api/inspect?name=NAME[&seq=SEQ]`: the inspector's extras for one view controller.
    public static func inspect(_ session: Session, name: String?, seqText: String?) -> PageAnswer {
        guard let name, !name.isEmpty else { return .error(400, "expected /api/inspect?name=NAME[&seq=SEQ]") }
        switch state(session, at: seqText) {
        case .failure(let refusal): return refusal.answer
        case .success(let (seq, state)):
            guard let json = PageDocument.inspect(state, name: name, seq: seq) else {
                return .error(404, "no view controller named \(name) is allocated at step \(seq)")
            }
            return .json(json.serialized())
        }
    }

    /// `GET /api/export/FORMAT[?seq=SEQ]`: the session as a script (what `save` writes) or as a
    /// UIKit program (`export swift`), or the hierarchy at a step as `export mermaid|dot` prints it.
    public static func export(_ session: Session, format: String, seqText: String?) -> PageAnswer {
        if format == "navlab" {
            return .text(session.script(header: "NavLab session saved from the page; replay it with `navlab run FILE` or `navlab check FILE`"))
        }
        if format == "swift" {
            do throws(NavLabError) {
                return .text(try SwiftExport.program(from: session), type: "text/x-swift; charset=utf-8")
            } catch {
                if error.kind == .notInThisBuild { return .notInThisBuild(error) }
                return .error(409, error.message + (error.suggestion.map { "; " + $0 } ?? ""))
            }
        }
        guard format == "mermaid" || format == "dot" else { return .error(404, "no export \(format): try navlab, swift, mermaid or dot") }
        switch state(session, at: seqText) {
        case .failure(let refusal): return refusal.answer
        case .success(let (_, state)):
            #if NAVLAB_BROWSER_START
            // The browser's start module leaves the graph exports out (its host loads the complete one).
            _ = state
            return .notInThisBuild(NavLabError.notInThisBuild("`export \(format)`", at: SourceLocation(column: 1)))
            #else
            return .text(format == "mermaid" ? state.renderMermaid() + "\n" : state.renderDOT() + "\n")
            #endif
        }
    }
}

/// A request a route answers with an error instead.
public struct PageRefusal: Error, Sendable {
    public let answer: PageAnswer
    public init(_ answer: PageAnswer) { self.answer = answer }
}
