import NavLabCore

/// `POST /api/commands` on either host: the body's lines run in the session, as if typed at the
/// prompt, stopping at the first that fails. The answer is what the REPL would print, as JSON,
/// with each line's style and any error's column and suggestion.
public enum PageCommands {
    /// `execute(line, lineNumber)` runs one line in the host's session and gives its response
    /// and the id of the event the host published for it; `seq()` is the session's seq after.
    /// `inBrowser`: the page runs the engine itself (no server, no prompt): refusals name
    /// the page's own ways to read and write files.
    /// `keepResults: false` (a journal run again): only a line that fails is in `results` and
    /// `lines` — 10,000 lines are not 10,000 answers held at once.
    public static func run(_ text: String, inBrowser: Bool = false, keepResults: Bool = true,
                           execute: (String, Int) -> (LineResult, Int), seq: () -> Int) -> JSON {
        // A request the page waits on is refused whole, before a line runs, past the limit (a
        // journal run again is what ran already, in requests within it: never refused).
        if keepResults, let refused = tooManyCommands(text, inBrowser: inBrowser) {
            let error = PageDocument.error(refused)
            let printed = [OutputLine(.error, "error: \(refused.message)")] + (refused.suggestion.map { [OutputLine(.error, "  \($0)")] } ?? [])
            let lines = JSON.array(printed.map(PageDocument.line))
            return .object([
                ("status", .string(LineResult.Status.failed.rawValue)),
                ("seq", .int(seq())),
                ("results", .array([.object([("line", .string("")), ("lineNumber", .int(refused.location.line)),
                                             ("status", .string(LineResult.Status.failed.rawValue)), ("lines", lines),
                                             ("error", error), ("eventID", .null)])])),
                ("lines", lines),
                ("error", error),
            ])
        }
        var results: [JSON] = []
        var allLines: [JSON] = []
        var overall: LineResult.Status = .empty
        var firstError: JSON = .null
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        // `import uikit <<END` … `END` is one command.
        for chunk in Heredoc.chunks(lines) {
            let line = chunk.text
            let lineNumber = chunk.line
            let status: LineResult.Status, printedLines: [OutputLine], nlError: NavLabError?, eventID: Int?
            if let word = chunk.unterminated {
                let e = Heredoc.unterminatedError(word, line: lineNumber)
                (status, printedLines, nlError, eventID) = (.failed, [OutputLine(.error, "error: \(e.message)")], e, nil)
            } else if let refused = refusal(line, lineNumber: lineNumber, inBrowser: inBrowser) {
                // Printed as the prompt prints a failure: the message, then what to do instead.
                let printed = [OutputLine(.error, "error: \(refused.message)")] + (refused.suggestion.map { [OutputLine(.error, "  \($0)")] } ?? [])
                (status, printedLines, nlError, eventID) = (.failed, printed, refused, nil)
            } else {
                let (r, id) = execute(line, lineNumber)
                (status, printedLines, nlError, eventID) = (r.status, r.lines, r.error, r.status == .empty ? nil : id)
            }
            if status == .empty || (!keepResults && status != .failed) { overall = status == .empty ? overall : status; continue }
            let printed = printedLines.map(PageDocument.line)
            allLines += printed
            let error = nlError.map(PageDocument.error) ?? .null
            results.append(.object([
                ("line", .string(line)),
                ("lineNumber", .int(lineNumber)),
                ("status", .string(status.rawValue)),
                ("lines", .array(printed)),
                ("error", error),
                ("eventID", eventID.map(JSON.int) ?? .null),
            ]))
            overall = status
            if status == .failed {
                firstError = error
                break
            }
        }
        return .object([
            ("status", .string(overall.rawValue)),
            ("seq", .int(seq())),
            ("results", .array(results)),
            ("lines", .array(allLines)),
            ("error", firstError),
        ])
    }

