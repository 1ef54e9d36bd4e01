import NavLabCommands
import NavLabCore
import Foundation

// `make bench`: measures and prints; asserts nothing. Run in release mode.

let clock = ContinuousClock()

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func fmt(_ x: Double, _ digits: Int = 1) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (x * p).rounded() / p
    return String(r)
}

/// Peak resident memory in KiB: `ru_maxrss` is in KiB on Linux, in bytes on macOS.
func peakKiB(_ usage: rusage) -> Int {
    #if canImport(Darwin)
    return Int(usage.ru_maxrss) / 1024
    #else
    return Int(usage.ru_maxrss)
    #endif
}

/// A long script a user could have typed: tabs, pushes, pops, sheets, dismissals, switches.
func generatedScript(commands: Int) -> [String] {
    var lines = ["initial Root(Tab(Nav(Feed), Nav(Search), Settings))", "launch"]
    var depth = [0, 0]
    var tab = 0
    var presented = 0
    var i = 0
    while lines.count < commands {
        i += 1
        switch i % 10 {
        case 0, 1:
            lines.append("push Item\(i) on UINavigationController\(tab == 0 ? "" : "#2")"); depth[tab] += 1
        case 2, 3:
            if depth[tab] > 0 { lines.append("pop UINavigationController\(tab == 0 ? "" : "#2")"); depth[tab] -= 1 }
        case 4:
            tab = 1 - tab; lines.append("select UITabBarController \(tab)")
        case 5:
            if presented == 0 { lines.append("present Nav(Sheet\(i))"); presented = 1 }
        case 6:
            if presented == 1 { lines.append("push Step\(i)") }
        case 7:
            if presented == 1 { lines.append("dismiss"); presented = 0 }
        case 8:
            lines.append("expect allocated UITabBarController")
        default:
            lines.append("tree")
        }
    }
    return lines
}

func replay(_ lines: [String]) -> (Double, Int) {
    let session = Session()
    var failures = 0
    let t = clock.measure {
        for line in lines where session.execute(line).status == .failed { failures += 1 }
    }
    return (seconds(t), failures)
}

let quick = CommandLine.arguments.contains("--quick")
/// The navlab binary `make bench` built, for the rows that measure the whole process.
let navlab: String? = CommandLine.arguments.firstIndex(of: "--navlab").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
}

/// `--cost-child N`: this is a child the `cost` group started (below); it prints only its figures.
let costChild: Int? = CommandLine.arguments.firstIndex(of: "--cost-child").flatMap { i in
    i + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[i + 1]) : nil
}

if costChild == nil {
    print("NavLab benchmark (release build, \(quick ? "quick" : "full"))")
    print("")
}

// 1. The whole process, as a user runs it: `navlab run FILE`, output to /dev/null. First, while
// this process is still small: Linux starts a spawned child's peak-memory count (ru_maxrss)
// from its parent's resident size at the spawn, so a child started after the 100,000-view-
// controller sessions below would report this process's 1 GB as its own.
/// `--only process|session|cost`: one group of rows (for working on one of them).
let only: String? = CommandLine.arguments.firstIndex(of: "--only").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
}
func wanted(_ group: String) -> Bool { costChild == nil && (only == nil || only == group) }

