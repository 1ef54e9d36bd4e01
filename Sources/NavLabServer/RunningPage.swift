import Foundation
import Hummingbird
import NavLabCommands
import NavLabHub
import Synchronization

/// A server that is listening: its URL (with the token when it needs one) and how to stop it.
public final class RunningPage: Sendable {
    public let server: PageServer
    public let port: Int
    private let task: Task<Void, Never>

    init(server: PageServer, port: Int, task: Task<Void, Never>) {
        self.server = server
        self.port = port
        self.task = task
    }

    /// What to open in a browser.
    public var url: String {
        let host = server.configuration.host
        var shown = host
        if host == "0.0.0.0" || host == "::" {
            let name = HostPolicy.hostName()
            shown = name.isEmpty ? "127.0.0.1" : name
        } else if host.contains(":") {
            shown = "[\(host)]"
        }
        return "http://\(shown):\(port)/" + (server.token.map { "?token=\($0)" } ?? "")
    }

    /// Ends the event streams, then the server.
    public func stop() async {
        server.feed.closeAll()
        task.cancel()
        await task.value
    }
}

public enum PageServerError: Error, CustomStringConvertible {
    case noFreePort(host: String, from: Int, attempts: Int, reason: String)

    public var description: String {
        switch self {
        case .noFreePort(let host, let from, let attempts, let reason):
            return "cannot serve the page on \(host): ports \(from)…\(from + attempts - 1) are all taken or refused (\(reason))"
        }
    }
}

extension PageServer {
    /// Binds `configuration.port`, or the next free port after it, and serves until stopped.
    public static func start(hub: SessionHub, configuration: PageConfiguration) async throws -> RunningPage {
        let attempts = configuration.port == 0 ? 1 : max(1, configuration.portAttempts)
        var lastReason = "no attempt"
        for attempt in 0..<attempts {
            let port = configuration.port == 0 ? 0 : configuration.port + attempt
            guard port <= 65535 else { break }
            if port != 0, !PortProbe.isFree(host: configuration.host, port: port) {
                lastReason = "port \(port) is in use"
                continue
            }
            var config = configuration
            config.port = port
            let server = PageServer(hub: hub, configuration: config)
            let (outcome, report) = AsyncStream<Result<Int, any Error>>.makeStream()
            let app = server.application(onServerRunning: { bound in report.yield(.success(bound)) })
            let task = Task {
                do {
                    try await app.run()
                    report.yield(.failure(CancellationError()))
                } catch {
                    report.yield(.failure(error))
                }
                report.finish()
            }
            switch await outcome.first(where: { _ in true }) {
            case .success(let bound)?:
                // The Host check compares with each connection's local port, so a port the
                // system chose (0) needs nothing more.
                return RunningPage(server: server, port: bound, task: task)
            case .failure(let error)?:
                lastReason = "\(error)"
                task.cancel()
            case nil:
                lastReason = "the server stopped before it listened"
            }
        }
        throw PageServerError.noFreePort(host: configuration.host, from: configuration.port, attempts: attempts, reason: lastReason)
    }

    /// `start` for synchronous callers (the command line): waits until the server listens.
    public static func startBlocking(hub: SessionHub, configuration: PageConfiguration) throws -> RunningPage {
        let result = Mutex<Result<RunningPage, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { let page = try await start(hub: hub, configuration: configuration); result.withLock { $0 = .success(page) } }
            catch { result.withLock { $0 = .failure(error) } }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}

/// Whether a port can be bound now (a listener, not a TIME_WAIT, makes it taken: SO_REUSEADDR,
/// as the server itself binds).
enum PortProbe {
    static func isFree(host: String, port: Int) -> Bool {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var info: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &info) == 0, let first = info else { return true }
        defer { freeaddrinfo(info) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        return bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0
    }
}
