import CZlib

/// One gzip stream, written a message at a time: each message is flushed (`Z_SYNC_FLUSH`) so
/// the client can decode it at once, and the compressor keeps what it saw, so the keys and
/// names every `patch`, `log` and `command` event repeats cost a few bytes each. For
/// /api/events when the client accepts gzip (browsers do): a push on a 10,000-VC stack is
/// about 2.7 KB of event text and a few hundred bytes on the wire. Unchecked Sendable: one
/// stream's body writes through it, one message after another, and nothing else touches it.
final class StreamDeflater: @unchecked Sendable {
    private var stream = z_stream()
    private var ready = false
    private var finished = false

    init?() {
        // gzip format (windowBits 15 + 16), zlib's default level and memory (about 260 KB).
        guard navlab_deflate_init_stream(&stream) == Z_OK else { return nil }
        ready = true
    }

    deinit { if ready { deflateEnd(&stream) } }

    /// `bytes` compressed and flushed: everything the client needs to decode them now.
    func compress(_ bytes: [UInt8]) -> [UInt8] { run(bytes, flush: Z_SYNC_FLUSH) }

    /// The end of the stream (the gzip trailer).
    func finish() -> [UInt8] {
        guard !finished else { return [] }
        finished = true
        return run([], flush: Z_FINISH)
    }

    private func run(_ bytes: [UInt8], flush: Int32) -> [UInt8] {
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4096, bytes.count / 2 + 64))
        input.withUnsafeMutableBufferPointer { inp in
            stream.next_in = inp.baseAddress
            stream.avail_in = uInt(inp.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    _ = deflate(&stream, flush)
                    return out.count - Int(stream.avail_out)
                }
                output += chunk[..<produced]
                // Done when zlib had room to spare: all input taken and the flush written.
            } while stream.avail_out == 0
        }
        stream.next_in = nil
        return output
    }
}
