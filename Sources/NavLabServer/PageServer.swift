import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NavLabCommands
import NavLabHub
import NavLabCore

/// How the page is served.
public struct PageConfiguration: Sendable {
    /// What the prompt takes (the page's Import is the prompt's `import`, Docs/Limits.md): a
    /// printout of `Limits.viewControllers` lines of about 256 bytes each.
    public static let defaultMaxBodySize = Limits.importBytes

    /// The address to bind; loopback unless the user asks (`--host`).
    public var host: String
    /// The first port to try; 0 lets the system choose.
    public var port: Int
    /// How many ports after `port` to try when it is taken (`navlab` on 8080 twice).
    public var portAttempts: Int
    /// A folder to serve the page's files from (`--public`); nil: the page built into navlab.
    public var publicDirectory: String?
    /// Required on /api/ beyond loopback; generated when nil and needed.
    public var token: String?
    public var maxBodySize: Int
    /// Between heartbeat comments on /api/events.
    public var heartbeat: Duration
    /// How long a client may take to send a whole request (headers and body), counted from
    /// when the connection opened or the previous response ended; then it is closed.
    public var requestTimeout: Duration

    public init(host: String = "127.0.0.1", port: Int = 8080, portAttempts: Int = 100, publicDirectory: String? = nil,
                token: String? = nil, maxBodySize: Int = PageConfiguration.defaultMaxBodySize, heartbeat: Duration = .seconds(15),
                requestTimeout: Duration = .seconds(30)) {
        self.host = host
        self.port = port
        self.portAttempts = portAttempts
        self.publicDirectory = publicDirectory
        self.token = token
        self.maxBodySize = maxBodySize
        self.heartbeat = heartbeat
        self.requestTimeout = requestTimeout
    }

    public var isLoopback: Bool { HostPolicy.isLoopback(host) }

    /// The token this configuration will require: none on loopback.
    func resolvedToken() -> String? {
        guard !isLoopback else { return nil }
        if let token { return token }
        var g = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", g.next() as UInt64) }.joined()
    }
}

/// The page's HTTP server over one SessionHub: what only a server has — the event stream
/// (EventFeed), the page's files (StaticFiles, StaticFastPath), the Host/Origin/token guard and
/// the body limit (RequestGuard) — and every other `/api/` request forwarded to the one route
/// table the browser host answers from too (PageRoutes, through `SessionHub.answer`).
public final class PageServer: Sendable {
    public let hub: SessionHub
    public let configuration: PageConfiguration
    public let policy: HostPolicy
    public let feed: EventFeed
    let files: StaticFiles

    public init(hub: SessionHub, configuration: PageConfiguration) {
        self.hub = hub
        self.configuration = configuration
        policy = HostPolicy(boundHost: configuration.host, port: configuration.port, token: configuration.resolvedToken())
        feed = EventFeed(hub: hub, heartbeat: configuration.heartbeat)
        files = StaticFiles(root: configuration.publicDirectory)
    }

    public var token: String? { policy.token }

    public func router() -> Router<PageRequestContext> {
        let router = Router(context: PageRequestContext.self)
        // Middleware first: it wraps only what is added after it.
        router.add(middleware: RequestGuard<PageRequestContext>(policy: policy, maxBodySize: configuration.maxBodySize) { $0.localPort })
        let hub = self.hub, feed = self.feed, files = self.files
        let maxBody = configuration.maxBodySize

        router.get("/api/events") { request, _ -> Response in
            let last = request.headers[HTTPField.Name("Last-Event-ID")!].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                ?? request.uri.queryParameters["lastEventId"].flatMap { Int(String($0)) }
            return feed.response(lastEventID: last, gzip: StaticFiles.acceptsGzip(request.headers[.acceptEncoding]))
        }
        router.get("/api/**") { request, _ -> Response in
            PageServer.response(hub.answer(PageRequest(method: "GET", target: PageServer.target(request))))
        }
        router.post("/api/**") { request, _ -> Response in
            var request = request
            let buffer = try await request.collectBody(upTo: maxBody)
            // Validated as one block of bytes (not compared byte by byte: 50 MB took a debug
            // build over a minute), so that a request too long to run is refused at once.
            guard let text = buffer.withUnsafeReadableBytes({ String(validating: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }) else {
                return PageServer.errorResponse(.badRequest, "the body must be command text in UTF-8")
            }
            return PageServer.response(hub.answer(PageRequest(method: "POST", target: PageServer.target(request), body: text)))
        }
        router.get("/") { request, _ in files.response(forPath: request.uri.path, headers: request.headers) }
        router.get("**") { request, _ in files.response(forPath: request.uri.path, headers: request.headers) }
        // HEAD: what GET would answer, headers only (RFC 9110 §9.3.2).
        router.head("/") { request, _ in StaticFiles.headOnly(files.response(forPath: request.uri.path, headers: request.headers)) }
        router.head("**") { request, _ in StaticFiles.headOnly(files.response(forPath: request.uri.path, headers: request.headers)) }
        return router
    }

    /// The request's path and query as the client sent them (percent-encoded), for PageRequest.
    static func target(_ request: Request) -> String {
        request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
    }

    /// The `Server` header of every answer.
    static let serverName = "NavLab"

    /// The HTTP response for an answer: a route's, or a refusal's (`errorResponse`).
    static func response(_ answer: PageAnswer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = answer.type
        headers[.cacheControl] = "no-store"
        return Response(status: HTTPResponse.Status(code: answer.status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }

    /// A refusal of the server's own (the guard, the body, a file), in the route table's form
    /// (PageAnswer.error): `{"error": {"status": N, "message": "…"}}`.
    static func errorResponse(_ status: HTTPResponse.Status, _ message: String) -> Response {
        response(.error(status.code, message))
    }

    /// The application, for tests (`app.test(.router)`) and for `start`.
    public func application(port: Int? = nil, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        var logger = Logger(label: "navlab.server")
        logger.logLevel = .critical
        let timeout = TimeAmount(configuration.requestTimeout)
        let files = self.files, policy = self.policy
        return Application(
            router: router(),
            // The slow-client guard first: it sees a request end before the fast path answers it.
            server: .http1(configuration: .init(additionalChannelHandlers: [
                SlowClientGuard(timeout: timeout), StaticFastPath(files: files, policy: policy, serverName: PageServer.serverName),
            ])),
            configuration: .init(address: .hostname(configuration.host, port: port ?? configuration.port), serverName: PageServer.serverName),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port ?? 0) },
            logger: logger
        )
    }
}
