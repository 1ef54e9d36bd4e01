import Foundation
import Testing
import NavLabCore
@testable import NavLabCommands

/// Time travel (`GET /api/history/SEQ?from=FROM`) answers patches that, applied as RFC 6902 says
/// to the document at FROM, give exactly the documents at SEQ - 1 and SEQ — whether the page
/// session ran its lines one by one or was rebuilt from its journal (a reload, the browser's
/// move to its complete module, a restart after a trap).
struct TravelTests {
    static let scripts: [[String]] = [
        ["initial Nav(Home)", "launch", "push Detail", "present Sheet on top", "dismiss Sheet", "swapRoot Tab(Feed, Settings)",
         "tab 1", "present Modal style=fullScreen on top", "background", "foreground", "undo", "push Extra on Feed"],
        ["initial Nav(A)", "launch", "push B", "push B", "pop top", "present C style=formSheet", "swapRoot Nav(D)", "swapRoot Nav(E)", "kill", "relaunch"],
    ]

    func live(_ lines: [String]) -> PageSession {
        let page = PageSession(host: .browser)
        for line in lines { page.run(line, origin: .web) }
        return page
    }

    func replayed(_ lines: [String]) -> PageSession {
        let page = PageSession(host: .browser)
        _ = page.replay(lines.joined(separator: "\n") + "\n")
        return page
    }

    func object(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test("Live and replayed, the answers are the same bytes: the top-level fields change in the document's order, not a dictionary's", arguments: scripts.indices)
    func sameBytes(_ script: Int) throws {
        let lines = TravelTests.scripts[script]
        let (a, b) = (live(lines), replayed(lines))
        for f in a.session.entries.indices {
            for i in a.session.entries.indices {
                let target = "/api/history/\(a.session.entries[i].seq)?from=\(a.session.entries[f].seq)"
                let (x, y) = (a.answer(PageRequest(method: "GET", target: target)).answer.body, b.answer(PageRequest(method: "GET", target: target)).answer.body)
                expectEqual(x, y, "\(target)")
            }
        }
    }

    @Test("Travel from the live step, live and replayed, lands on the documents of the step and the one before", arguments: scripts.indices)
    func travelLands(_ script: Int) throws {
        let lines = TravelTests.scripts[script]
        for page in [live(lines), replayed(lines)] {
            let session = page.session
            for f in session.entries.indices {
            let from = session.entries[f].seq
            for i in session.entries.indices {
                let seq = session.entries[i].seq
                let answer = page.answer(PageRequest(method: "GET", target: "/api/history/\(seq)?from=\(from)")).answer
                let travel = try #require(try object(answer.body) as? [String: Any])
                var doc = try object(PageDocument.stateText(session.state(at: f), seq: from))
                for op in try #require(travel["before"] as? [[String: Any]]) { doc = try JSONPatch.apply(op, to: doc) }
                if i > 0 {
                    let before = try object(PageDocument.stateText(session.state(at: i - 1), seq: session.entries[i - 1].seq))
                    expect(NSDictionary(dictionary: doc as! [String: Any]).isEqual(to: before as! [String: Any]), "step \(seq) from \(from): before")
                    for op in try #require(travel["step"] as? [[String: Any]]) { doc = try JSONPatch.apply(op, to: doc) }
                }
                let after = try object(PageDocument.stateText(session.state(at: i), seq: seq))
                expect(NSDictionary(dictionary: doc as! [String: Any]).isEqual(to: after as! [String: Any]), "step \(seq) from \(from): after")
            }
            }
        }
    }
}

/// RFC 6902's add, remove, replace, copy and move over JSONSerialization's values.
enum JSONPatch {
    struct Failure: Error { let message: String }

    static func tokens(_ pointer: String) -> [String] {
        pointer.isEmpty ? [] : pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
    }

    static func get(_ doc: Any, _ path: [String]) throws -> Any {
        var node = doc
        for t in path {
            if let o = node as? [String: Any], let v = o[t] { node = v }
            else if let a = node as? [Any], let i = Int(t), a.indices.contains(i) { node = a[i] }
            else { throw Failure(message: "no \(t) in \(path)") }
        }
        return node
    }

    /// `doc` with `change` made at `path`: nil removes; `insert` adds in an array (else replaces).
    static func set(_ doc: Any, _ path: ArraySlice<String>, _ value: Any?, insert: Bool) throws -> Any {
        guard let t = path.first else { return value as Any }
        if var o = doc as? [String: Any] {
            if path.count == 1 { o[t] = value } else { o[t] = try set(try get(doc, [t]), path.dropFirst(), value, insert: insert) }
            return o
        }
        if var a = doc as? [Any] {
            if path.count == 1 {
                if t == "-" { a.append(value!); return a }
                guard let i = Int(t) else { throw Failure(message: "bad index \(t)") }
                if let value { if insert { a.insert(value, at: i) } else { a[i] = value } } else { a.remove(at: i) }
                return a
            }
            guard let i = Int(t) else { throw Failure(message: "bad index \(t)") }
            a[i] = try set(a[i], path.dropFirst(), value, insert: insert)
            return a
        }
        throw Failure(message: "cannot go into \(t)")
    }

    static func apply(_ op: [String: Any], to doc: Any) throws -> Any {
        let path = tokens(op["path"] as? String ?? "")
        switch op["op"] as? String {
        case "add": return try set(doc, path[...], op["value"], insert: true)
        case "replace": return try set(doc, path[...], op["value"], insert: false)
        case "remove": return try set(doc, path[...], nil, insert: false)
        case "copy": return try set(doc, path[...], try get(doc, tokens(op["from"] as! String)), insert: true)
        case "move":
            let from = tokens(op["from"] as! String)
            let value = try get(doc, from)
            return try set(try set(doc, from[...], nil, insert: false), path[...], value, insert: true)
        default: throw Failure(message: "unknown op \(op)")
        }
    }
}
