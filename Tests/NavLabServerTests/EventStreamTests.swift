import Foundation
import HTTPTypes
import Hummingbird
import NavLabCommands
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

    @Test("one command event per command, in order, each followed by the state after it")
    func eventPerCommand() async throws {
        let server = makeServer()
        let lines = seed000 + ["tree", "present Extra on Register", "bogus"]
        try await server.test { client in
            let (response, messages, _) = try await stream(server, client: client) {
                for line in lines {
                    _ = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: line))
                }
            }
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            // First the state the client starts from.
            #expect(messages.first?.event == "state")
            #expect(messages.first?.json?["seq"] as? Int == 0)
            let commands = messages.filter { $0.event == "command" }
            #expect(commands.map { $0.json?["line"] as? String } == lines)
            #expect(commands.compactMap(\.id) == Array(1...lines.count))
            #expect(commands.allSatisfy { $0.json?["origin"] as? String == "web" })
            #expect(commands.map { $0.json?["status"] as? String } == Array(repeating: "done", count: seed000.count) + ["shown", "ignored", "failed"])
            // A state event for every line that reached the model (an ignored one is a step of
            // the timeline too), with its seq, right after its command.
            let states = messages.dropFirst().filter { $0.event == "state" }
            #expect(states.map { $0.json?["seq"] as? Int } == (1...seed000.count + 1).map { $0 })
            #expect(states.compactMap(\.id) == Array(1...seed000.count) + [seed000.count + 2])
            for (i, message) in messages.enumerated() where message.event == "state" && message.id != nil {
                #expect(messages[..<i].last { $0.event == "command" }?.id == message.id)
            }
            // Each carries the state after its line, unless later lines had already moved
            // the model on (then only the seq); the last one always carries it.
            for state in states {
                if let doc = state.json?["state"] as? [String: Any] {
                    #expect(doc["seq"] as? Int == state.json?["seq"] as? Int)
                } else {
                    #expect(state.json?["superseded"] as? Bool == true)
                }
            }
            let last = try #require(states.last?.json?["state"] as? [String: Any])
            // The ignored present changed nothing: the leaks are seed 000's.
            #expect(Set(last["leaked"] as? [String] ?? []) == ["Register", "UINavigationController", "Welcome", "Details", "Done"])
            // Lifecycle log lines for the steps that caused calls.
            let logs = messages.filter { $0.event == "log" }
            let presentLog = try #require(logs.first { $0.id == 4 }?.json?["events"] as? [[String: Any]])
            #expect(presentLog.contains { $0["callback"] as? String == "viewDidAppear" && $0["viewController"] as? String == "Welcome" })
            #expect(presentLog.allSatisfy { $0["command"] as? String == "present Nav(Welcome)" })
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
            #expect(command["origin"] as? String == "repl")
            #expect(command["timeline"] as? String == "append")
            #expect((command["entry"] as? [String: Any])?["command"] as? String == "push B")
            #expect(messages.last?.event == "state")
        }
    }

    @Test("a client reconnecting with Last-Event-ID gets what it missed, in order")
    func lastEventID() async throws {
        let server = makeServer()
        try await server.test { client in
            for line in ["initial Nav(A)", "launch", "push B", "push C"] { server.hub.execute(line, origin: .repl) }
            let (_, messages, _) = try await stream(server, client: client, headers: own([("Last-Event-ID", "2")])) {
                server.hub.execute("push D", origin: .web)
            }
            let commands = messages.filter { $0.event == "command" }
            #expect(commands.map { $0.json?["line"] as? String } == ["push B", "push C", "push D"])
            #expect(commands.compactMap(\.id) == [3, 4, 5])
        }
    }

    @Test("catching up costs one state document: earlier steps send only their seq")
    func catchUpCoalesces() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        for i in 0..<20 { server.hub.execute("push V\(i)", origin: .repl) }
        try await server.test { client in
            let (_, messages, _) = try await stream(server, client: client, headers: own([("Last-Event-ID", "0")])) {}
            #expect(messages.filter { $0.event == "command" }.count == 22)
            let states = messages.dropFirst().filter { $0.event == "state" }
            #expect(states.map { $0.json?["seq"] as? Int } == Array(1...22))
            #expect(states.dropLast().allSatisfy { $0.json?["superseded"] as? Bool == true })
            let last = try #require(states.last?.json?["state"] as? [String: Any])
            #expect((last["viewControllers"] as? [String: Any])?["V19"] != nil)
        }
    }

    @Test("undo and redo move the timeline; their state is the state they moved to")
    func undoRedo() async throws {
        let server = makeServer(["initial Nav(A)", "launch", "push B"])
        try await server.test { client in
            let (_, messages, _) = try await stream(server, client: client) {
                server.hub.execute("undo", origin: .web)
                server.hub.execute("redo", origin: .web)
            }
            let commands = messages.filter { $0.event == "command" }
            #expect(commands.map { $0.json?["timeline"] as? String } == ["move", "move"])
            let states = messages.dropFirst().filter { $0.event == "state" }
            #expect(states.map { $0.json?["seq"] as? Int } == [2, 3])
            let afterRedo = try #require(states.last?.json?["state"] as? [String: Any])
            #expect((afterRedo["viewControllers"] as? [String: Any])?["B"] != nil)
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
            #expect(comments.contains(" heartbeat"))
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
            #expect(bodies.count == 50)
            for body in bodies {
                let lines = parseEventStream(body).messages.filter { $0.event == "command" }.map { $0.json?["line"] as? String }
                #expect(lines == (0..<10).map { "push V\($0)" })
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
        #expect(first.port > 0)
        #expect(first.url == "http://127.0.0.1:\(first.port)/")
        let second = try await PageServer.start(hub: hub, configuration: PageConfiguration(port: first.port, portAttempts: 20))
        #expect(second.port > first.port)
        #expect(second.port <= first.port + 20)
        await second.stop()
        await first.stop()
    }

    @Test("beyond loopback the URL carries the token")
    func urlWithToken() async throws {
        let page = try await PageServer.start(hub: SessionHub(), configuration: PageConfiguration(host: "0.0.0.0", port: 0, token: "abc"))
        #expect(page.url.hasSuffix(":\(page.port)/?token=abc"))
        await page.stop()
    }
}
