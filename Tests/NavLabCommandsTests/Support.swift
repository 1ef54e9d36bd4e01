import Foundation
import Testing
@testable import NavLabCommands

/// A session that has run `lines`, each expected to succeed (shared by the suites here).
func session(_ lines: String...) -> Session { session(lines) }

func session(_ lines: [String]) -> Session {
    let s = Session()
    for l in lines { let r = s.execute(l); #expect(r.status != .failed, "\(l): \(r.text)") }
    return s
}

/// Runs CPU-heavy work on a thread of its own (with `stackSize` bytes of stack when given),
/// so that it never occupies Swift's cooperative pool — two threads on a 2-core machine —
/// which the server tests' tasks need. An `#expect` inside still fails the run.
func onOwnThread(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread { body(); done.resume() }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
}
