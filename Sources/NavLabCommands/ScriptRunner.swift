import NavLabCore

/// Runs a script's lines in a session: the code path of `navlab run`, `navlab check` and
/// `navlab` on a pipe. Pure: the shell reads the file and prints what comes back.
public struct ScriptRunner {
    public enum Mode: Sendable {
        /// Stop at the first failing command or `expect` (unless keepGoing).
        case run(keepGoing: Bool)
        /// Every `expect` is a test; a failing command stops the file.
        case check
    }

    public struct Result: Sendable {
        public var passed = 0
        public var failed = 0
        /// Output in order: commands echoed and what they printed (run), failures (check).
        public var output: [OutputLine] = []
        /// `FILE:LINE:COL: …` for each failure.
        public var failures: [String] = []
        public var stopped = false
        public var quit = false
    }

    public let session: Session
    public let mode: Mode
    /// Echo each command before what it prints (`run`).
    public var echo = true

    public init(session: Session, mode: Mode) {
        self.session = session
        self.mode = mode
    }

    /// Runs `text` as the file `file`.
    public func run(_ text: String, file: String) -> Result {
        var result = Result()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (i, line) in lines.enumerated() {
            let response = session.execute(line, lineNumber: i + 1)
            if response.status == .empty { continue }
            if case .run = mode, echo {
                result.output.append(OutputLine(.info, "> " + (response.parsed?.text ?? line.trimmingSpaces)))
                result.output += response.lines.map { OutputLine($0.style, "  " + $0.text) }
            }
            if let held = response.expectationHeld {
                if held { result.passed += 1 } else { result.failed += 1 }
            }
            if response.status == .quit { result.quit = true; break }
            guard response.status == .failed, let error = response.error else { continue }
            let report = ScriptRunner.format(error, file: file, sourceLine: line)
            result.failures.append(report)
            if case .check = mode {
                result.output.append(OutputLine(.failed, report))
                if response.expectationHeld == nil {
                    // A command that failed leaves the rest of the file meaningless.
                    result.failed += 1
                    result.stopped = true
                    break
                }
            } else if case .run(let keepGoing) = mode {
                result.output.append(OutputLine(.error, report))
                if !keepGoing { result.stopped = true; break }
            }
        }
        return result
    }

    /// `FILE:LINE:COL: error: MESSAGE`, the line, a caret under the column, the suggestion.
    public static func format(_ e: NavLabError, file: String, sourceLine: String) -> String {
        let label = e.kind == .expectation ? "failed" : "error"
        var s = "\(file):\(e.location.line):\(max(1, e.location.column)): \(label): \(e.message)"
        if e.kind != .expectation, e.location.column >= 1 {
            s += "\n    " + sourceLine + "\n    " + String(repeating: " ", count: e.location.column - 1) + "^"
        }
        if let suggestion = e.suggestion { s += "\n  " + suggestion }
        return s
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" || s.last == "\r" { s.removeLast() }
        return String(s)
    }
}
