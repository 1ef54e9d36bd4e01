import Foundation
import Testing
import NavLabCore
import NavLabCommands
import NavLabTestSupport
@testable import NavLabServer

/// PagePatcher: applying every step's JSON Patch (RFC 6902) to the document a page got at
/// connect gives exactly the document `GET /api/state` gives now — forward, through undo and
/// redo, across resets, over every script of the repository and over random sessions.
@Suite("The page document as patches")
struct PagePatchTests {
    /// A JSON value the test applies patches to (Foundation on Linux has no mutable containers).
    indirect enum Value: Equatable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(_ any: Any) {
            switch any {
            case is NSNull: self = .null
            case let s as String: self = .string(s)
            case let n as NSNumber:
                // JSONSerialization gives booleans as NSNumber too.
                if String(cString: n.objCType) == "c" || type(of: any) == Bool.self { self = .bool(n.boolValue) } else { self = .number(n.doubleValue) }
            case let a as [Any]: self = .array(a.map(Value.init))
            case let d as [String: Any]: self = .object(d.mapValues(Value.init))
            default: self = .null
            }
        }

        init(_ json: JSON) {
            self.init(try! JSONSerialization.jsonObject(with: Data(json.serialized().utf8), options: [.fragmentsAllowed]))
        }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// RFC 6902 add, replace, remove and copy (the operations PagePatcher emits).
    static func apply(_ ops: [JSON], to doc: inout Value) throws {
        guard case .array(let list) = Value(JSON.array(ops)) else { return }
        try apply(values: list, to: &doc)
    }

    /// The same, for operations parsed from what the server sent.
    static func apply(values list: [Value], to doc: inout Value) throws {
        for op in list {
            guard case .object(let o) = op, case .string(let name)? = o["op"], case .string(let path)? = o["path"] else {
                throw Failure(description: "malformed op \(op)")
            }
            if name == "copy" {
                // RFC 6902 §4.5: an `add` at `path` of the value at `from`.
                guard case .string(let from)? = o["from"] else { throw Failure(description: "copy without from: \(op)") }
                try apply("add", pointerTokens(path)[...], value(at: pointerTokens(from), in: doc, path: from), path: path, to: &doc)
                continue
            }
            try apply(name, pointerTokens(path)[...], o["value"], path: path, to: &doc)
        }
    }

