import Foundation
import NavLabCommands
import NavLabHub
import Synchronization

/// A pipe whose only message is "look": a signal handler or another thread writes a byte, and
/// the line editor, waiting in `poll`, wakes up. Both ends are non-blocking: a full pipe
/// already says "look", and draining stops when it is empty.
struct WakePipe: Sendable {
    let readFD: Int32
    let writeFD: Int32

    static func make() -> WakePipe? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return WakePipe(readFD: fds[0], writeFD: fds[1])
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readFD, &buffer, buffer.count) > 0 {}
    }
}

/// Commands someone else ran on the shared session (the page), waiting to be shown above
/// the prompt. Any thread posts; the prompt's thread takes them.
final class Announcements: Sendable {
    private let queue = Mutex<[PageLine]>([])
    private let pipe: WakePipe

    init(pipe: WakePipe) { self.pipe = pipe }

    func post(_ event: PageLine) {
        queue.withLock { $0.append(event) }
        pipe.wake()
    }

    func take() -> [PageLine] {
        queue.withLock { q in
            let events = q
            q.removeAll()
            return events
        }
    }

    /// Follows the hub from now on: every line not typed at this prompt is announced.
    /// Returns the task, to be cancelled when the prompt ends.
    func follow(_ hub: SessionHub) -> (subscription: Int, task: Task<Void, Never>) {
        let (id, _, events) = hub.subscribe()
        let task = Task.detached { [self] in
            for await event in events where event.origin != .repl {
                post(event)
            }
        }
        return (id, task)
    }
}
