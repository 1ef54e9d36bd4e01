import Foundation

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