    static func pointerTokens(_ path: String) -> [String] {
        path.isEmpty ? [] : path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    static func value(at tokens: [String], in doc: Value, path: String) throws -> Value {
        var v = doc
        for t in tokens {
            switch v {
            case .object(let d): guard let next = d[t] else { throw Failure(description: "copy from a missing \(path)") }; v = next
            case .array(let a): guard let i = Int(t), i >= 0, i < a.count else { throw Failure(description: "copy from a missing \(path)") }; v = a[i]
            default: throw Failure(description: "copy from a missing \(path)")
            }
        }
        return v
    }

    static func apply(_ name: String, _ tokens: ArraySlice<String>, _ value: Value?, path: String, to v: inout Value) throws {
        guard let t = tokens.first else {
            guard name == "replace", let value else { throw Failure(description: "\(name) of the root") }
            v = value
            return
        }
        let rest = tokens.dropFirst()
        switch v {
        case .object(var d):
            if rest.isEmpty {
                switch name {
                case "add": d[t] = value!
                case "replace": guard d[t] != nil else { throw Failure(description: "replace of a missing \(path)") }; d[t] = value!
                case "remove": guard d[t] != nil else { throw Failure(description: "remove of a missing \(path)") }; d[t] = nil
                default: throw Failure(description: "op \(name)")
                }
            } else {
                guard var child = d[t] else { throw Failure(description: "\(path): no \(t)") }
                try apply(name, rest, value, path: path, to: &child)
                d[t] = child
            }
            v = .object(d)
        case .array(var a):
            let i = t == "-" ? a.count : Int(t) ?? -1
            if rest.isEmpty {
                switch name {
                case "add": guard i >= 0, i <= a.count else { throw Failure(description: "add out of range: \(path)") }; a.insert(value!, at: i)
                case "replace": guard i >= 0, i < a.count else { throw Failure(description: "replace out of range: \(path)") }; a[i] = value!
                case "remove": guard i >= 0, i < a.count else { throw Failure(description: "remove out of range: \(path)") }; a.remove(at: i)
                default: throw Failure(description: "op \(name)")
                }
            } else {
                guard i >= 0, i < a.count else { throw Failure(description: "\(path): no \(t)") }
                try apply(name, rest, value, path: path, to: &a[i])
            }
            v = .array(a)
        default:
            throw Failure(description: "\(path): not a container")
        }
    }

    /// The first field that differs, for the message.
    static func difference(_ a: Value, _ b: Value) -> String {
        guard case .object(let da) = a, case .object(let db) = b else { return "\(a) ≠ \(b)" }
        for k in Set(da.keys).union(db.keys).sorted() where da[k] != db[k] {
            if let ia = da[k], let ib = db[k], case .object = ia, case .object = ib { return "\(k)." + difference(ia, ib) }
            return "\(k): patched \(String(describing: da[k])) ≠ \(String(describing: db[k]))"
        }
        return "?"
    }

    /// Runs `lines` in one session, patching a document from the start, and checks it after
    /// every line that moved the timeline; then undoes every step and redoes them, the same.
    static func check(_ lines: [String], label: String) throws -> Int {
        let s = Session()
        var patcher = PagePatcher(s.state, seq: s.seq)
        var doc = Value(PageDocument.state(s.state, seq: s.seq))
        var checked = 0
        func follow(_ line: String) throws {
            let before = s.cursor, entriesBefore = s.entries.count
            let r = s.execute(line)
            guard r.status != .shell, r.status != .quit else { return }
            let after = s.cursor
            if after == before && s.entries.count == entriesBefore { return }
            let (change, forward) = after < before ? (s.entries[before].delta, false) : (s.entries[after].delta, true)
            let ops = patcher.patch(to: s.state, seq: s.seq, change: change, forward: forward)
            do { try PagePatchTests.apply(ops, to: &doc) } catch { throw Failure(description: "\(label), after `\(line)`: \(error)") }
            let expected = Value(PageDocument.state(s.state, seq: s.seq))
            // What GET /api/state sends, written as it is made: the same document, byte for byte.
            expectEqual(PageDocument.stateText(s.state, seq: s.seq), PageDocument.state(s.state, seq: s.seq).serialized(), "\(label), after `\(line)`: /api/state's text")
            expectEqual(doc, expected, "\(label), after `\(line)`: \(PagePatchTests.difference(doc, expected))")
            checked += 1
            if doc != expected { throw Failure(description: "stopped at the first difference") }
        }
        for line in lines { try follow(line) }
        while s.cursor > 0 { try follow("undo") }
        while s.cursor < s.entries.count - 1 { try follow("redo") }
        return checked
    }

    static func scripts() -> [(String, [String])] {
        var out: [(String, [String])] = []
        for folder in ["Tests/Scripts", "Docs/Tutorials", "Fuzz/regressions"] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for f in files.sorted() where f.hasSuffix(".navlab") {
                let text = (try? String(contentsOfFile: "\(folder)/\(f)", encoding: .utf8)) ?? ""
                out.append(("\(folder)/\(f)", text.components(separatedBy: "\n")))
            }
        }
        return out
    }

    @Test("Every script's steps, as patches, give /api/state after each one, forward and through undo and redo")
    func everyScript() throws {
        let scripts = PagePatchTests.scripts()
        expect(scripts.count > 10)
        var total = 0
        for (name, lines) in scripts { total += try PagePatchTests.check(lines, label: name) }
        expect(total > 500)
    }

