import HTTPTypes
import Hummingbird
import Logging
import NavLabServer
import NIOCore
import NIOEmbedded

/// What a test gets back: the response's head and its whole body.
struct TestResponse: Sendable {
    let head: HTTPResponse
    let body: ByteBuffer
    var status: HTTPResponse.Status { head.status }
    var headers: HTTPFields { head.headerFields }
}

/// Sends requests straight to the application's responder (its router and middleware), the
/// way a connection would hand them over, with no socket: what HummingbirdTesting's router
/// framework does, without the HTTP client, TLS and HTTP/2 that package builds.
struct TestClient: Sendable {
    let respond: @Sendable (Request) async throws -> Response

    func execute(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> TestResponse {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
                              body: RequestBody(buffer: body ?? ByteBuffer()))
        let response: Response
        do { response = try await respond(request) } catch { response = Response(status: .internalServerError) }
        let collector = Collector()
        try await response.body.write(collector)
        return TestResponse(head: response.head, body: await collector.buffer)
    }

    /// Collects what the response writes, as a connection would send it.
    actor Collector: ResponseBodyWriter {
        var buffer = ByteBuffer()
        func write(_ part: ByteBuffer) async throws { buffer.writeImmutableBuffer(part) }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

extension PageServer {
    /// Runs `test` with a client of this server's router (its routes and middleware).
    func test<Value: Sendable>(_ test: @Sendable (TestClient) async throws -> Value) async throws -> Value {
        let responder = router().buildResponder()
        let logger = Logger(label: "navlab.test")
        let client = TestClient { request in
            let context = PageRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
            return try await responder.respond(to: request, context: context)
        }
        return try await test(client)
    }
}
