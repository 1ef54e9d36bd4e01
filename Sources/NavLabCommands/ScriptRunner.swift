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
    /// Reads a file for `load` (path as written, the file that says `load`); nil: `load` fails.
    public var readFile: ((_ path: String, _ from: String) throws(NavLabError) -> (name: String, text: String))?
    /// Writes a file for `save`, `record stop` and `export … FILE` (path as written, the file
    /// whose line asks for it, so a relative path lands beside that script); nil: they fail.
    public var writeFile: ((_ path: String, _ text: String, _ from: String) throws(NavLabError) -> Void)?
    /// Whether a file exists (path as written, the file that names it): `save` does not
    /// replace one without `--force`.
    public var fileExists: ((_ path: String, _ from: String) -> Bool)?
    /// Told about every line run (not blank or comment lines), with what it did.
    public var onLine: ((_ line: String, _ response: LineResult) -> Void)?
    /// When set, output goes here as it is made (the shell prints it at once) instead of
    /// being collected in `Result.output`.
    public var emit: ((OutputLine) -> Void)?
    /// With `emit`: where each call, warning and note of `run`'s transcript goes, as the event
    /// itself (the shell writes its text straight into its output after `indent`,
    /// without making a line of it first: most of what a long script prints). Nil: each
    /// becomes an `OutputLine` for `emit`.
    public var emitEvent: ((Event) -> Void)?
    /// What `run`'s transcript puts before each line a command printed.
    public static let indent = "  "
    /// `load` nests at most this deep (a script that loads itself stops here).
    public static let maxLoadDepth = 16

    public init(session: Session, mode: Mode) {
        self.session = session
        self.mode = mode
    }

    /// The words that read or move the timeline: a script with none of them can run in a
    /// session that keeps only its latest step (`Session.keepsTimeline`). `load` brings lines
    /// this cannot see; `log` is also `expect log`; `export swift` reads the history.
    static let timelineWords: Set<Substring> = ["undo", "redo", "log", "save", "record", "load", "swift"]

    /// Whether `text` may use the timeline (a word of it anywhere: erring on keeping it).
    public static func needsTimeline(_ text: String) -> Bool {
        // One pass over the bytes: a word is a run between spaces, tabs, line ends and `;`.
        var text = text
        return text.withUTF8 { bytes in
            var start = 0
            func isWord(_ end: Int) -> Bool {
                let n = end - start
                guard n >= 3, n <= 6 else { return false }
                return timelineWords.contains(Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
            for (i, b) in bytes.enumerated() where b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ";") {
                if isWord(i) { return true }
                start = i + 1
            }
            return isWord(bytes.count)
        }
    }

    /// Runs `text` as the file `file`.
    public func run(_ text: String, file: String) -> Result {
        var recordStart: (path: String, index: Int, from: String)?
        return run(text, file: file, depth: 0, recordStart: &recordStart)
    }

    func run(_ text: String, file: String, depth: Int, recordStart: inout (path: String, index: Int, from: String)?) -> Result {
        var result = Result()
        // Whether a blank line may come next: not at the start, not after another blank.
        var lastWasBlank = true
        func out(_ line: OutputLine) {
            lastWasBlank = line.text.isEmpty
            if let emit { emit(line) } else { result.output.append(line) }
        }
        // A transcript streamed as it goes indents what each command prints: a query that
        // makes its answer as one text writes the indent itself (`Session.blockIndent`).
        var indentsBlocks = false
        if case .run = mode, echo, emit != nil { indentsBlocks = true }
        let blockIndentBefore = session.blockIndent
        session.blockIndent = indentsBlocks ? ScriptRunner.indent.utf8.count : 0
        defer { session.blockIndent = blockIndentBefore }
        let lines = text.lines
        // `import uikit <<END` and its lines up to END run as one command.
        // (Read in place: a script of 300,000 lines makes no second array of them.)
        var next = 0
        while next < lines.count {
            var line = lines[next]
            let lineNumber = next + 1
            next += 1
            var response: LineResult
            if line.utf8.contains(UInt8(ascii: "<")), let word = Heredoc.terminator(opening: line) {
                var end = next
                while end < lines.count, !Heredoc.closes(lines[end], word) { end += 1 }
                line = lines[(next - 1)..<min(end + 1, lines.count)].joined(separator: "\n")
                if end < lines.count {
                    next = end + 1
                    response = session.execute(line, lineNumber: lineNumber)
                } else {
                    next = lines.count
                    let e = Heredoc.unterminatedError(word, line: lineNumber)
                    response = LineResult(status: .failed, lines: [OutputLine(.error, "error: \(e.message)")], error: e)
                }
            } else {
                response = session.execute(line, lineNumber: lineNumber)
            }
            if response.status == .empty {
                // The transcript carries the script's narration: its comment lines as written,
                // a blank line between blocks.
                if case .run = mode, echo {
                    let t = line.trimmingSpaces
                    if t.hasPrefix("#") {
                        out(OutputLine(.info, t))
                    } else if t.isEmpty, !lastWasBlank {
                        out(OutputLine(.info, ""))
                    }
                }
                continue
            }
            onLine?(line, response)
            if response.status == .shell, let (path, text) = response.fileToWrite, let parsed = response.parsed {
                if !response.fileMayReplace, fileExists?(path, file) == true {
                    let r = ScriptRunner.refusal(toReplace: path, command: parsed.text)
                    let e = NavLabError(.invalid, r.message, at: parsed.location, suggestion: r.suggestion)
                    response = LineResult(status: .failed, lines: [OutputLine(.error, "error: \(e.message)")], error: e, parsed: parsed)
                } else if let writeFile {
                    do throws(NavLabError) {
                        try writeFile(path, text, file)
                        response = LineResult(status: .shown, lines: [OutputLine(.info, "wrote \(path)")], parsed: parsed)
                    } catch {
                        let e = NavLabError(.invalid, error.message, at: parsed.location, suggestion: error.suggestion)
                        response = LineResult(status: .failed, lines: [OutputLine(.error, "error: \(e.message)")], error: e, parsed: parsed)
                    }
                } else {
                    let e = NavLabError(.invalid, "export to a file is not available here", at: parsed.location, suggestion: "`export FORMAT` prints it")
                    response = LineResult(status: .failed, lines: [OutputLine(.error, "error: \(e.message)")], error: e, parsed: parsed)
                }
            }
            if response.status == .shell, let parsed = response.parsed, case .meta(let meta) = parsed.action {
                let (r, nested) = fileVerb(meta, parsed: parsed, file: file, depth: depth, recordStart: &recordStart)
                response = r
                if let nested {
                    if case .run = mode, echo { out(OutputLine(.info, "> " + parsed.text)) }
                    result.passed += nested.passed
                    result.failed += nested.failed
                    result.output += nested.output   // empty when emitted as it went
                    result.failures += nested.failures
                    if nested.stopped || nested.quit { result.stopped = nested.stopped; result.quit = nested.quit; break }
                    continue
                }
            }
            if case .run = mode, echo {
                out(OutputLine(.info, "> " + (response.parsed?.headline ?? ParsedLine.headline(line.trimmingSpaces))))
                // A failure is reported once, below, with its place (`FILE:LINE:COL: error: …`):
                // its own error lines would say it twice.
                let failedWithReport = response.status == .failed && response.error != nil
                if emit != nil, let block = response.block {
                    // Streamed whole, each of its lines indented like the others (made so
                    // already when the query could: `Session.blockIndent`).
                    out(OutputLine(.info, response.blockIndent == ScriptRunner.indent.utf8.count ? block : ScriptRunner.indented(block)))
                } else {
                    for l in response.linesBeforeEvents where !(failedWithReport && l.style == .error) { out(OutputLine(l.style, ScriptRunner.indent + l.text)) }
                    // Each call's line made once, indented as it is made.
                    if let emitEvent, !response.events.isEmpty {
                        lastWasBlank = false
                        for e in response.events { emitEvent(e) }
                    } else {
                        for e in response.events {
                            var t = ScriptRunner.indent
                            e.appendText(to: &t)
                            out(OutputLine(Session.style(of: e), t))
                        }
                    }
                }
            }
            if let held = response.expectationHeld {
                if held { result.passed += 1 } else { result.failed += 1 }
            }
            if response.status == .quit { result.quit = true; break }
            guard response.status == .failed, let error = response.error else { continue }
            let sourceLine = lines.indices.contains(error.location.line - 1) ? lines[error.location.line - 1] : line
            let report = ScriptRunner.format(error, file: file, sourceLine: sourceLine)
            result.failures.append(report)
            if case .check = mode {
                out(OutputLine(.failed, report))
                if response.expectationHeld == nil {
                    // A command that failed leaves the rest of the file meaningless.
                    result.failed += 1
                    result.stopped = true
                    break
                }
            } else if case .run(let keepGoing) = mode {
                out(OutputLine(.error, report))
                if !keepGoing { result.stopped = true; break }
            }
        }
        return result
    }

    /// `load`, `save`, `record` inside a script. Returns the response to report, and for
    /// `load` the nested script's result.
    func fileVerb(_ meta: Meta, parsed: ParsedLine, file: String, depth: Int, recordStart: inout (path: String, index: Int, from: String)?) -> (LineResult, Result?) {
        func fail(_ message: String, _ suggestion: String? = nil) -> (LineResult, Result?) {
            let e = NavLabError(.invalid, message, at: parsed.location, suggestion: suggestion)
            return (LineResult(status: .failed, lines: [OutputLine(.error, "error: \(message)")], error: e, parsed: parsed), nil)
        }
        switch meta {
        case .load(let path):
            guard depth < ScriptRunner.maxLoadDepth else { return fail("load nests deeper than \(ScriptRunner.maxLoadDepth) files", "does \(path) load itself?") }
            guard let readFile else { return fail("load is not available here") }
            do throws(NavLabError) {
                let (name, text) = try readFile(path, file)
                return (LineResult(status: .done, parsed: parsed), run(text, file: name, depth: depth + 1, recordStart: &recordStart))
            } catch {
                let e = error
                return fail(e.message, e.suggestion)
            }
        case .save(let path, let replace):
            guard let writeFile else { return fail("save is not available here") }
            if !replace, fileExists?(path, file) == true { let r = ScriptRunner.refusal(toReplace: path); return fail(r.message, r.suggestion) }
            let count = session.replayableLines().count
            do throws(NavLabError) { try writeFile(path, session.script(), file) } catch { return fail(error.message, error.suggestion) }
            return (LineResult(status: .done, lines: [OutputLine(.info, "saved \(count) lines to \(path)")], parsed: parsed), nil)
        case .record(let path):
            recordStart = (path, session.typed.count, file)
            return (LineResult(status: .done, lines: [OutputLine(.info, "recording to \(path); `record stop` writes it")], parsed: parsed), nil)
        case .recordStop:
            guard let (path, index, from) = recordStart else { return fail("nothing is being recorded", "start with `record FILE`") }
            guard let writeFile else { return fail("record is not available here") }
            do throws(NavLabError) { try writeFile(path, session.script(fromTyped: index), from) } catch { return fail(error.message, error.suggestion) }
            recordStart = nil
            return (LineResult(status: .done, lines: [OutputLine(.info, "recorded \(session.replayableLines(fromTyped: index).count) lines to \(path)")], parsed: parsed), nil)
        case .importFile(let format, let path):
            guard path != "-" else {
                return fail("`import \(format.rawValue) -` reads lines pasted at the prompt", "in a script, put the printout between `import \(format.rawValue) <<END` and a line END")
            }
            guard let readFile else { return fail("import is not available here") }
            let name: String, body: String
            do throws(NavLabError) {
                (name, body) = try readFile(path, file)
            } catch {
                let e = error
                return fail(e.message, e.suggestion)
            }
            // Read first on its own: a bad line stops the reading there, so a long file with a
            // bad line 3 is refused at once (Docs/Limits.md).
            do throws(NavLabError) {
                _ = try ImportedHierarchy.parse(body, format: format)
            } catch {
                let e = error
                let source = ImportedHierarchy.line(e.location.line - 1, of: body).map { " (`\($0.trimmingSpaces.prefix(60))`)" } ?? ""
                return fail("\(name):\(e.location.line):\(max(1, e.location.column)): \(e.message)\(source)", e.suggestion)
            }
            // Run as `import FORMAT <<END`, so that `save` keeps the lines; an error names the
            // imported file's line.
            let header = parsed.location.line
            var r = session.execute(Heredoc.wrap(body, header: "import \(format.rawValue)"), lineNumber: header)
            if var e = r.error {
                let bodyLines = body.lines
                let index = e.location.line - header - 1
                if bodyLines.indices.contains(index) {
                    e.message = "\(name):\(index + 1):\(max(1, e.location.column)): \(e.message) (`\(bodyLines[index].trimmingSpaces.prefix(60))`)"
                }
                e.location = parsed.location
                r.error = e
                r.lines = [OutputLine(.error, "error: \(e.message)")] + (e.suggestion.map { [OutputLine(.error, "  " + $0)] } ?? [])
            }
            // Echoed as typed (`import uikit FILE`); the session keeps the lines themselves.
            r.parsed = parsed
            return (r, nil)
        case .importStoryboards(let paths):
            guard let readFile else { return fail("import is not available here") }
            var files: [(path: String, text: String)] = []
            for path in paths {
                do throws(NavLabError) {
                    files.append((path, try readFile(path, file).1))
                } catch {
                    let e = error
                    return fail(e.message, e.suggestion)
                }
            }
            var r = session.execute(ScriptRunner.storyboardImport(files), lineNumber: parsed.location.line)
            if var e = r.error {
                e.message = ScriptRunner.namingFiles(e.message, files.map { $0.path })
                e.location = parsed.location
                r.error = e
                r.lines = [OutputLine(.error, "error: \(e.message)")] + (e.suggestion.map { [OutputLine(.error, "  " + $0)] } ?? [])
            }
            r.parsed = parsed
            return (r, nil)
        default:
            return (LineResult(status: .done, parsed: parsed), nil)
        }
    }

    /// `import storyboard NAME… <<END` with the files' XML one after another: what the session
    /// runs and keeps for `import storyboard FILE…` (the prompt's and a script's).
    public static func storyboardImport(_ files: [(path: String, text: String)]) -> String {
        let names = files.map { f -> String in
            let n = StoryboardReader.name(ofFile: f.path)
            return n.contains(" ") || n.contains("\"") ? "\"" + n.filter { $0 != "\"" } + "\"" : n
        }
        let body = files.map { f -> String in
            var t = f.text
            while t.hasSuffix("\n") || t.hasSuffix("\r") { t.removeLast() }
            return t
        }.joined(separator: "\n")
        return Heredoc.wrap(body, header: "import storyboard " + names.joined(separator: " "))
    }

    /// An import error's `Main.storyboard:12:5:` as the path the user gave (`App/Main.storyboard:12:5:`).
    public static func namingFiles(_ message: String, _ paths: [String]) -> String {
        for p in paths {
            let prefix = StoryboardReader.name(ofFile: p) + ".storyboard:"
            if message.hasPrefix(prefix) { return p + ":" + message.dropFirst(prefix.count) }
        }
        return message
    }

    /// `text` with two spaces before each of its lines.
    /// Line by line, each copied whole into the answer's storage (a `tree --json` at 100,000
    /// view controllers is 2 million lines).
    static func indented(_ text: String) -> String {
        var text = text
        return text.withUTF8 { src -> String in
            var newlines = 0
            for b in src where b == 0x0A { newlines += 1 }
            return String(unsafeUninitializedCapacity: src.count + 2 + 2 * newlines) { dst in
                dst[0] = 0x20; dst[1] = 0x20
                var o = 2, i = 0
                while i < src.count {
                    var j = i
                    while j < src.count, src[j] != 0x0A { j += 1 }
                    let end = j < src.count ? j + 1 : j
                    (dst.baseAddress! + o).initialize(from: src.baseAddress! + i, count: end - i)
                    o += end - i
                    if end > j { dst[o] = 0x20; dst[o + 1] = 0x20; o += 2 }
                    i = end
                }
                return o
            }
        }
    }

    /// What `save FILE` (or `command`, e.g. `export swift FILE`) says when FILE exists and
    /// `--force` was not given.
    public static func refusal(toReplace path: String, command: String? = nil) -> (message: String, suggestion: String) {
        ("\(path) exists", "`\(command ?? "save \(path)") --force` replaces it")
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

    /// A comment line of a script (`# …` after any spaces): narration, attached to the command below.
    public var isCommentLine: Bool { drop(while: { $0 == " " || $0 == "\t" }).first == "#" }
}
