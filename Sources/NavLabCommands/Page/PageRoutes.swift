import NavLabCore

/// One route of the page's HTTP interface: a method, a path whose `:name` segments match any
/// one segment, and how it is answered (from the page session as it is: the native host
/// calls it under its lock).
public struct PageRoute: Sendable {
    public let method: String
    public let path: String
    let answer: @Sendable (_ page: PageSession, _ request: PageRequest, _ parameters: [String]) -> PageAnswer

    /// The values of the `:name` segments when `segments` is this route's path.
    func match(_ segments: [String]) -> [String]? {
        let pattern = path.split(separator: "/")
        guard pattern.count == segments.count else { return nil }
        var values: [String] = []
        for (p, s) in zip(pattern, segments) {
            if p.hasPrefix(":") { values.append(s) } else if p != s { return nil }
        }
        return values
    }
}

/// The page's HTTP interface, every `/api/` route in one table, answered the same way by both
/// hosts (Docs/Page.md, "The HTTP interface"). Not here: `GET /api/events`, the event stream,
/// which only a server has (the browser host gives the same messages with each answer), and
/// the page's files.
public enum PageRoutes {
    public static let table: [PageRoute] = [
        PageRoute(method: "GET", path: "/api/state") { page, _, _ in
            // Read now, written when the host reads the body (off the native host's lock).
            let state = page.session.state, seq = page.session.seq
            return .json(later: { PageDocument.stateText(state, seq: seq) })
        },
        PageRoute(method: "GET", path: "/api/history") { page, _, _ in
            .json(PageDocument.historyText(page.session))
        },
        PageRoute(method: "GET", path: "/api/history/:seq") { page, request, p in
            guard let seq = Int(p[0]) else { return .error(400, "expected /api/history/SEQ with SEQ a number") }
            if let from = request.query["from"] { return travel(page, seq: seq, fromText: from) }
            return step(page.session, seq: seq)
        },
        PageRoute(method: "GET", path: "/api/log") { page, _, _ in
            .json(page.session.logText())
        },
        PageRoute(method: "GET", path: "/api/facts/:number") { _, _, p in
            fact(p[0])
        },
        PageRoute(method: "GET", path: "/api/inspect") { page, request, _ in
            inspect(page.session, name: request.query["name"], seqText: request.query["seq"])
        },
        PageRoute(method: "GET", path: "/api/export/:format") { page, request, p in
            export(page.session, format: p[0], seqText: request.query["seq"])
        },
        PageRoute(method: "GET", path: "/api/tutorials") { _, _, _ in
            tutorials()
        },
        PageRoute(method: "GET", path: "/api/tutorials/:name") { _, _, p in
            tutorial(p[0])
        },
        PageRoute(method: "GET", path: "/api/verbs") { _, _, _ in
            .json(PageDocument.verbs().serialized())
        },
        PageRoute(method: "POST", path: "/api/commands") { page, request, _ in
            page.runCommands(request.body)
        },
    ]

    /// The route `request` names, answered; 404 when no route has its path, 405 when one has
    /// but not its method.
    static func answer(_ request: PageRequest, in page: PageSession) -> PageAnswer {
        var pathFound = false
        for route in table {
            guard let parameters = route.match(request.segments) else { continue }
            pathFound = true
            if route.method == request.method { return route.answer(page, request, parameters) }
        }
        return pathFound ? .error(405, "\(request.method) \(request.path) is not answered here") : .error(404, "no \(request.path) here")
    }

