import Foundation
import Testing
@testable import NavLabCommands

/// A session that has run `lines`, each expected to succeed (shared by the suites here).
func session(_ lines: String...) -> Session { session(lines) }

func session(_ lines: [String]) -> Session {
    let s = Session()
    for l in lines { let r = s.execute(l); expect(r.status != .failed, "\(l): \(r.text)") }
    return s
}

/// Runs CPU-heavy work on a thread of its own, so that it never occupies Swift's cooperative
/// pool — two threads on a 2-core machine — which the server tests' tasks need. An `#expect`
/// inside still fails the run. For a given stack size, `onStack`.
func onOwnThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread { body(); done.resume() }
        thread.start()
    }
}

/// Runs `body` on a thread of its own whose stack is exactly `stackSize` bytes, mapped here
/// with an inaccessible page below it, and returns how many of those bytes it used (the
/// thread's own bookkeeping at the top included). Going past the end is a segmentation
/// fault, every time.
///
/// Not `Thread.stackSize`: glibc hands a new thread a free stack from its cache when one is
/// at least as big and at most four times as big, so a 2 MiB `Thread` often ran on a dead
/// thread's 8 MiB stack. A recursion that needed more than 2 MiB then passed alone and in
/// most runs, and crashed `swift test` (signal 11, no backtrace) only when no such stack was
/// free.
@discardableResult
func onStack(of stackSize: Int, _ body: @escaping @Sendable () -> Void) async -> Int {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let size = (stackSize + page - 1) / page * page
    guard let region = mmap(nil, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          region != MAP_FAILED else {
        Issue.record("cannot map a stack of \(size) bytes")
        return 0
    }
    defer { munmap(region, size + page) }
    mprotect(region, page, PROT_NONE)
    let stack = region + page
    // A pattern, to find afterwards the deepest byte the thread wrote.
    let fill: UInt8 = 0xA5
    memset(stack, Int32(fill), size)
    var attr = pthread_attr_t()
    pthread_attr_init(&attr)
    defer { pthread_attr_destroy(&attr) }
    pthread_attr_setstack(&attr, stack, size)
    final class Job: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    #if canImport(Darwin)
    var thread: pthread_t? = nil
    #else
    var thread = pthread_t()
    #endif
    var started: Int32 = 0
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let job = Unmanaged.passRetained(Job { body(); done.resume() }).toOpaque()
        #if canImport(Darwin)
        started = pthread_create(&thread, &attr, { job in
            Unmanaged<Job>.fromOpaque(job).takeRetainedValue().run()
            return nil
        }, job)
        #else
        started = pthread_create(&thread, &attr, { job in
            Unmanaged<Job>.fromOpaque(job!).takeRetainedValue().run()
            return nil
        }, job)
        #endif
        if started != 0 {
            Unmanaged<Job>.fromOpaque(job).release()
            done.resume()
        }
    }
    guard started == 0 else {
        Issue.record("pthread_create failed: \(started)")
        return 0
    }
    // `done` is resumed just before the thread returns: wait until it has left the stack
    // (a moment) before reading it and unmapping it.
    #if canImport(Darwin)
    if let thread { pthread_join(thread, nil) }
    #else
    pthread_join(thread, nil)
    #endif
    let bytes = stack.assumingMemoryBound(to: UInt8.self)
    var untouched = 0
    while untouched < size && bytes[untouched] == fill { untouched += 1 }
    return size - untouched
}
