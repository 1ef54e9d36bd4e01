import Foundation
import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabHub
import NavLabTestSupport
import Synchronization
import Testing
@testable import NavLabServer

@Suite("GET /api/events: Server-Sent Events")
struct EventStreamTests {
    /// Opens the stream, runs `body` while it is open, ends it, and returns what it carried.
    func stream(_ server: PageServer, client: TestClient, headers: HTTPFields = own(),
                while body: @Sendable () async throws -> Void) async throws -> (response: TestResponse, messages: [SSEMessage], comments: [String]) {
        let before = server.hub.subscriberCount
        async let response = client.execute(uri: "/api/events", method: .get, headers: headers)
        try await eventually("the stream to subscribe") { server.hub.subscriberCount > before }
        try await body()
        try await eventually("the stream to be written") { server.feed.openStreams > 0 }
        server.feed.closeAll()
        let r = try await response
        let (messages, comments) = parseEventStream(String(buffer: r.body))
        return (r, messages, comments)
    }

    typealias Value = PagePatchTests.Value

    /// The document `GET /api/state` gives now.
    func stateNow(_ client: TestClient) async throws -> Value {
        let r = try await client.execute(uri: "/api/state", method: .get, headers: own())
        return Value(try JSONSerialization.jsonObject(with: Data(r.body.readableBytesView)))
    }

    /// What a page makes of a stream: the `state` document, then every `patch` applied in
    /// order (each from the seq the previous one reached). Returns the document and its seq.
    func follow(_ messages: [SSEMessage], from start: (doc: Value, seq: Int)? = nil) throws -> (doc: Value, seq: Int) {
        var doc = start?.doc, seq = start?.seq
        for m in messages {
            if m.event == "state" {
                let data = Value(try JSONSerialization.jsonObject(with: Data(m.data.utf8)))
                guard case .object(let o) = data, let d = o["state"], case .number(let n)? = o["seq"] else { throw TestFailure("bad state event \(m.data)") }
                doc = d
                seq = Int(n)
            } else if m.event == "patch" {
                let data = Value(try JSONSerialization.jsonObject(with: Data(m.data.utf8)))
                guard case .object(let o) = data, case .array(let ops)? = o["ops"], case .number(let to)? = o["seq"],
                      case .number(let from)? = o["from"] else { throw TestFailure("bad patch event \(m.data)") }
                guard var d = doc else { throw TestFailure("a patch before any state") }
                expectEqual(Int(from), seq, "patch \(m.id ?? -1) is from seq \(Int(from)); the page is at \(seq ?? -1)")
                try PagePatchTests.apply(values: ops, to: &d)
                doc = d
                seq = Int(to)
            }
        }
        guard let doc, let seq else { throw TestFailure("no state event") }
        return (doc, seq)
    }