    /// The state after step `seqText` (the live one when nil) and its seq, or the refusal:
    /// 400 when it is not a number, 404 when that step is not on the timeline.
    static func state(_ session: Session, at seqText: String?) -> Result<(Int, State), PageRefusal> {
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
    /// FROM — JSON Patch operations to the step before SEQ, then those of step SEQ itself, and
    /// what that step changed (PageChange).
    static func travel(_ page: PageSession, seq: Int, fromText: String) -> PageAnswer {
        let session = page.session
        guard let from = Int(fromText) else {
            return .error(400, "expected ?from=SEQ with SEQ a number (the step the page shows)")
        }
        guard let i = PageDocument.index(ofSeq: seq, in: session.entries) else { return .error(404, "no step with seq \(seq) on the timeline") }
        guard let f = PageDocument.index(ofSeq: from, in: session.entries) else {
            return .error(409, "no step with seq \(from) on the timeline (from=): get /api/state and start again")
        }
        let (toBefore, step, leaked) = page.tracker.travel(session, from: f, to: i)
        let entry = PageDocument.entry(session.entries[i], index: i, cursor: session.cursor)
        let change = PageChange.json(session, at: i, leaked: leaked) ?? .null
        return .json("{\"seq\":\(seq),\"from\":\(from),\"entry\":\(entry.serialized()),\"before\":\(JSON.array(toBefore).serialized()),\"step\":\(step.map { JSON.array($0).serialized() } ?? "null"),\"change\":\(change.serialized())}")
    }

    /// `GET /api/history/SEQ`: the step's entry, the state after it and the state before it
    /// (the documents written when the host reads the body).
    static func step(_ session: Session, seq: Int) -> PageAnswer {
        guard let i = PageDocument.index(ofSeq: seq, in: session.entries) else { return .error(404, "no step with seq \(seq) on the timeline") }
        let entry = PageDocument.entry(session.entries[i], index: i, cursor: session.cursor)
        let after = i == session.cursor ? session.state : session.state(at: i)
        let before = i > 0 ? (session.entries[i - 1].seq, session.state(at: i - 1)) : nil
        return .json(later: {
            "{\"entry\":\(entry.serialized()),\"state\":\(PageDocument.stateText(after, seq: seq)),\"before\":\(before.map { PageDocument.stateText($0.1, seq: $0.0) } ?? "null")}"
        })
    }

    /// `GET /api/facts/N`: a cited fact, for the page's `(UIKit #N)` links.
    static func fact(_ numberText: String) -> PageAnswer {
        guard let n = Int(numberText), let fact = UIKitFacts.fact(n) else {
            return .error(404, "no UIKit fact with that number; `explain` lists them")
        }
        return .json(PageDocument.fact(fact).serialized())
    }

    /// `GET /api/inspect?name=NAME[&seq=SEQ]`: the inspector's extras for one view controller.
    static func inspect(_ session: Session, name: String?, seqText: String?) -> PageAnswer {
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
    /// UIKit program (`export swift`), or the hierarchy at a step as `export mermaid|dot` prints it
    /// (`storyboard-mermaid`, `storyboard-dot`: the storyboards' map, `export mermaid|dot storyboard`).
    static func export(_ session: Session, format: String, seqText: String?) -> PageAnswer {
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
        let storyboard = format.hasPrefix("storyboard-")
        let graph = storyboard ? String(format.dropFirst("storyboard-".count)) : format
        guard graph == "mermaid" || graph == "dot" else {
            return .error(404, "no export \(format): try navlab, swift, mermaid or dot (storyboard-mermaid, storyboard-dot: the storyboards' map)")
        }
        switch state(session, at: seqText) {
        case .failure(let refusal): return refusal.answer
        case .success(let (_, state)):
            do throws(NavLabError) {
                return .text(try (storyboard ? state.storyboardGraph(mermaid: graph == "mermaid") : state.graph(mermaid: graph == "mermaid")) + "\n")
            } catch {
                if error.kind == .notInThisBuild { return .notInThisBuild(error) }
                return .error(409, error.message + (error.suggestion.map { "; " + $0 } ?? ""))
            }
        }
    }
}

/// A request a route answers with an error instead.
struct PageRefusal: Error, Sendable {
    let answer: PageAnswer
    init(_ answer: PageAnswer) { self.answer = answer }
}
