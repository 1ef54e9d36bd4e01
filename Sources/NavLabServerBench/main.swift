// `make bench`: command → Server-Sent Event delivery latency, with 1 and 50 connected
// clients, on a 1,000-view-controller tree. Loopback only; every wait is bounded; it prints
// numbers and asserts nothing.
//
// Each sample: a client POSTs one command to /api/commands; the clock stops when an
// /api/events client has received the whole `patch` event for that command. Clients are
// plain sockets on their own threads, decoding HTTP/1.1 chunked framing and SSE themselves.

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Foundation
import NavLabCommands
import NavLabHub
import NavLabServer
import Synchronization

let quick = CommandLine.arguments.contains("--quick")
let iterations = quick ? (one: 30, many: 12) : (one: 200, many: 60)
let readTimeout = 10.0

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

enum BenchError: Error, CustomStringConvertible {
    case socket(String)
    case timeout(String)
    var description: String {
        switch self {
        case .socket(let s): return "socket: \(s)"
        case .timeout(let s): return "timed out: \(s)"
        }
    }
}

/// A blocking TCP connection to 127.0.0.1.
final class Connection {
    let fd: Int32

    init(port: Int) throws {
        #if canImport(Darwin)
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw BenchError.socket("socket() failed") }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        // Darwin has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
        var noSignal: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw BenchError.socket("connect to port \(port) failed") }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            #if canImport(Darwin)
            let n = bytes.withUnsafeMutableBytes { Darwin.send(fd, $0.baseAddress! + sent, $0.count - sent, 0) }
            #else
            let n = bytes.withUnsafeMutableBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            #endif
            guard n > 0 else { throw BenchError.socket("send failed") }
            sent += n
        }
    }

    /// Some bytes, or nil after the read timeout (1 s); throws when the peer closed.
    func receive() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 { return Array(buffer[0..<n]) }
        if n == 0 { throw BenchError.socket("closed by the server") }
        if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
        throw BenchError.socket("recv failed (\(errno))")
    }
}

/// When each client received the patch event of each hub event id.
final class Arrivals: Sendable {
    private let times = Mutex<[Int: [UInt64]]>([:])
    private let ready = Mutex<Int>(0)

    func record(_ id: Int, at time: UInt64) { times.withLock { $0[id, default: []].append(time) } }
    func count(for id: Int) -> Int { times.withLock { $0[id]?.count ?? 0 } }
    func take(_ id: Int) -> [UInt64] { times.withLock { $0.removeValue(forKey: id) ?? [] } }
    func clientReady() { ready.withLock { $0 += 1 } }
    var readyClients: Int { ready.withLock { $0 } }
}

/// One /api/events client on its own thread.
final class StreamClient: @unchecked Sendable {  // its state is touched by its thread only
    let connection: Connection
    let arrivals: Arrivals
    let stop = Mutex<Bool>(false)
    private var raw: [UInt8] = []      // HTTP bytes not yet decoded
    private var body: [UInt8] = []     // the decoded event stream
    private var scanFrom = 0
    private var headersDone = false
    private var sawFirstState = false

    init(port: Int, arrivals: Arrivals) throws {
        connection = try Connection(port: port)
        self.arrivals = arrivals
        try connection.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
    }

    func start() {
        Thread.detachNewThread { [self] in
            while !stop.withLock({ $0 }) {
                do {
                    guard let bytes = try connection.receive() else { continue }
                    raw += bytes
                    decode()
                } catch {
                    return  // the server ended the stream
                }
            }
        }
    }

