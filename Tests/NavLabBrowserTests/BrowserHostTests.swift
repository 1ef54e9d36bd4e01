import Foundation
import Testing
import NavLabBrowser

/// The browser host's C ABI (Web/Sources), called natively as the page's Web Worker and the
/// node runner call it in WebAssembly: the same answer buffers, read the same way
/// (Public/js/engine-worker.js, `readAnswer`). One page session per module: these run in turn.
@Suite(.serialized)
struct BrowserHostTests {
    /// An answer buffer: its bytes after the 4-byte length, freed.
    func bytes(_ p: UnsafeMutableRawPointer) -> [UInt8] {
        defer { navlab_free(p) }
        let n = Int(p.load(as: UInt32.self).littleEndian)
        return Array(UnsafeRawBufferPointer(start: p + 4, count: n))
    }

    /// Reads [status][type][body][n messages][name, id, data]….
    struct PageAnswer {
        var status = 0, type = "", body = ""
        var messages: [(name: String, id: Int, data: String)] = []
    }

    func read(_ p: UnsafeMutableRawPointer) -> PageAnswer {
        let b = bytes(p)
        var at = 0
        func u32() -> Int {
            defer { at += 4 }
            return Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
        }
        func chunk() -> String {
            let n = u32()
            defer { at += n }
            return String(decoding: b[at..<(at + n)], as: UTF8.self)
        }
        var a = PageAnswer()
        a.status = u32()
        a.type = chunk()
        a.body = chunk()
        for _ in 0..<u32() { a.messages.append((chunk(), u32(), chunk())) }
        return a
    }

    func request(_ method: String, _ target: String, _ body: String = "") -> PageAnswer {
        var m = method, t = target, b = body
        return m.withUTF8 { m in t.withUTF8 { t in b.withUTF8 { b in
            read(navlab_page_request(m.baseAddress, Int32(m.count), t.baseAddress, Int32(t.count), b.baseAddress, Int32(b.count)))
        } } }
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("navlab_page_open answers the state message; a POST answers what the server does, with the stream's messages")
    func openAndRun() throws {
        let open = read(navlab_page_open())
        expectEqual(open.status, 200)
        expectEqual(open.messages.map(\.name), ["state"])
        expectEqual(open.messages.first?.id, 0)
        let run = request("POST", "/api/commands", "initial Nav(A)\nlaunch\npush B")
        expectEqual(run.status, 200)
        expectEqual(run.type, "application/json; charset=utf-8")
        try expectEqual(json(run.body)["status"] as? String, "done")
        expectEqual(run.messages.map(\.name), ["command", "patch", "command", "patch", "command", "patch"])
        expectEqual(run.messages.map(\.id), [1, 1, 2, 2, 3, 3])
        let state = request("GET", "/api/state")
        try expectEqual(json(state.body)["seq"] as? Int, 3)
        expect(state.messages.isEmpty)
        expectEqual(request("GET", "/api/nothing").status, 404)
        // The browser's own refusal of a file verb.
        let save = try json(request("POST", "/api/commands", "save x.navlab").body)
        expect(((save["error"] as? [String: Any])?["message"] as? String)?.contains("which a page cannot do") == true)
    }

    @Test("The journal is what moved the session; replayed into a fresh session it gives the same state, and the ids go on")
    func journalAndReplay() throws {
        _ = read(navlab_page_open())
        _ = request("POST", "/api/commands", "initial Nav(A)\nlaunch\ntree\n# narrated\npush B\npsuh C")
        let journal = String(decoding: bytes(navlab_page_journal()), as: UTF8.self)
        expectEqual(journal, "initial Nav(A)\nlaunch\n# narrated\npush B\n")
        let before = request("GET", "/api/state").body
        let next = navlab_page_next_event_id(0)
        _ = read(navlab_page_open())
        var text = journal
        let replayed = text.withUTF8 { read(navlab_page_replay($0.baseAddress, Int32($0.count))) }
        expectEqual(replayed.status, 200)
        expect(replayed.messages.isEmpty)
        expectEqual(request("GET", "/api/state").body, before)
        expectEqual(navlab_page_next_event_id(next), next)
        let push = request("POST", "/api/commands", "push C")
        expectEqual(push.messages.first?.id, Int(next))
    }

    @Test("navlab_run prints what `navlab run` and `navlab check` print")
    func run() throws {
        func run(_ script: String, mode: Int32) -> (status: Int, out: String, err: String) {
            var name = "t.navlab", text = script
            let b = name.withUTF8 { n in text.withUTF8 { t in bytes(navlab_run(n.baseAddress, Int32(n.count), t.baseAddress, Int32(t.count), mode)) } }
            var at = 0
            func u32() -> Int { defer { at += 4 }; return Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }
            func chunk() -> String { let n = u32(); defer { at += n }; return String(decoding: b[at..<(at + n)], as: UTF8.self) }
            return (u32(), chunk(), chunk())
        }
        let ran = run("initial Main\nlaunch\nexpect root is Main", mode: 0)
        expectEqual(ran.status, 0)
        expect(ran.out.hasPrefix("> initial Main\n> launch\n  application(_:willFinishLaunchingWithOptions:)\n"), "\(ran.out)")
        let checked = run("initial Main\nlaunch\nexpect root is Other", mode: 2)
        expectEqual(checked.status, 1)
        expect(checked.out.hasSuffix("0 passed, 1 failed\n"), "\(checked.out)")
    }
}
