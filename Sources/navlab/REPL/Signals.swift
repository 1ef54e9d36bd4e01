import Foundation
import Synchronization

/// The prompt's signals: Ctrl-C (SIGINT) clears the line, SIGTERM and SIGHUP save the history
/// and end NavLab, a resize (SIGWINCH) and the return from Ctrl-Z (SIGCONT) redraw.
///
/// A handler may only do what is async-signal-safe, so it counts the signal in an atomic and
/// writes one byte to the wake-up pipe; the line editor, waiting in `poll` on the terminal and
/// that pipe, wakes up and acts on the main thread. The pipe makes this work whichever thread
/// the kernel picks to run the handler.
enum Signals {
    static let interrupts = Atomic<Int>(0)
    /// The terminating signal received (SIGTERM, SIGHUP), or 0.
    static let termination = Atomic<Int32>(0)
    static let resizes = Atomic<Int>(0)
    /// SIGCONT: back from Ctrl-Z (`fg`); the line must be drawn again.
    static let continues = Atomic<Int>(0)

    /// Installs the handlers; `wake` is the pipe's write end.
    static func install(wake: Int32) {
        // Touch the atomics first: a Swift global is made on first use, which a signal
        // handler must not be the one to do.
        _ = interrupts.load(ordering: .relaxed)
        _ = termination.load(ordering: .relaxed)
        _ = resizes.load(ordering: .relaxed)
        _ = continues.load(ordering: .relaxed)
        wakeFD.store(wake, ordering: .relaxed)
        for signo in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT] {
            var action = sigaction()
            let handler: @convention(c) (Int32) -> Void = { signo in
                let saved = errno
                switch signo {
                case SIGINT: Signals.interrupts.add(1, ordering: .relaxed)
                case SIGWINCH: Signals.resizes.add(1, ordering: .relaxed)
                case SIGCONT: Signals.continues.add(1, ordering: .relaxed)
                default: Signals.termination.store(signo, ordering: .relaxed)
                }
                var byte: UInt8 = 1
                _ = write(Signals.wakeFD.load(ordering: .relaxed), &byte, 1)
                errno = saved
            }
            // The handler's field: glibc's `sigaction` holds a union `__sigaction_handler`,
            // Darwin's (sys/signal.h) a union `__sigaction_u`.
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
            #else
            action.__sigaction_handler.sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            // No SA_RESTART: a read or poll in progress returns EINTR.
            action.sa_flags = 0
            sigaction(signo, &action, nil)
        }
    }

    static let wakeFD = Atomic<Int32>(-1)

    /// True once, for each Ctrl-C since the last call.
    static func takeInterrupt() -> Bool { interrupts.exchange(0, ordering: .relaxed) > 0 }
    static func takeResize() -> Bool { resizes.exchange(0, ordering: .relaxed) > 0 }
    static func takeContinue() -> Bool { continues.exchange(0, ordering: .relaxed) > 0 }
    static var interruptPending: Bool { interrupts.load(ordering: .relaxed) > 0 }
    static var terminating: Int32? {
        let s = termination.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// Ends the process the way the signal would have, once the history is saved: the
    /// parent sees "terminated by SIGTERM", not an ordinary exit.
    static func dieOf(_ signo: Int32) -> Never {
        signal(signo, SIG_DFL)
        raise(signo)
        exit(128 + signo)
    }
}