    /// The refusal of a text holding more than `Limits.commandsPerRequest` commands: each line
    /// outside a here-document counts one and one more for each `;` on it (a `;` in a comment
    /// too: the count is an upper bound), a here-document one in all. One pass over the bytes
    /// that stops at the limit: ten million lines are refused after reading 100,001 of them.
    public static func tooManyCommands(_ text: String, inBrowser: Bool = false) -> NavLabError? {
        let past = text.utf8.withContiguousStorageIfAvailable { lineOverLimit($0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { lineOverLimit($0) }
        guard let past else { return nil }
        let limit = Abridged.count(Limits.commandsPerRequest)
        let instead = inBrowser ? "split it into parts of at most \(limit) lines and run them one after another"
            : "split it into parts of at most \(limit) lines, or run it where navlab runs: `navlab run FILE` prints as it goes, and Ctrl-C stops it"
        return NavLabError(.invalid, "this text holds more than \(limit) commands (line \(past) is past that): the page runs at most \(limit) at a time, and none of these ran",
                           at: SourceLocation(line: past, column: 1), suggestion: instead)
    }

    /// The number of the line on which the count of `tooManyCommands` goes past the limit, if it does.
    private static func lineOverLimit(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var commands = 0, lineNumber = 0, start = 0
        var terminator: String?
        while start < bytes.count {
            var end = start
            var semicolons = 0, mentionsHeredoc = false
            while end < bytes.count, bytes[end] != 10 {
                if bytes[end] == 59 { semicolons += 1 } else if bytes[end] == 60 { mentionsHeredoc = true }
                end += 1
            }
            lineNumber += 1
            let line = { String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
            if let word = terminator {
                if Heredoc.closes(line(), word) { terminator = nil }
            } else {
                commands += 1 + semicolons
                if commands > Limits.commandsPerRequest { return lineNumber }
                // Only a line that mentions `<<` can open one, as in Heredoc.chunks.
                if mentionsHeredoc { terminator = Heredoc.terminator(opening: line()) }
            }
            start = end + 1
        }
        return nil
    }

    /// The file verbs, `export … FILE` and `quit` belong to the prompt and scripts: the page
    /// may not make its host read or write files, nor end it.
    public static func refusal(_ line: String, lineNumber: Int, inBrowser: Bool = false) -> NavLabError? {
        guard let parsed = try? LineParser.parse(line, lineNumber: lineNumber) else { return nil }
        if case .query(.export(let format, file: .some, replace: _, storyboard: _)) = parsed.action {
            let menu = format == .json ? "" : "use the page's Export menu (it saves the file through the browser), or "
            let what = inBrowser ? "`export \(format.rawValue) FILE` writes a file, which a page cannot do"
                : "`export \(format.rawValue) FILE` writes a file where navlab runs: use it at the prompt or in a script, not from the page"
            return NavLabError(.invalid, what, at: parsed.location, suggestion: "on the page, \(menu)type `export \(format.rawValue)` to see it here")
        }
        guard case .meta(let meta) = parsed.action else { return nil }
        if inBrowser { return browserRefusal(meta, parsed) }
        let what: String
        switch meta {
        case .record, .recordStop, .save, .load: what = "`\(parsed.verb)` reads and writes files: use it at the prompt or in a script"
        case .importFile(let format, _):
            return NavLabError(.invalid, "`import \(format.rawValue) FILE` reads a file: use it at the prompt or in a script", at: parsed.location,
                               suggestion: "on the page, Import… takes the pasted printout (or type `import \(format.rawValue) <<END`, the lines, then END)")
        case .importStoryboards:
            return NavLabError(.invalid, "`import storyboard FILE` reads files: use it at the prompt or in a script", at: parsed.location,
                               suggestion: "on the page, type `import storyboard Main <<END`, the storyboard's XML, then END")
        case .quit: what = "`quit` ends the prompt: type it there (or press Ctrl-C where navlab runs)"
        case .undo, .redo, .reset: return nil
        }
        return NavLabError(.invalid, what + ", not from the page", at: parsed.location)
    }

    /// In the browser there is no prompt and no file system: what the page offers instead.
    static func browserRefusal(_ meta: Meta, _ parsed: ParsedLine) -> NavLabError? {
        let at = parsed.location
        switch meta {
        case .save:
            return NavLabError(.invalid, "`save` writes a file, which a page cannot do", at: at,
                               suggestion: "Export → Session as a script (.navlab) downloads it")
        case .record, .recordStop:
            return NavLabError(.invalid, "`\(parsed.verb)` writes a file as you type, which a page cannot do", at: at,
                               suggestion: "type on; Export → Session as a script (.navlab) downloads everything that ran")
        case .load:
            return NavLabError(.invalid, "`load` reads a file, which a page cannot do by name", at: at,
                               suggestion: "Export → Open a script… (or drop the file on the page) runs it here")
        case .importFile(let format, _):
            return NavLabError(.invalid, "`import \(format.rawValue) FILE` reads a file, which a page cannot do by name", at: at,
                               suggestion: "Import… takes the pasted or dropped printout (or type `import \(format.rawValue) <<END`, the lines, then END)")
        case .importStoryboards:
            return NavLabError(.invalid, "`import storyboard FILE` reads files, which a page cannot do by name", at: at,
                               suggestion: "type `import storyboard Main <<END`, the storyboard's XML, then END")
        case .quit:
            return NavLabError(.invalid, "there is no prompt to quit here: this session runs in the page", at: at,
                               suggestion: "close the tab (the session stays in this browser), or `reset` to start afresh")
        case .undo, .redo, .reset: return nil
        }
    }
}
