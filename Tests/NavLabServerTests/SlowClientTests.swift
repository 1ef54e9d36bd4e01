#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Foundation
import Hummingbird
import NavLabCommands
import NavLabHub
import Testing
@testable import NavLabServer

/// A raw TCP connection to the live server, for what an HTTP client library will not do:
/// send a request a byte at a time.
final class RawConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, streamSocket, 0)
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        // Darwin has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else { throw TestFailure("connect failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends `text`; false once the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { sendWithoutSIGPIPE(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    /// What arrived within about 50 ms; nil when the server closed the connection.
    func receive() -> String? { receiveBytes().map { String(decoding: $0, as: UTF8.self) } }

    /// The bytes that arrived within about 50 ms; nil when the server closed the connection.
    func receiveBytes() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = recv(fd, &buffer, buffer.count, 0)
        if n == 0 { return nil }
        if n < 0 { return (errno == EAGAIN || errno == EWOULDBLOCK) ? [] : nil }
        return Array(buffer[..<n])
    }
}

/// `SOCK_STREAM` as `socket` takes it: an enum case in glibc, an `Int32` in Darwin.
#if canImport(Darwin)
let streamSocket = SOCK_STREAM
#else
let streamSocket = Int32(SOCK_STREAM.rawValue)
#endif

/// `send` that fails with EPIPE instead of raising SIGPIPE when the server has closed: glibc's
/// `MSG_NOSIGNAL`; on Darwin the socket's `SO_NOSIGPIPE`, set when it is made.
func sendWithoutSIGPIPE(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.send(fd, bytes, count, 0)
    #else
    return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
}

/// Runs blocking socket code on its own thread: blocking a thread of Swift's small cooperative
/// pool (two here) would starve the server's own tasks.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// The hardening issue's item 10: a client that sends its request slowly is cut off; one that
/// reads a long response (the event stream) is not.
@Suite("Slow clients")
struct SlowClientTests {
    static let timeout: Duration = .milliseconds(400)

    /// A real server on a port the system chooses, as `navlab` runs it, for `body`.
    func withLiveServer(heartbeat: Duration = .seconds(15), _ body: @Sendable (_ port: Int) async throws -> Void) async throws {
        let page = try await PageServer.start(hub: SessionHub(), configuration: PageConfiguration(
            host: "127.0.0.1", port: 0, heartbeat: heartbeat, requestTimeout: SlowClientTests.timeout))
        do { try await body(page.port) } catch { await page.stop(); throw error }
        await page.stop()
    }

    /// Sends `opening` at once, then trickles `chunks` one every 100 ms; the time the server
    /// took to close the connection (nil: still open after 5 s).
    func trickle(_ chunks: [String], after opening: String = "", port: Int) throws -> Duration? {
        let c = try RawConnection(port: port)
        if !opening.isEmpty { c.send(opening) }
        let clock = ContinuousClock(), start = clock.now
        var i = 0
        while clock.now - start < .seconds(5) {
            if !c.send(chunks[i % chunks.count]) { return clock.now - start }
            i += 1
            let deadline = clock.now + .milliseconds(100)
            while clock.now < deadline {
                if c.receive() == nil { return clock.now - start }
            }
        }
        return nil
    }

    @Test("#10: one header byte every 100 ms: closed after the request timeout, not served for ever")
    func slowHeaders() async throws {
        try await withLiveServer { port in
            try await blocking {
                let request = "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Padding: " + String(repeating: "a", count: 200)
                let closedAfter = try trickle(request.map { String($0) }, port: port)
                let t = try #require(closedAfter, "the connection was still open after 5 s")
                expect(t >= SlowClientTests.timeout - .milliseconds(50))
            }
        }
    }

    @Test("#10: a body trickled a byte at a time is cut off too")
    func slowBody() async throws {
        try await withLiveServer { port in
            try await blocking {
                let opening = "POST /api/commands HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 1000\r\n\r\n"
                let closedAfter = try trickle(["x"], after: opening, port: port)
                expect(closedAfter != nil, "the connection was still open after 5 s")
            }
        }
    }

    /// A live server and a raw connection to it that has sent `request` (PORT is the port).
    func connected(_ request: String, heartbeat: Duration = .seconds(15), _ body: @escaping @Sendable (RawConnection) throws -> Void) async throws {
        try await withLiveServer(heartbeat: heartbeat) { port in
            try await blocking {
                let c = try RawConnection(port: port)
                c.send(request.replacingOccurrences(of: "PORT", with: "\(port)"))
                try body(c)
            }
        }
    }

    @Test("#10: a whole request is answered; the kept-alive connection then closes when idle")
    func promptClientIsServed() async throws {
        try await connected("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n") { c in
            var answer = ""
            let clock = ContinuousClock(), start = clock.now
            while !answer.contains("\"seq\""), clock.now - start < .seconds(5), let part = c.receive() { answer += part }
            expect(answer.hasPrefix("HTTP/1.1 200"))
            // Idle: closed after the timeout.
            var open = true
            while open, clock.now - start < .seconds(5) { if c.receive() == nil { open = false } }
            expect(!open)
        }
    }

    @Test("#10: the event stream outlives the request timeout: the clock stops once the request is in")
    func eventStreamStaysOpen() async throws {
        try await connected("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n", heartbeat: .milliseconds(100)) { c in
            var received = ""
            let clock = ContinuousClock(), start = clock.now
            var open = true
            while open, clock.now - start < SlowClientTests.timeout * 4 {
                if let part = c.receive() { received += part } else { open = false }
            }
            expect(open, "closed after \(clock.now - start)")
            // A heartbeat every 100 ms; on a loaded 2-core machine (a whole make test) the first
            // may come after the window above: read on (bounded) until one does.
            while open, !received.contains(": heartbeat"), clock.now - start < .seconds(60) {
                if let part = c.receive() { received += part } else { open = false }
            }
            expect(received.contains(": heartbeat"), "received: \(received.prefix(300))")
        }
    }
}