    @Test("GET /api/history and /api/log written as they are made are the entries' and the log's values serialized: every script, its last steps undone")
    func historyAndLogText() {
        var same = 0, events = 0, resets = 0
        for (name, lines) in PagePatchTests.scripts() {
            let s = Session()
            for line in lines { _ = s.execute(line) }
            // Entries past the cursor are written as undone, and their events are not logged.
            for _ in 0..<min(2, s.cursor) { _ = s.execute("undo") }
            let entries = s.entries.enumerated().map { PageDocument.entry($0.element, index: $0.offset, cursor: s.cursor) }
            let text = PageDocument.historyText(s)
            let value = JSON.object([("seq", .int(s.seq)), ("cursor", .int(s.cursor)), ("entries", .array(entries))]).serialized()
            expectEqual(text, value, "\(name): /api/history")
            expectEqual(s.logText(), s.logJSON().serialized(), "\(name): /api/log")
            if text == value && s.logText() == s.logJSON().serialized() { same += 1 }
            events += s.entries.reduce(0) { $0 + $1.events.count }
            resets += s.entries.filter { if case .reset = $0.change { return true }; return false }.count
        }
        // The log is the current timeline's since its last reset: a session that ends on a reset
        // logs nothing; with the reset undone, the launch's callbacks are back; steps after a
        // reset are logged alone; a session with no steps logs nothing.
        let s = Session()
        for line in ["initial Nav(Home)", "launch"] { _ = s.execute(line) }
        let launched = s.entries[s.cursor].events.filter(\.isLogged).count
        expect(launched > 3)
        _ = s.execute("reset")
        expectEqual(s.logText(), "[]")
        _ = s.execute("undo")
        expectEqual(s.logEntries().count, launched)
        expectEqual(s.logText(), s.logJSON().serialized())
        _ = s.execute("redo")
        for line in ["initial Nav(Home)", "launch"] { _ = s.execute(line) }
        expectEqual(s.logEntries().map(\.seq), Array(repeating: s.seq, count: launched))
        expectEqual(s.logText(), s.logJSON().serialized())
        expectEqual(Session().logText(), "[]")
        expect(same > 10 && events > 1_000 && resets > 0)
    }

    /// The property tests' generator: every verb, live names, lifecycle and restoration.
    @Test("Random sessions, as patches, give /api/state after every step", arguments: 0..<8)
    func randomSessions(seed: Int) throws {
        var writer = CommandWriter(rng: SeededGenerator(seed: UInt64(5_000 + seed)))
        let s = Session()
        var lines: [String] = []
        for _ in 0..<150 {
            let line = writer.line(s.state)
            lines.append(line)
            _ = s.execute(line)
        }
        try expect(try PagePatchTests.check(lines, label: "seed \(5_000 + seed)") > 40)
    }

    @Test("A push on a stack of 10,000 is a patch of under 2 KB; the document is over 5 MB")
    func pushIsSmall() {
        let s = Session()
        _ = s.execute("initial Nav(Home)"); _ = s.execute("launch")
        for _ in 0..<10_000 { _ = s.execute("push Page") }
        var patcher = PagePatcher(s.state, seq: s.seq)
        _ = s.execute("push Detail")
        let ops = patcher.patch(to: s.state, seq: s.seq, change: s.entries[s.cursor].delta, forward: true)
        let bytes = JSON.array(ops).serialized().utf8.count
        expect(bytes < 2_048, "\(bytes) bytes: \(JSON.array(ops).serialized().prefix(3_000))")
        expect(PageDocument.state(s.state, seq: s.seq).serialized().utf8.count > 5_000_000)
    }

    @Test("A pushed view controller is a copy of its sibling's entries with its class replaced; one with children is written out")
    func newEntryCopied() throws {
        let s = Session()
        for line in ["initial Nav(Home)", "launch", "push Page"] { _ = s.execute(line) }
        var patcher = PagePatcher(s.state, seq: s.seq)
        var doc = Value(PageDocument.state(s.state, seq: s.seq))
        _ = s.execute("push Detail")
        let ops = patcher.patch(to: s.state, seq: s.seq, change: s.entries[s.cursor].delta, forward: true)
        let text = JSON.array(ops).serialized()
        expect(text.contains(#"{"op":"copy","from":"/viewControllers/Page","path":"/viewControllers/Detail"}"#), "\(text)")
        expect(text.contains(#"{"op":"replace","path":"/viewControllers/Detail/class","value":"Detail"}"#), "\(text)")
        expect(text.contains(#"{"op":"copy","from":"/memory/Page","path":"/memory/Detail"}"#), "\(text)")
        expect(!text.contains(#""path":"/viewControllers/Detail","value""#))
        try PagePatchTests.apply(ops, to: &doc)
        expectEqual(doc, Value(PageDocument.state(s.state, seq: s.seq)))
        // A tab bar controller with children has no like entry to copy: written out whole.
        var tabs = PagePatcher(s.state, seq: s.seq)
        _ = s.execute("present Tabs(A, B)")
        let tabOps = JSON.array(tabs.patch(to: s.state, seq: s.seq, change: s.entries[s.cursor].delta, forward: true)).serialized()
        expect(tabOps.contains(#"{"op":"add","path":"/viewControllers/UITabBarController","value":{"class":"UITabBarController""#), "\(tabOps)")
    }
}
