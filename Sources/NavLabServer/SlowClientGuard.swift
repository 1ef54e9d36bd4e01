import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client takes longer than `timeout` to send a whole request: from
/// the moment the connection opens, or the previous response ended, to the end of the
/// request's body. Without it a client sending one header byte a second ("slowloris") holds
/// a connection and its task for ever. A response being written (an event stream can last
/// all day) is never cut: the clock only runs while the server waits for the client.
final class SlowClientGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // The whole request is in: the server's turn, no clock.
        if case .end = unwrapInboundIn(data) { disarm() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The response is complete: the client's turn again (a kept-alive connection).
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
