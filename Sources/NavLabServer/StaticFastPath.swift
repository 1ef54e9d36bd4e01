import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers GET and HEAD of the page's files on the connection's own event loop, from memory,
/// without handing the request to the router's task: the router's way costs two thread
/// switches per request (event loop → Swift's task pool → event loop), which is most of what
/// a static file costs.
///
/// It answers only what the router would answer the same way, and hands everything else on
/// unchanged:
/// - a GET or HEAD with no body, whose `Host` (and `Origin`, if any) the `HostPolicy` allows —
///   the same check `RequestGuard` makes, so DNS rebinding is refused exactly as before (the
///   refusal itself comes from the router);
/// - of a path that is not under /api/ and names a file `StaticFiles` holds (the same lookup
///   the router's file routes use: a `..`, a hidden name or a backslash is never a file);
/// - while no earlier request on the connection is still being answered by the router, so
///   pipelined answers keep their order.
/// The answer is written once the request has ended (after the slow-client guard has stopped
/// its clock), with the headers the router's answer has: the file's, `Date`, `Server` and
/// `Content-Length`. `Connection: close` closes the connection after it, as the router does.
final class StaticFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let files: StaticFiles
    let policy: HostPolicy
    let serverName: String

    /// Requests handed to the router whose answer has not ended yet.
    private var handedOn = 0
    /// The answer to the request being read, written when it ends.
    private var pending: (answer: StaticFiles.Answer, isHead: Bool, close: Bool)?
    /// The connection's local port, for the Host check.
    private var localPort: Int?
    /// `Date` for the second it was made.
    private var date: (second: Int, text: String) = (-1, "")
    /// The last `Host` the policy allowed on this connection (a browser or a load generator
    /// sends the same one every time): checked again only when it differs.
    private var allowedHost: String?
    private static let hostField = HTTPField.Name("Host")!

    init(files: StaticFiles, policy: HostPolicy, serverName: String) {
        self.files = files
        self.policy = policy
        self.serverName = serverName
    }

    func handlerAdded(context: ChannelHandlerContext) { localPort = context.channel.localAddress?.port }

    func channelActive(context: ChannelHandlerContext) {
        localPort = context.channel.localAddress?.port
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if handedOn == 0, let answer = answer(request) {
                pending = answer
            } else {
                handedOn += 1
                context.fireChannelRead(data)
            }
        case .body:
            // A request this path takes announces no body; one that sends one anyway is cut off.
            if pending == nil { context.fireChannelRead(data) }
        case .end:
            guard let (answer, isHead, close) = pending else { return context.fireChannelRead(data) }
            pending = nil
            write(answer, isHead: isHead, close: close, context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), handedOn > 0 { handedOn -= 1 }
        context.write(data, promise: promise)
    }

    /// The answer, if this request is one this path takes.
    private func answer(_ request: HTTPRequest) -> (StaticFiles.Answer, Bool, Bool)? {
        guard request.method == .get || request.method == .head else { return nil }
        let headers = request.headerFields
        if let length = headers[.contentLength], length != "0" { return nil }
        if headers[.transferEncoding] != nil { return nil }
        guard let host = headers[StaticFastPath.hostField] ?? request.authority else { return nil }
        if host != allowedHost {
            guard policy.allows(authority: host, localPort: localPort) else { return nil }
            allowedHost = host
        }
        if let origin = headers[.origin], !policy.allows(origin: origin, localPort: localPort) { return nil }
        guard var path = request.path else { return nil }
        if let query = path.utf8.firstIndex(of: UInt8(ascii: "?")) { path = String(path[..<query]) }
        guard !RequestGuard<PageRequestContext>.isAPI(path), let answer = files.answer(forPath: path, headers: headers) else { return nil }
        let close = headers[values: .connection].contains { $0.lowercased().split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "close" } }
        return (answer, request.method == .head, close)
    }

    private func write(_ answer: StaticFiles.Answer, isHead: Bool, close: Bool, context: ChannelHandlerContext) {
        var headers = answer.headers
        headers[.date] = currentDate()
        headers[.server] = serverName
        if answer.status != .notModified { headers[.contentLength] = String(answer.body?.readableBytes ?? 0) }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: headers))), promise: nil)
        if !isHead, let body = answer.body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        if close {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    private func currentDate() -> String {
        var now = time(nil)
        if Int(now) != date.second {
            date = (Int(now), HTTPDate.format(&now))
        }
        return date.text
    }
}

/// The `Date` header's form (RFC 9110 §5.6.7, IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ t: inout time_t) -> String {
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