    /// HTTP/1.1 chunked framing, then SSE messages (split at a blank line).
    private func decode() {
        if !headersDone {
            guard let end = find([13, 10, 13, 10], in: raw, from: 0) else { return }
            raw.removeFirst(end + 4)
            headersDone = true
        }
        while let lineEnd = find([13, 10], in: raw, from: 0) {
            let sizeText = String(decoding: raw[0..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return }
            guard raw.count >= lineEnd + 2 + size + 2 else { break }
            body += raw[(lineEnd + 2)..<(lineEnd + 2 + size)]
            raw.removeFirst(lineEnd + 2 + size + 2)
        }
        while let end = find([10, 10], in: body, from: max(0, scanFrom - 1)) {
            let message = body[0..<end]
            body.removeFirst(end + 2)
            scanFrom = 0
            handle(message)
        }
        scanFrom = body.count
    }

    private func handle(_ message: ArraySlice<UInt8>) {
        let arrived = now()
        // Only the header lines are needed: "event: patch", "id: N"; data is the rest. The
        // first `state` (the document on connect) says the client is ready.
        let head = String(decoding: message.prefix(64), as: UTF8.self)
        if head.hasPrefix("event: state\n") {
            if !sawFirstState { sawFirstState = true; arrivals.clientReady() }
            return
        }
        guard head.hasPrefix("event: patch\n") else { return }
        let lines = head.split(separator: "\n")
        guard lines.count > 1, lines[1].hasPrefix("id: "), let id = Int(lines[1].dropFirst(4)) else { return }
        arrivals.record(id, at: arrived)
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var i = start
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == needle[0] {
                var match = true
                for j in 1..<needle.count where haystack[i + j] != needle[j] { match = false; break }
                if match { return i }
            }
            i += 1
        }
        return nil
    }
}

/// POSTs one command; returns the hub event id it got.
func post(_ command: String, port: Int) throws -> Int {
    let connection = try Connection(port: port)
    try connection.send("POST /api/commands HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: text/plain\r\nContent-Length: \(command.utf8.count)\r\nConnection: close\r\n\r\n\(command)")
    var response: [UInt8] = []
    let deadline = Date().addingTimeInterval(readTimeout)
    while Date() < deadline {
        do {
            if let bytes = try connection.receive() { response += bytes }
        } catch { break }  // closed: the whole answer is in
    }
    let text = String(decoding: response, as: UTF8.self)
    guard let range = text.range(of: "\"eventID\":"),
          let id = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
        throw BenchError.socket("unexpected answer to POST \(command): \(text.prefix(300))")
    }
    return id
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func ms(_ v: Double) -> String { String(format: "%7.2f ms", v) }

/// SSE bytes of one `push` (its log, command and patch events) on a stack of `n` view
/// controllers, and what a push and a pop cost the hub there (the engine, the timeline and the
/// page's patch, all under the hub's lock).
/// `gzip`: the bytes of the same push on the wire of a page whose stream is gzip-compressed
/// (what a browser asks for), after it connected and saw a sheet presented and dismissed (not a
/// push: the measured one is the first of its kind on that stream).
func pushSize(viewControllers n: Int) async -> (bytes: Int, gzip: Int, document: Int, stepMicros: Double) {
    let hub = SessionHub()
    hub.execute("initial Nav(Item)", origin: .script)
    hub.execute("launch", origin: .script)
    for _ in 0..<(n - 2) { hub.execute("push Item", origin: .script) }
    let server = PageServer(hub: hub, configuration: PageConfiguration(host: "127.0.0.1", port: 0))
    let document = hub.read { PageDocument.state($0.state, seq: $0.seq).serialized().utf8.count }
    guard let stream = EventFeed.CompressedStream() else { fatalError("zlib could not start a stream") }
    _ = stream.send(await server.feed.connectText())
    for line in ["present Nav(Sheet)", "dismiss"] {
        let (_, warm) = hub.execute(line, origin: .web)
        _ = stream.send(await server.feed.messageText(for: warm))
    }
    let (_, event) = hub.execute("push Bench", origin: .web)
    let text = await server.feed.messageText(for: event)
    let bytes = text.utf8.count
    let gzip = stream.send(text)
    hub.execute("pop", origin: .web)
    var times: [Double] = []
    for i in 0..<(quick ? 40 : 200) {
        let start = now()
        hub.execute(i % 2 == 0 ? "push Bench" : "pop", origin: .web)
        times.append(Double(now() - start) / 1e3)
    }
    times.sort()
    return (bytes, gzip, document, times[times.count / 2])
}

