import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the port the connection came in on,
/// so the Host check compares against the server's real port (also when it bound port 0).
public struct PageRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The local port of the connection; nil when the tests hand a request to the router directly.
    public let localPort: Int?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        localPort = source.channel.localAddress?.port
    }

    public var maxUploadSize: Int { PageConfiguration.defaultMaxBodySize }
}

/// Which `Host` and `Origin` values are the server's own (DNS rebinding: a foreign name that
/// resolves to 127.0.0.1 must not reach the model), and whether the token is required.
public struct HostPolicy: Sendable {
    /// The address the server is bound to, as given to `--host`.
    public let boundHost: String
    /// The configured port; the connection's own port wins when known.
    public let port: Int
    /// Required on /api/ routes when the server is reachable beyond loopback.
    public let token: String?

    public init(boundHost: String, port: Int, token: String?) {
        self.boundHost = boundHost
        self.port = port
        self.token = token
    }

    public var isLoopback: Bool { HostPolicy.isLoopback(boundHost) }

    /// `localhost`, or an address literal in 127.0.0.0/8 or `::1` (IPv4-mapped included).
    /// A *name* that starts with `127.` (`127.0.0.1.nip.io`, `127.evil.example`) is foreign:
    /// anyone can make such a name resolve to 127.0.0.1, which is what DNS rebinding does.
    public static func isLoopback(_ host: String) -> Bool {
        var h = host.lowercased()
        if h.hasPrefix("["), h.hasSuffix("]") { h = String(h.dropFirst().dropLast()) }
        if h == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, h, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, h, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }           // ::1
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127   // ::ffff:127.x.y.z
    }

    /// `Host` (or `:authority`): a name that is the server's own, with the server's port.
    public func allows(authority: String, localPort: Int?) -> Bool {
        guard let (host, port) = HostPolicy.split(authority: authority) else { return false }
        guard port == (localPort ?? self.port) else { return false }
        return allows(hostName: host)
    }

    /// `Origin`: `http://` and an authority `allows(authority:)` accepts. `null` is refused.
    public func allows(origin: String, localPort: Int?) -> Bool {
        let prefix = "http://"
        guard origin.lowercased().hasPrefix(prefix) else { return false }
        return allows(authority: String(origin.dropFirst(prefix.count)), localPort: localPort)
    }

    func allows(hostName raw: String) -> Bool {
        let host = raw.lowercased()
        if HostPolicy.isLoopback(host) { return true }
        // Bound to loopback: nothing else names this server.
        if isLoopback { return false }
        // Beyond loopback: an address literal cannot be rebound; names only if they are ours.
        if HostPolicy.isIPLiteral(host) { return true }
        if host == boundHost.lowercased() { return true }
        let own = HostPolicy.hostName().lowercased()
        return !own.isEmpty && (host == own || host == own + ".local")
    }

    /// `example:8080` → ("example", 8080); `[::1]:8080` → ("::1", 8080); no port → 80.
    static func split(authority: String) -> (String, Int)? {
        var a = Substring(authority)
        if a.hasSuffix("/") { a = a.dropLast() }
        // (Bytes: `contains` of a String goes through Foundation, on every request.)
        guard !a.isEmpty, !a.utf8.contains(UInt8(ascii: "@")), !a.utf8.contains(UInt8(ascii: "/")) else { return nil }
        if a.first == "[" {
            guard let close = a.firstIndex(of: "]") else { return nil }
            let host = String(a[a.index(after: a.startIndex)..<close])
            let rest = a[a.index(after: close)...]
            if rest.isEmpty { return (host, 80) }
            guard rest.first == ":", let port = Int(rest.dropFirst()) else { return nil }
            return (host, port)
        }
        let parts = a.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (String(parts[0]), 80)
        case 2:
            guard let port = Int(parts[1]), !parts[0].isEmpty else { return nil }
            return (String(parts[0]), port)
        default: return nil
        }
    }

    static func isIPLiteral(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Compares without stopping at the first difference.
    func tokenMatches(_ candidate: String?) -> Bool {
        guard let token else { return true }
        guard let candidate else { return false }
        let a = Array(token.utf8), b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Refuses, before any route runs, requests whose `Host` or `Origin` is not the server's own
/// (403), /api/ requests without the token when serving beyond loopback (403), and bodies
/// that announce more than the limit (413; bodies without a length are cut off by the route).
public struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    public let policy: HostPolicy
    public let maxBodySize: Int
    let localPort: @Sendable (Context) -> Int?

    public init(policy: HostPolicy, maxBodySize: Int, localPort: @escaping @Sendable (Context) -> Int?) {
        self.policy = policy
        self.maxBodySize = maxBodySize
        self.localPort = localPort
    }

    public static var tokenHeader: HTTPField.Name { HTTPField.Name("X-NavLab-Token")! }

    /// Whether a path is under /api/ however it is spelled (`//api/state`, `/%61pi/state`):
    /// everything there needs the token beyond loopback.
    static func isAPI(_ path: String) -> Bool {
        guard let first = path.split(separator: "/", omittingEmptySubsequences: true).first else { return false }
        let word = String(first)
        // Decoded only when there is something to decode (`/%61pi/state`).
        let decoded = word.utf8.contains(UInt8(ascii: "%")) ? (word.removingPercentEncoding ?? word) : word
        return decoded.lowercased() == "api"
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let port = localPort(context)
        // HTTP/1's Host header becomes `:authority` in HTTPTypes; a Host field wins when present.
        let host = request.headers[HTTPField.Name("Host")!] ?? request.head.authority
        guard let host, policy.allows(authority: host, localPort: port) else {
            return PageServer.errorResponse(.forbidden, "this server answers only to its own address (Host: \(host ?? "none"))")
        }
        if let origin = request.headers[.origin], !policy.allows(origin: origin, localPort: port) {
            return PageServer.errorResponse(.forbidden, "cross-origin requests are refused (Origin: \(origin))")
        }
        if policy.token != nil, RequestGuard.isAPI(request.uri.path) {
            let offered = request.headers[RequestGuard.tokenHeader]
                ?? request.uri.queryParameters["token"].map(String.init)
            guard policy.tokenMatches(offered) else {
                return PageServer.errorResponse(.forbidden, "this server is reachable beyond loopback: open the URL it printed, with its ?token=")
            }
        }
        if let length = request.headers[.contentLength] {
            guard let n = Int(length), n >= 0 else {
                return PageServer.errorResponse(.badRequest, "Content-Length is not a number")
            }
            if n > maxBodySize {
                return PageServer.errorResponse(.contentTooLarge, "request bodies are limited to \(maxBodySize) bytes")
            }
        }
        return try await next(request, context)
    }
}
