import Foundation
import HTTPTypes
import Hummingbird

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