func run() async throws {
    print("NavLabServerBench — what the page is sent, and how fast (\(quick ? "quick" : "full") run)")
    print("")
    print("  one push, Server-Sent Events (log + command + patch) vs the whole document:")
    for n in [10, 1_000, 10_000] {
        let (bytes, gzip, document, micros) = await pushSize(viewControllers: n)
        print(String(format: "    %6d view controllers: %5d B per push on a gzip stream (every browser's), %5d B uncompressed (document %9d B); push/pop under the hub's lock p50 %8.1f µs", n, gzip, bytes, document, micros))
    }
    print("")
    let hub = SessionHub()
    hub.execute("initial Nav(Item)", origin: .script)
    hub.execute("launch", origin: .script)
    for _ in 0..<998 { hub.execute("push Item", origin: .script) }
    let allocated = hub.read { $0.state.viewControllers.count }
    let stateBytes = hub.read { PageDocument.state($0.state, seq: $0.seq).serialized().utf8.count }
    let page = try await PageServer.start(hub: hub, configuration: PageConfiguration(host: "127.0.0.1", port: 0))
    print("  command → SSE delivery over loopback: POST /api/commands until every client has the line's patch")
    print("  tree: \(allocated) view controllers (document ≈ \(stateBytes / 1024) KiB, sent once per connect); server \(page.url)")
    print("")
    print("  clients  samples      p50         p99         max      (POST answered: p50)")

    for (clients, count) in [(1, iterations.one), (50, iterations.many)] {
        let arrivals = Arrivals()
        var streams: [StreamClient] = []
        for _ in 0..<clients { streams.append(try StreamClient(port: page.port, arrivals: arrivals)) }
        streams.forEach { $0.start() }
        let ready = Date().addingTimeInterval(30)
        while arrivals.readyClients < clients {
            guard Date() < ready else { throw BenchError.timeout("\(clients) clients connecting") }
            try await Task.sleep(for: .milliseconds(5))
        }
        var latencies: [Double] = []
        var postTimes: [Double] = []
        for i in 0..<count {
            // Push and pop in turn: the tree stays at 1,000 view controllers.
            let command = i % 2 == 0 ? "push Bench" : "pop"
            let start = now()
            let id = try post(command, port: page.port)
            postTimes.append(Double(now() - start) / 1e6)
            let deadline = Date().addingTimeInterval(readTimeout)
            while arrivals.count(for: id) < clients {
                guard Date() < deadline else { throw BenchError.timeout("event \(id) reaching \(clients) clients") }
                try await Task.sleep(for: .microseconds(200))
            }
            latencies += arrivals.take(id).map { Double($0 - start) / 1e6 }
        }
        streams.forEach { s in s.stop.withLock { $0 = true } }
        page.server.feed.closeAll()
        latencies.sort()
        postTimes.sort()
        print(String(format: "  %7d  %7d", clients, latencies.count) + "  \(ms(percentile(latencies, 0.5)))  \(ms(percentile(latencies, 0.99)))  \(ms(latencies.last ?? .nan))   \(ms(percentile(postTimes, 0.5)))")
        try await Task.sleep(for: .milliseconds(200))
    }
    await page.stop()
}

let finished = DispatchSemaphore(value: 0)
let failure = Mutex<String?>(nil)
Task.detached {
    do { try await run() } catch { failure.withLock { $0 = "\(error)" } }
    finished.signal()
}
// Bounded: a bench that hangs is a failure, not a number.
if finished.wait(timeout: .now() + (quick ? 300 : 900)) == .timedOut {
    FileHandle.standardError.write(Data("NavLabServerBench: gave up after the time limit\n".utf8))
    exit(1)
}
if let message = failure.withLock({ $0 }) {
    FileHandle.standardError.write(Data("NavLabServerBench: \(message)\n".utf8))
    exit(1)
}