if let navlab, wanted("process") {
    print("")
    /// Runs `navlab run` on `lines`; wall time and peak resident memory (KiB) of the process.
    func runProcess(_ lines: [String]) throws -> (seconds: Double, peakKiB: Int, status: Int32) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navlab-bench-\(getpid()).navlab")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // posix_spawn and wait4 here, not Foundation's Process: Process reaps the child on a
        // thread of its own, and a wait4 that loses that race gets no rusage.
        var environment = ProcessInfo.processInfo.environment
        environment["NAVLAB_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("navlab-bench-home-\(getpid())").path
        environment["NO_COLOR"] = "1"
        let filePath: String = file.path
        let args: [String] = [navlab, "run", filePath]
        let pairs: [String] = environment.map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = pairs.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // glibc's posix_spawn_file_actions_t is a struct; Darwin's (spawn.h) an opaque pointer.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, navlab, &actions, nil, argv, envp)
        guard spawned == 0 else { throw NSError(domain: "posix_spawn", code: Int(spawned)) }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw NSError(domain: "wait4", code: Int(errno)) }
        return (seconds(clock.now - start), peakKiB(usage), status)
    }
    // Push and pop on a stack of 100 (the replay goal's workload).
    let pairs = quick ? 50_000 : 150_000
    var lines = ["initial Nav(Item)", "launch"] + Array(repeating: "push Item", count: 98)
    for _ in 0..<pairs { lines += ["push Extra", "pop"] }
    var runs: [(seconds: Double, peakKiB: Int, status: Int32)] = []
    for _ in 0..<3 { runs.append(try runProcess(lines)) }
    runs.sort { $0.seconds < $1.seconds }
    let r = runs[1]
    print("`navlab run`, push/pop at 100 view controllers: \(lines.count) commands in \(fmt(r.seconds, 2)) s (process start to exit, output to /dev/null; median of 3 runs, \(fmt(runs[0].seconds, 2))–\(fmt(runs[2].seconds, 2)) s): \(Int(Double(lines.count) / r.seconds)) commands/s; exit \(r.status >> 8)")
    // 100,000 view controllers, then 300,000 more commands: the peak memory of the process.
    let base = quick ? 20_000 : 100_000, more = quick ? 60_000 : 300_000
    var big = ["initial Nav(Item)", "launch"] + Array(repeating: "push Item", count: base - 2)
    for _ in 0..<(more / 2) { big += ["push Extra", "pop"] }
    var own = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &own)
    #else
    getrusage(Int32(RUSAGE_SELF.rawValue), &own)
    #endif
    let m = try runProcess(big)
    print("`navlab run`, \(base) view controllers then \(more) more commands: peak resident memory \(m.peakKiB / 1024) MB, \(fmt(m.seconds, 1)) s; exit \(m.status >> 8) (this bench's own peak when it started it: \(peakKiB(own) / 1024) MB, a floor of the figure)")
    // `tree --json` as the whole process prints it: the same stack with and without it at the end.
    let stack = ["initial Nav(Item)", "launch"] + Array(repeating: "push Item", count: base - 2)
    var without: [Double] = [], with: [Double] = []
    for _ in 0..<3 {
        without.append(try runProcess(stack).seconds)
        with.append(try runProcess(stack + ["tree --json"]).seconds)
    }
    without.sort(); with.sort()
    print("`navlab run`, \(base) pushes then `tree --json` (to /dev/null): \(fmt((with[1] - without[1]) * 1000, 0)) ms more than without it (median of 3 of each: \(fmt(with[1], 2)) vs \(fmt(without[1], 2)) s)")
    print("")
}

// 2. Replaying a long generated script through the Session (parse + apply + timeline).
if wanted("session") {
let scriptLength = quick ? 5_000 : 50_000
let script = generatedScript(commands: scriptLength)
let (t1, failures) = replay(script)
print("Session: a generated \(script.count)-command script (tabs, stacks, sheets, tree): \(fmt(t1, 3)) s, \(Int(Double(script.count) / t1)) commands/s (\(failures) failed)")
}

// 3. Cost per command at a given number of live view controllers.
/// A session grown to `n` view controllers: a deep stack in the selected tab.
func grownSession(viewControllers n: Int) -> (session: Session, seconds: Double) {
    let session = Session()
    _ = session.execute("initial Tab(Nav(Bottom), Other)")
    _ = session.execute("launch")
    let grow = clock.measure {
        for i in 0..<(n - 4) { _ = session.execute("push V\(i)") }
    }
    return (session, seconds(grow))
}

/// Steady-state commands: push + pop pairs, a sheet up and down, a tab switch.
func steadyCommands(_ ops: Int) -> [String] {
    (0..<ops).map { i in
        switch i % 6 {
        case 0: return "push Extra\(i)"
        case 1: return "pop"
        case 2: return "present Nav(Modal\(i))"
        case 3: return "dismiss"
        case 4: return "select UITabBarController 1"
        default: return "select UITabBarController 0"
        }
    }
}

