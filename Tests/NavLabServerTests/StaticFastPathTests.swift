#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Foundation
import NavLabCommands
import NavLabHub
import Testing
@testable import NavLabServer

/// One HTTP/1.1 answer read off a raw connection.
struct RawAnswer {
    let status: Int
    /// Header names lower-cased, in the order sent.
    let headers: [(String, String)]
    let body: [UInt8]

    func header(_ name: String) -> String? { headers.first { $0.0 == name.lowercased() }?.1 }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Reads answers from `connection` (Content-Length framed; a HEAD's answer has no body).
final class AnswerReader {
    let connection: RawConnection
    var buffer: [UInt8] = []
    var closed = false

    init(_ connection: RawConnection) { self.connection = connection }

    private func fill(deadline: ContinuousClock.Instant) -> Bool {
        guard !closed, ContinuousClock.now < deadline else { return false }
        guard let part = connection.receiveBytes() else { closed = true; return false }
        buffer += part
        return true
    }

    /// The next answer (to a HEAD when `head`), within 5 s.
    func next(head: Bool = false) throws -> RawAnswer {
        let deadline = ContinuousClock.now + .seconds(5)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var end: Int?
        while end == nil {
            end = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4].elementsEqual(separator) }
            if end == nil, !fill(deadline: deadline) { throw TestFailure("no whole answer; read: \(String(decoding: buffer, as: UTF8.self).prefix(300))") }
        }
        let lines = String(decoding: buffer[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        let headers = lines.dropFirst().map { line -> (String, String) in
            let colon = line.firstIndex(of: ":")!
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        buffer.removeFirst(end! + 4)
        let length = head || status == 304 ? 0 : Int(headers.first { $0.0 == "content-length" }?.1 ?? "0") ?? 0
        while buffer.count < length {
            if !fill(deadline: deadline) { throw TestFailure("body cut short: \(buffer.count) of \(length) bytes") }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return RawAnswer(status: status, headers: headers, body: body)
    }

    /// Whether the server closes the connection within `within`, with nothing more sent.
    func closes(within: Duration) -> Bool {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            if closed { return buffer.isEmpty }
            _ = fill(deadline: deadline)
        }
        return closed && buffer.isEmpty
    }
}

/// The page's files are answered on the connection's event loop (`StaticFastPath`), not by the
/// router: these run a real server and speak HTTP over a socket, because that path is not
/// part of the router the other suites test. Each checks that the fast path answers exactly
/// what the router would, and leaves to it everything it must refuse.
@Suite("The page's files over a connection")
struct StaticFastPathTests {
    /// A live server over `publicDirectory` on a port the system picks; `body` gets the port.
    func withServer(_ publicDirectory: String, requestTimeout: Duration = .seconds(30),
                    _ body: @escaping @Sendable (_ port: Int) throws -> Void) async throws {
        let page = try await PageServer.start(hub: SessionHub(), configuration: PageConfiguration(
            host: "127.0.0.1", port: 0, publicDirectory: publicDirectory, requestTimeout: requestTimeout))
        do { try await blocking { try body(page.port) } } catch { await page.stop(); throw error }
        await page.stop()
    }

    func get(_ path: String, port: Int, host: String? = nil, extra: String = "", method: String = "GET") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\(extra)\r\n"
    }

    @Test("a file comes with the router's headers: type, ETag, no-cache, nosniff, CSP on HTML, Date, Server, length")
    func headers() async throws {
        let (pub, _) = try makePublicFolder()
        let files = StaticFiles(root: pub)
        let expected = try #require(files.answer(forPath: "/index.html", headers: [:]))
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get("/index.html", port: port))
            let a = try reader.next()
            expectEqual(a.status, 200)
            expectEqual(a.text, "<!doctype html><title>NavLab</title>")
            expectEqual(a.header("content-length"), "\(a.body.count)")
            for field in expected.headers { expectEqual(a.header(field.name.rawName), field.value, "\(field.name)") }
            expectEqual(a.header("content-security-policy")?.contains("default-src 'self'"), true)
            expectEqual(a.header("server"), "NavLab")
            // RFC 9110 §5.6.7: IMF-fixdate, and now.
            let date = try #require(a.header("date"))
            let parser = DateFormatter()
            parser.locale = Locale(identifier: "en_US_POSIX")
            parser.timeZone = TimeZone(identifier: "GMT")
            parser.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let parsed = try #require(parser.date(from: date), "Date: \(date)")
            expect(abs(parsed.timeIntervalSinceNow) < 60)
            expectEqual(parser.string(from: parsed), date)
            // `/` is the same file.
            c.send(get("/", port: port))
            try expectEqual(reader.next().text, a.text)
        }
    }

