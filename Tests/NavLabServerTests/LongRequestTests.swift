import Foundation
import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabCore
import Testing
@testable import NavLabServer

@Suite("A request too long to run is refused up front (Docs/Limits.md)")
struct LongRequestTests {
    @Test("a POST of 10 million lines (50 MB, under the body limit) is refused with the limit, nothing runs, and the server goes on serving")
    func tenMillionLines() async throws {
        let server = makeServer(["initial Nav(A)", "launch"])
        try await server.test { client in
            let seq = server.hub.read { $0.seq }
            let body = ByteBuffer(string: String(repeating: "tree\n", count: 10_000_000))
            let response = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: body)
            expectEqual(response.status, .ok)
            let answer = try json(response)
            expectEqual(answer["status"] as? String, "failed")
            let error = try #require(answer["error"] as? [String: Any])
            let limit = Abridged.count(Limits.commandsPerRequest)
            expectEqual(error["message"] as? String, "this text holds more than \(limit) commands (line 100001 is past that): the page runs at most \(limit) at a time, and none of these ran")
            expectEqual(server.hub.read { $0.seq }, seq)
            // Still serving: a command and the state.
            let next = try await client.execute(uri: "/api/commands", method: .post, headers: own(), body: ByteBuffer(string: "push B"))
            let nextAnswer = try json(next)
            expectEqual(nextAnswer["status"] as? String, "done")
            let state = try await client.execute(uri: "/api/state", method: .get, headers: own())
            expectEqual(state.status, .ok)
        }
    }
}