/// One round of `commands` on `session`: microseconds per command.
func timedRound(_ session: Session, _ commands: [String]) -> Double {
    seconds(clock.measure { for c in commands { _ = session.execute(c) } }) / Double(commands.count) * 1e6
}

/// `tree --json` (median of 3) and `undo` (median of 5) on `session`, printed with the cost per command.
func report(_ session: Session, grew: Double, perCommand: Double, rounds: Int, ops: Int) {
    var json = 0
    // Typed, and printed: the answer goes to /dev/null as the prompt would write it.
    let devNull = open("/dev/null", O_WRONLY)
    defer { close(devNull) }
    var trees: [Double] = []
    for _ in 0..<3 {
        trees.append(seconds(clock.measure {
            var text = session.execute("tree --json").text
            json = text.withUTF8 { write(devNull, $0.baseAddress, $0.count) }
        }))
    }
    trees.sort()
    var undos: [Double] = []
    for _ in 0..<5 {
        undos.append(seconds(clock.measure { _ = session.execute("undo") }) * 1000)
        _ = session.execute("redo")
    }
    undos.sort()
    print("\(session.state.viewControllers.count) view controllers: \(fmt(perCommand)) µs/command (median of \(rounds) rounds of \(ops)); building it took \(fmt(grew, 2)) s; `tree --json` \(fmt(trees[1] * 1000)) ms (\(json / 1024) KiB, median of 3); `undo` \(fmt(undos[2], 3)) ms (median of 5)")
}

/// `--cost-child N` (what the `cost` group runs): one process, one session of N view
/// controllers, an untimed round, then 5 timed rounds; prints the median µs/command on its own
/// line, then `report`'s line, and exits.
if let n = costChild {
    let ops = quick ? 600 : 6_000, rounds = 5
    let commands = steadyCommands(ops)
    let (session, grew) = grownSession(viewControllers: n)
    _ = timedRound(session, commands)
    let median = (0..<rounds).map { _ in timedRound(session, commands) }.sorted()[rounds / 2]
    print(median)
    report(session, grew: grew, perCommand: median, rounds: rounds, ops: ops)
    exit(0)
}

if wanted("cost") {
    // Each size in a process of its own, as a user runs it (one session per process: the
    // small one must not run in a heap the large one has grown), the two sizes in turn, 5
    // processes each. This virtual machine's speed drifts: for tens of seconds at a time the
    // same binary on the same script runs up to 2.5× slower (other machines share its host),
    // which only ever adds time. So each size's figure is its fastest process (each process
    // reports the median of its own 5 rounds), and the ratio is of those two; the median of the
    // 5 pairs' ratios is printed beside it.
    let pairs = 5, largeSize = quick ? 10_000 : 100_000
    /// This program with `--cost-child N`: (µs/command, its report line).
    func child(_ n: Int) throws -> (Double, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        p.arguments = ["--cost-child", String(n)] + (quick ? ["--quick"] : [])
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        guard let us = lines.first.flatMap(Double.init), lines.count >= 2 else { throw NSError(domain: "cost child: \(text)", code: 1) }
        return (us, lines[1])
    }
    var runs: [(small: (Double, String), large: (Double, String))] = []
    for _ in 0..<pairs { runs.append((try child(100), try child(largeSize))) }
    let ratios = runs.map { $0.large.0 / $0.small.0 }.sorted()
    // Each size's line from its fastest process.
    let small = runs.map(\.small).min { $0.0 < $1.0 }!, large = runs.map(\.large).min { $0.0 < $1.0 }!
    print(small.1)
    print(large.1)
    let each = runs.map { "\(fmt($0.small.0)) vs \(fmt($0.large.0))" }.joined(separator: ", ")
    print("per-command cost at \(quick ? "10,000" : "100,000") vs at 100 view controllers: \(fmt(large.0 / small.0, 2))× (fastest of \(pairs) processes each; the \(pairs) pairs' ratios: median \(fmt(ratios[pairs / 2], 2))×, \(fmt(ratios.first!, 2))–\(fmt(ratios.last!, 2))×; µs/command: \(each))")
}

