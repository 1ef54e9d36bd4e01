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
