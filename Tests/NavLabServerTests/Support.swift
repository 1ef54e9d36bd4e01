import Foundation
import HTTPTypes
import Hummingbird
import NavLabCommands
import NavLabHub
@testable import NavLabServer

/// Seed 000's first experiment, as typed.
let seed000 = ["device iPhone iOS=12", "initial Register", "launch", "present Nav(Welcome)", "push Details", "push Done", "swapRoot Main"]

/// A server over a fresh hub, as `navlab` makes it, on the port the tests pretend to use.
func makeServer(_ lines: [String] = [], host: String = "127.0.0.1", token: String? = nil,
                publicDirectory: String? = nil, heartbeat: Duration = .seconds(15),
                maxBodySize: Int = PageConfiguration.defaultMaxBodySize) -> PageServer {
    let hub = SessionHub()
    for line in lines { hub.execute(line, origin: .script) }
    return PageServer(hub: hub, configuration: PageConfiguration(host: host, port: 8080, publicDirectory: publicDirectory,
                                                                 token: token, maxBodySize: maxBodySize, heartbeat: heartbeat))
}

/// The headers a same-origin browser sends to 127.0.0.1:8080.
func own(_ extra: [(String, String)] = []) -> HTTPFields {
    var fields = HTTPFields()
    fields[HTTPField.Name("Host")!] = "127.0.0.1:8080"
    for (name, value) in extra { fields[HTTPField.Name(name)!] = value }
    return fields
}

func json(_ response: TestResponse) throws -> [String: Any] {
    let data = Data(response.body.readableBytesView)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw TestFailure("not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }
    return object
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One Server-Sent Event as the browser's EventSource would dispatch it.
struct SSEMessage {
    var event = "message"
    var id: Int?
    var data = ""
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any]
    }
}

/// Parses a text/event-stream body; comment lines (heartbeats) are counted apart.
func parseEventStream(_ text: String) -> (messages: [SSEMessage], comments: [String]) {
    var messages: [SSEMessage] = []
    var comments: [String] = []
    var current = SSEMessage()
    var hasField = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.isEmpty {
            if hasField, !current.data.isEmpty || current.event != "message" { messages.append(current) }
            current = SSEMessage()
            hasField = false
            continue
        }
        if line.hasPrefix(":") { comments.append(String(line.dropFirst())); continue }
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let field = String(parts[0])
        var value = parts.count > 1 ? String(parts[1]) : ""
        if value.hasPrefix(" ") { value.removeFirst() }
        switch field {
        case "event": current.event = value; hasField = true
        case "id": current.id = Int(value); hasField = true
        case "data": current.data += (current.data.isEmpty ? "" : "\n") + value; hasField = true
        default: break
        }
    }
    return (messages, comments)
}

/// Waits (bounded) until `condition` holds.
/// Generous by default: CPU-bound tests running beside these can keep a server task from
/// being scheduled for seconds on a 2-core machine — in a whole `make test` on two cores, tests
/// that wait for a `swiftc` they started hold Swift's two pool threads, and 50 streams once
/// took over 120 s to subscribe; a wait only lasts until the condition holds.
func eventually(_ what: String, timeout: Duration = .seconds(300), _ condition: () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else { throw TestFailure("timed out waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// A Public/ folder with an index.html, and a file beside it that must never be served.
func makePublicFolder() throws -> (publicDirectory: String, secret: String) {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("navlab-server-tests-\(UUID().uuidString)")
    let pub = base.appendingPathComponent("Public")
    try FileManager.default.createDirectory(at: pub.appendingPathComponent("js"), withIntermediateDirectories: true)
    try "<!doctype html><title>NavLab</title>".write(to: pub.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
    try "export const x = 1;".write(to: pub.appendingPathComponent("js/app.js"), atomically: true, encoding: .utf8)
    try "top secret".write(to: base.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
    return (pub.path, base.appendingPathComponent("secret.txt").path)
}