    @Test("a foreign Host or Origin is refused for the page's files too (DNS rebinding), by the router's guard",
          arguments: ["evil.example:PORT", "127.0.0.1.nip.io:PORT", "127.0.0.1:1", "localhost.:PORT", "[::2]:PORT"])
    func foreignHost(host: String) async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            let name = host.replacingOccurrences(of: "PORT", with: "\(port)")
            for path in ["/", "/index.html", "/js/app.js"] {
                c.send(get(path, port: port, host: name))
                let a = try reader.next()
                expectEqual(a.status, 403, "\(path) with Host \(name)")
                expect(!a.text.contains("NavLab</title>") && !a.text.contains("export const"))
            }
            c.send(get("/index.html", port: port, extra: "Origin: http://evil.example\r\n"))
            try expectEqual(reader.next().status, 403)
            c.send(get("/index.html", port: port, extra: "Origin: http://127.0.0.1:\(port)\r\n"))
            try expectEqual(reader.next().status, 200)
        }
    }

    @Test("on one kept-alive connection, a foreign Host after the server's own is still refused")
    func foreignHostAfterOwn() async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get("/index.html", port: port) + get("/index.html", port: port, host: "evil.example:\(port)") + get("/index.html", port: port))
            try expectEqual(reader.next().status, 200)
            try expectEqual(reader.next().status, 403)
            try expectEqual(reader.next().status, 200)
        }
    }

    @Test("paths that leave Public/ are 404 over a connection, raw or encoded", arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/js/../../secret.txt", "/..%2fsecret.txt", "/%252e%252e/secret.txt",
        "/..\\secret.txt", "/js/..%5c..%5csecret.txt", "/%00index.html", "/.hidden", "/nothing-here.html",
    ])
    func pathEscapes(path: String) async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get(path, port: port))
            let a = try reader.next()
            expectEqual(a.status, 404)
            expect(!a.text.contains("top secret"))
        }
    }

    @Test("HEAD: the GET's status and headers with the body's length, no body; the connection goes on")
    func head() async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get("/js/app.js", port: port, method: "HEAD") + get("/js/app.js", port: port))
            let h = try reader.next(head: true)
            expectEqual(h.status, 200)
            expectEqual(h.header("content-length"), "\("export const x = 1;".utf8.count)")
            expectEqual(h.header("content-type"), "text/javascript; charset=utf-8")
            // Had HEAD sent a body, it would be read as the start of the next answer.
            let g = try reader.next()
            expectEqual(g.status, 200)
            expectEqual(g.text, "export const x = 1;")
        }
    }

    @Test("If-None-Match with the ETag is 304 with no body; gzip goes to a client that accepts it")
    func conditionalAndGzip() async throws {
        let (pub, _) = try makePublicFolder()
        // Big enough that gzip is smaller.
        try String(repeating: "export const x = 1;\n", count: 200).write(toFile: pub + "/js/big.js", atomically: true, encoding: .utf8)
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get("/js/big.js", port: port))
            let first = try reader.next()
            let etag = try #require(first.header("etag"))
            c.send(get("/js/big.js", port: port, extra: "If-None-Match: \(etag)\r\n") + get("/js/big.js", port: port, extra: "Accept-Encoding: gzip\r\n"))
            let again = try reader.next()
            expectEqual(again.status, 304)
            expectEqual(again.header("etag"), etag)
            let gz = try reader.next()
            expectEqual(gz.header("content-encoding"), "gzip")
            expectEqual(gz.header("vary"), "Accept-Encoding")
            try expectEqual(gunzip(gz.body), first.body)
        }
    }

    @Test("pipelined requests are answered in order, a file after an API call still waiting behind it")
    func pipelined() async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            let body = "initial Nav(Home)\nlaunch\npush A"
            c.send("POST /api/commands HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                + get("/index.html", port: port) + get("/api/state", port: port) + get("/js/app.js", port: port))
            let post = try reader.next()
            expectEqual(post.status, 200)
            expect(post.text.contains("viewDidAppear"))
            try expectEqual(reader.next().text, "<!doctype html><title>NavLab</title>")
            let state = try reader.next()
            expectEqual(state.header("content-type")?.hasPrefix("application/json"), true)
            expect(state.text.contains("\"A\""))
            try expectEqual(reader.next().text, "export const x = 1;")
        }
    }

    @Test("Connection: close closes the connection after the file")
    func connectionClose() async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get("/index.html", port: port, extra: "Connection: close\r\n"))
            try expectEqual(reader.next().status, 200)
            expect(reader.closes(within: .seconds(2)))
        }
    }

    @Test("#10: after a file, a kept-alive connection that sends nothing more is closed after the request timeout")
    func idleAfterFile() async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub, requestTimeout: SlowClientTests.timeout) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get("/index.html", port: port))
            let start = ContinuousClock.now
            try expectEqual(reader.next().status, 200)
            expect(reader.closes(within: .seconds(5)))
            expect(ContinuousClock.now - start >= SlowClientTests.timeout - .milliseconds(50))
        }
    }

    @Test("a GET of a file that announces a body is left to the router, which answers it")
    func withBody() async throws {
        let (pub, _) = try makePublicFolder()
        try await withServer(pub) { port in
            let c = try RawConnection(port: port), reader = AnswerReader(c)
            c.send(get("/js/app.js", port: port, extra: "Content-Length: 3\r\n") + "abc" + get("/js/app.js", port: port))
            try expectEqual(reader.next().text, "export const x = 1;")
            try expectEqual(reader.next().text, "export const x = 1;")
        }
    }
}