    /// log.js's printedText: the line a log element stands for in a command event.
    static func printed(_ e: [String: Any]) -> String {
        let callback = e["callback"] as? String ?? ""
        if callback == "warning" { return "warning: \(e["message"] as? String ?? "")" }
        if callback == "willMove(toParent:)" || callback == "didMove(toParent:)" {
            return "\(callback.dropLast("toParent:)".count))toParent: \(e["parent"] as? String ?? "nil")) \(e["viewController"] as? String ?? "")"
        }
        let base = (e["viewController"] as? String).map { "\(callback) \($0)" } ?? callback
        return base + ((e["message"] as? String).map { " — \($0)" } ?? "")
    }

    @Test("state first; then per line its command (with its calls) and its patch; the patches give /api/state")
    func eventPerCommand() async throws {
        let server = makeServer()
        let lines = seed000 + ["tree", "present Extra on Register", "bogus"]
        try await server.test { client in
            let collected = Mutex<[[String]]>([])
            let (response, messages, _) = try await stream(server, client: client) {
                for line in lines {
                    let r = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: line))
                    let printed = (try json(r)["lines"] as? [[String: Any]] ?? []).map { $0["text"] as? String ?? "" }
                    collected.withLock { $0.append(printed) }
                }
            }
            let answers = collected.withLock { $0 }
            expectEqual(response.headers[.contentType], "text/event-stream; charset=utf-8")
            // First the document the client starts from, with the id of the last event in it.
            expectEqual(messages.first?.event, "state")
            expectEqual(messages.first?.json?["seq"] as? Int, 0)
            expectEqual(messages.first?.id, 0)
            expect(!messages.dropFirst().contains { $0.event == "state" })
            let commands = messages.filter { $0.event == "command" }
            expectEqual(commands.map { $0.json?["line"] as? String }, lines)
            expectEqual(commands.compactMap(\.id), Array(1...lines.count))
            expect(commands.allSatisfy { $0.json?["origin"] as? String == "web" })
            expectEqual(commands.map { $0.json?["status"] as? String }, Array(repeating: "done", count: seed000.count) + ["shown", "ignored", "failed"])
            // A patch for every line that reached the model (an ignored one is a step of the
            // timeline too), right after its command, with the seq it leads to.
            let patches = messages.filter { $0.event == "patch" }
            expectEqual(patches.map { $0.json?["seq"] as? Int }, (1...seed000.count + 1).map { $0 })
            expectEqual(patches.compactMap(\.id), Array(1...seed000.count) + [seed000.count + 2])
            for (i, message) in messages.enumerated() where message.event == "patch" {
                expect(messages[i - 1].event == "command" && messages[i - 1].id == message.id)
            }
            // Applied in order to the first document, they give what /api/state gives.
            let followed = try follow(messages)
            let now = try await stateNow(client)
            expectEqual(followed.doc, now, "\(PagePatchTests.difference(followed.doc, now))")
            guard case .object(let doc) = now, case .array(let leaked)? = doc["leaked"] else { throw TestFailure("no leaked") }
            // The ignored present changed nothing: the leaks are seed 000's.
            expectEqual(Set(leaked.compactMap { if case .string(let s) = $0 { s } else { nil } }), ["Register", "UINavigationController", "Welcome", "Details", "Done"])
            // The command carries the step's calls (`log --json` elements, the seq and command
            // said once) and gives each printed call by its index there; read so, its lines are
            // what the prompt printed (the POST's answer). Nothing the event says is repeated.
            expect(!messages.contains { $0.event == "log" })
            let present = try #require(commands.first { $0.id == 4 }?.json)
            let presentLog = try #require(present["events"] as? [[String: Any]])
            expect(presentLog.contains { $0["callback"] as? String == "viewDidAppear" && $0["viewController"] as? String == "Welcome" })
            expectEqual(present["line"] as? String, "present Nav(Welcome)")
            expect(presentLog.allSatisfy { $0["command"] == nil && $0["seq"] == nil })
            expect(present["id"] == nil)
            let presentEntry = try #require(present["entry"] as? [String: Any])
            expect(presentEntry["command"] == nil && presentEntry["comment"] == nil && presentEntry["reason"] == nil)
            expectEqual(presentEntry["kind"] as? String, "command")
            var references = 0
            for (k, command) in commands.enumerated() {
                let log = command.json?["events"] as? [[String: Any]] ?? []
                let sent = command.json?["lines"] as? [Any] ?? []
                let read = sent.map { line -> String in
                    if let i = line as? Int { references += 1; return EventStreamTests.printed(log[i]) }
                    return (line as? [String: Any])?["text"] as? String ?? ""
                }
                expectEqual(read, answers[k], "`\(lines[k])`")
            }
            expect(references > 20)
        }
    }

    @Test("a line typed at the prompt reaches the page with origin repl")
    func replOrigin() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        try await server.test { client in
            let (_, messages, _) = try await stream(server, client: client) {
                server.hub.execute("push B", origin: .repl)
            }
            let command = try #require(messages.first { $0.event == "command" }?.json)
            expectEqual(command["origin"] as? String, "repl")
            expectEqual(command["timeline"] as? String, "append")
            // The entry's command is the line: said once.
            expectEqual(command["line"] as? String, "push B")
            expectEqual((command["entry"] as? [String: Any])?["kind"] as? String, "command")
            expect((command["entry"] as? [String: Any])?["command"] == nil)
            expectEqual(messages.last?.event, "patch")
        }
    }

    @Test("a client reconnecting with Last-Event-ID gets the events it missed, patches included, and no new document")
    func lastEventID() async throws {
        let server = makeServer()
        try await server.test { client in
            var first: [SSEMessage] = []
            (_, first, _) = try await stream(server, client: client) {
                for line in ["initial Nav(A)", "launch"] { server.hub.execute(line, origin: .repl) }
            }
            let page = try follow(first)
            // Gone for a while; these happen meanwhile.
            for line in ["push B", "push C"] { server.hub.execute(line, origin: .repl) }
            let lastSeen = try #require(first.last?.id)
            expectEqual(lastSeen, 2)
            let (_, messages, _) = try await stream(server, client: client, headers: own([("Last-Event-ID", "\(lastSeen)")])) {
                server.hub.execute("push D", origin: .web)
            }
            expect(!messages.contains { $0.event == "state" })
            let commands = messages.filter { $0.event == "command" }
            expectEqual(commands.map { $0.json?["line"] as? String }, ["push B", "push C", "push D"])
            expectEqual(commands.compactMap(\.id), [3, 4, 5])
            let followed = try follow(messages, from: page)
            let now = try await stateNow(client)
            expectEqual(followed.doc, now, "\(PagePatchTests.difference(followed.doc, now))")
        }
    }

    @Test("a client reconnecting past what the server keeps gets the whole document again, then patches")
    func reconnectTooLate() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        for i in 0..<(SessionHub.recentLimit + 20) { server.hub.execute(i % 2 == 0 ? "push V" : "pop", origin: .repl) }
        try await server.test { client in
            let (_, messages, _) = try await stream(server, client: client, headers: own([("Last-Event-ID", "3")])) {
                server.hub.execute("push W", origin: .web)
            }
            expectEqual(messages.first?.event, "state")
            expectEqual(messages.filter { $0.event == "command" }.map { $0.json?["line"] as? String }, ["push W"])
            let followed = try follow(messages)
            let now = try await stateNow(client)
            expectEqual(followed.doc, now, "\(PagePatchTests.difference(followed.doc, now))")
            // An id from another server (a larger one than this one has given) is no resume either.
            let (_, other, _) = try await stream(server, client: client, headers: own([("Last-Event-ID", "999999")])) {}
            expectEqual(other.first?.event, "state")
        }
    }

    @Test("undo and redo are patches back and forth; each leaves the document /api/state gives")
    func undoRedo() async throws {
        let server = makeServer(["initial Nav(A)", "launch", "push B"])
        try await server.test { client in
            var page: (doc: Value, seq: Int)?
            let (_, messages, _) = try await stream(server, client: client) {
                server.hub.execute("undo", origin: .web)
                server.hub.execute("redo", origin: .web)
                server.hub.execute("undo", origin: .web)
            }
            let commands = messages.filter { $0.event == "command" }
            expectEqual(commands.map { $0.json?["timeline"] as? String }, ["move", "move", "move"])
            let patches = messages.filter { $0.event == "patch" }
            expectEqual(patches.map { $0.json?["seq"] as? Int }, [2, 3, 2])
            expectEqual(patches.map { $0.json?["from"] as? Int }, [3, 2, 3])
            page = try follow(messages)
            let now = try await stateNow(client)
            expectEqual(page?.doc, now)
            guard case .object(let doc)? = page?.doc, case .object(let vcs)? = doc["viewControllers"] else { throw TestFailure("no document") }
            expect(vcs["B"] == nil)
        }
    }

    @Test("random sessions streamed: the patches give /api/state at the end, undo and redo included", arguments: 0..<3)
    func randomSessionStreamed(seed: Int) async throws {
        let server = makeServer()
        // The lines, written for the states a session of their own goes through (the hub's
        // goes through the same ones).
        var writer = CommandWriter(rng: SeededGenerator(seed: UInt64(9_100 + seed)))
        let rehearsal = Session()
        var lines: [String] = []
        for i in 0..<120 {
            let line = i % 17 == 16 ? "undo" : i % 29 == 28 ? "redo" : writer.line(rehearsal.state)
            _ = rehearsal.execute(line)
            lines.append(line)
        }
        try await server.test { [lines] client in
            let (_, messages, _) = try await stream(server, client: client) {
                for line in lines { server.hub.execute(line, origin: .web) }
            }
            let followed = try follow(messages)
            let now = try await stateNow(client)
            expectEqual(followed.doc, now, "seed \(9_100 + seed): \(PagePatchTests.difference(followed.doc, now))")
        }
    }

    @Test("a client that accepts gzip gets the stream compressed, one flush per message; it decodes to the same events, whose patches give /api/state")
    func gzipStream() async throws {
        let server = makeServer()
        try await server.test { client in
            let (response, _, _) = try await stream(server, client: client, headers: own([("Accept-Encoding", "gzip, deflate, br")])) {
                for line in seed000 { server.hub.execute(line, origin: .web) }
            }
            expectEqual(response.headers[.contentEncoding], "gzip")
            expectEqual(response.headers[.vary], "Accept-Encoding")
            let compressed = [UInt8](buffer: response.body)
            let text = String(decoding: try gunzip(compressed), as: UTF8.self)
            expect(compressed.count * 3 < text.utf8.count, "\(compressed.count) B compressed, \(text.utf8.count) B of events")
            let (messages, _) = parseEventStream(text)
            expectEqual(messages.filter { $0.event == "command" }.count, seed000.count)
            let followed = try follow(messages)
            let now = try await stateNow(client)
            expectEqual(followed.doc, now, "\(PagePatchTests.difference(followed.doc, now))")
            // Without gzip in Accept-Encoding: plain text.
            let (plain, plainMessages, _) = try await stream(server, client: client) { server.hub.execute("push Plain", origin: .web) }
            expect(plain.headers[.contentEncoding] == nil)
            expectEqual(plainMessages.first?.event, "state")
        }
    }

    @Test("every message of a gzip stream can be decoded as soon as it arrives (Z_SYNC_FLUSH)")
    func gzipFlushesEachMessage() throws {
        let deflater = try #require(StreamDeflater())
        var sent: [UInt8] = []
        for i in 0..<5 {
            let message = "event: command\nid: \(i)\ndata: {\"line\":\"push Item\(i)\"}\n\n"
            sent += deflater.compress(Array(message.utf8))
            // What arrived so far decodes to every message so far, though the stream is open.
            let decoded = String(decoding: try inflatePartial(sent), as: UTF8.self)
            expect(decoded.hasSuffix(message))
            expectEqual(parseEventStream(decoded).messages.count, i + 1)
        }
        sent += deflater.finish()
        try expectEqual(parseEventStream(String(decoding: try gunzip(sent), as: UTF8.self)).messages.count, 5)
    }

    @Test("time travel: from the live document, the patches to the step before and of the step give that step's /api/history document")
    func timeTravel() async throws {
        let server = makeServer(seed000 + ["undo", "push More", "reset", "initial Tab(Nav(A), B)", "launch", "select UITabBarController 1"])
        try await server.test { client in
            let live = try await stateNow(client)
            let history = try json(try await client.execute(uri: "/api/history", method: .get, headers: own()))
            let seqs = (history["entries"] as? [[String: Any]] ?? []).compactMap { $0["seq"] as? Int }
            let liveSeq = try #require(history["seq"] as? Int)
            expect(seqs.count > 10)
            for seq in seqs {
                let travel = try json(try await client.execute(uri: "/api/history/\(seq)?from=\(liveSeq)", method: .get, headers: own()))
                let whole = try json(try await client.execute(uri: "/api/history/\(seq)", method: .get, headers: own()))
                var doc = live
                try PagePatchTests.apply(values: (travel["before"] as? [Any] ?? []).map(Value.init), to: &doc)
                if let before = whole["before"] as? [String: Any] {
                    expectEqual(doc, Value(before), "to the step before \(seq): \(PagePatchTests.difference(doc, Value(before)))")
                }
                if let step = travel["step"] as? [Any] { try PagePatchTests.apply(values: step.map(Value.init), to: &doc) }
                else { expectEqual(seq, 0) }
                let expected = Value(try #require(whole["state"] as? [String: Any]))
                expectEqual(doc, expected, "step \(seq): \(PagePatchTests.difference(doc, expected))")
                expectEqual((travel["entry"] as? [String: Any])?["seq"] as? Int, seq)
            }
            // From a step the page shows that is not the live one, too.
            let from = seqs[3], to = seqs[seqs.count - 2]
            let travel = try json(try await client.execute(uri: "/api/history/\(to)?from=\(from)", method: .get, headers: own()))
            // What throws is outside `#require` (see AppStoreTests.writtenArchive: a `try` and a
            // cast in one `#require` crashed the test run with Swift 6.3.1).
            let atFrom = try json(try await client.execute(uri: "/api/history/\(from)", method: .get, headers: own()))
            var doc = Value(try #require(atFrom["state"] as? [String: Any]))
            try PagePatchTests.apply(values: (travel["before"] as? [Any] ?? []).map(Value.init), to: &doc)
            try PagePatchTests.apply(values: (travel["step"] as? [Any] ?? []).map(Value.init), to: &doc)
            let atTo = try json(try await client.execute(uri: "/api/history/\(to)", method: .get, headers: own()))
            let expected = Value(try #require(atTo["state"] as? [String: Any]))
            expectEqual(doc, expected)
            // A step that is not on the timeline: 404; a from that is not: 409.
            #expect(try await client.execute(uri: "/api/history/9999?from=\(liveSeq)", method: .get, headers: own()).status == .notFound)
            #expect(try await client.execute(uri: "/api/history/1?from=9999", method: .get, headers: own()).status == .conflict)
        }
    }

    @Test("a heartbeat comment keeps an idle stream alive")
    func heartbeat() async throws {
        let server = makeServer(heartbeat: .milliseconds(20))
        try await server.test { client in
            // However loaded the machine, wait for one to be written rather than for a time.
            let (_, _, comments) = try await stream(server, client: client) {
                try await eventually("a heartbeat") { server.feed.heartbeatsWritten > 0 }
            }
            expect(comments.contains(" heartbeat"))
        }
    }

    @Test("50 streams each get every event, once, in order")
    func manyClients() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        try await server.test { client in
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<50 {
                    group.addTask { String(buffer: try await client.execute(uri: "/api/events", method: .get, headers: own()).body) }
                }
                try await eventually("50 subscribers") { server.hub.subscriberCount == 50 }
                for i in 0..<10 { server.hub.execute("push V\(i)", origin: .web) }
                try await eventually("50 open streams") { server.feed.openStreams == 50 }
                // Let the writers drain before the streams are ended (ending keeps what is queued).
                server.feed.closeAll()
                var out: [String] = []
                for try await body in group { out.append(body) }
                return out
            }
            expectEqual(bodies.count, 50)
            for body in bodies {
                let lines = parseEventStream(body).messages.filter { $0.event == "command" }.map { $0.json?["line"] as? String }
                expectEqual(lines, (0..<10).map { "push V\($0)" })
            }
        }
    }
}

@Suite("Starting the server")
struct StartTests {
    @Test("a taken port moves to the next free one; the URL names the port; stop ends it")
    func nextFreePort() async throws {
        let hub = SessionHub()
        let first = try await PageServer.start(hub: hub, configuration: PageConfiguration(port: 0))
        expect(first.port > 0)
        expectEqual(first.url, "http://127.0.0.1:\(first.port)/")
        let second = try await PageServer.start(hub: hub, configuration: PageConfiguration(port: first.port, portAttempts: 20))
        expect(second.port > first.port)
        expect(second.port <= first.port + 20)
        await second.stop()
        await first.stop()
    }

    @Test("beyond loopback the URL carries the token")
    func urlWithToken() async throws {
        let page = try await PageServer.start(hub: SessionHub(), configuration: PageConfiguration(host: "0.0.0.0", port: 0, token: "abc"))
        expect(page.url.hasSuffix(":\(page.port)/?token=abc"))
        await page.stop()
    }
}
